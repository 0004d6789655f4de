/**
 * After login, the user's notifications one after another (seed 000 §2 "notification (no keyboard close,
 * optional do-not-show-again)"): neither Escape nor a click outside closes it, only 'Chiudi'. With
 * "Non mostrare più" ticked, closing first records the choice (PUT notifiche/{id}); the next one follows.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { userMessage } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import {
  closeCurrent, closedInSession, currentNotification, queueProgress, startQueue, withClosed, type QueuedNotification,
} from '../../core/notificationQueue';
import { useSession } from '../../core/session';
import { loginId } from '../../core/loginId';
import { saveFile } from '../../core/saveFile';
import { arrived } from '../../core/arrival';

/** Closed notifications of this login survive a page reload, not a new login (keyed by the login's id). */
const STORAGE_KEY = 'webpos.notificheChiuse';
const sessionId = loginId;
const storage = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export function NotificationModal() {
  const session = useSession();
  const api = useDataProvider();
  const username = session.user?.username;
  const [queue, setQueue] = useState(() => startQueue([]));
  const [dontShowAgain, setDontShowAgain] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  // Once per login: what was closed in this session does not come back until the next login.
  useEffect(() => {
    if (!username) return undefined;
    const controller = new AbortController();
    api.api.GET('/notifiche', { signal: controller.signal })
      .then((items) => { arrived(() => { setQueue(startQueue(items, closedInSession(storage()?.getItem(STORAGE_KEY) ?? null, sessionId()))); }); })
      .catch(() => undefined); // no notifications is better than a blocked session
    return () => controller.abort();
  }, [api, username]);

  const current = currentNotification(queue);
  if (!current) return null;
  const { index, total } = queueProgress(queue);

  const close = async () => {
    if (dontShowAgain) {
      setBusy(true);
      try {
        await api.api.PUT('/notifiche/{id}', { params: { path: { id: current.id } } });
      } catch (err) {
        setError(userMessage(err));
        return;
      } finally {
        setBusy(false);
      }
    }
    const store = storage();
    store?.setItem(STORAGE_KEY, withClosed(store.getItem(STORAGE_KEY), sessionId(), current.id));
    setDontShowAgain(false);
    setError(undefined);
    setQueue(closeCurrent);
  };

  /** The attachment in the version the notification names (GET notifiche/{id}/allegato?versione=). */
  const download = async (n: QueuedNotification) => {
    try {
      const { blob, fileName } = await api.api.download('/notifiche/{id}/allegato', { params: { path: { id: n.id }, query: { versione: String(n.versione) } } });
      saveFile(blob, n.nomeFile || fileName);
    } catch (err) {
      setError(userMessage(err));
    }
  };

  return (
    <Modal
      opened
      onClose={() => undefined}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      centered
      title={total > 1 ? `${current.titolo} (${index} di ${total})` : current.titolo}
      data-testid="notification-modal"
    >
      <Stack>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{current.messaggio}</Text>
        {current.nomeFile ? (
          <Group gap="xs">
            <Text size="sm" c="dimmed">Allegato: {current.nomeFile}{current.versione ? ` (versione ${current.versione})` : ''}</Text>
            {current.versione && current.allegato ? (
              <Button size="compact-xs" variant="subtle" onClick={() => void download(current)}>Scarica</Button>
            ) : null}
          </Group>
        ) : null}
        <Checkbox label="Non mostrare più" checked={dontShowAgain} onChange={(e) => setDontShowAgain(e.currentTarget.checked)} />
        {error ? <Alert color="red" role="alert">{error}</Alert> : null}
        <Group justify="flex-end">
          <Button onClick={() => void close()} loading={busy}>Chiudi</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
