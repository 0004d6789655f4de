/**
 * Settings (seed 000 §1 "Settings with a biometric login switch", §2 /wpbusiness/impostazioni WB_IMPOSTAZIONI):
 * the switch registers a passkey of this device (on) or removes the user's passkeys (off), with the device's
 * support state of seed 000 §4 and the seed's messages (§8: ERRORE AUTENTICATORE with the error's name).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useDataProvider } from '../src/core/hooks/useDataProvider';
import { useShellMessages } from '../src/core/hooks/useManifest';
import { createPasskeyApi, passkeyErrorTitle, PasskeyError, passkeySupport, passkeySupportText, type PasskeyApi, type PasskeySupport } from '../src/core/passkeys';
import { formatDateTime } from '../src/core/format';
import { useModals } from '../src/shell/modals/modalsContext';

type Status = Awaited<ReturnType<PasskeyApi['status']>>;

export default function ImpostazioniPage() {
  const provider = useDataProvider();
  const passkeys = useMemo(() => createPasskeyApi(provider), [provider]);
  const modals = useModals();
  const shellMessage = useShellMessages();
  const [support, setSupport] = useState<PasskeySupport | undefined>();
  const [status, setStatus] = useState<Status | undefined>();
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => setStatus(await passkeys.status()), [passkeys]);
  useEffect(() => {
    let live = true;
    void Promise.all([passkeySupport(), passkeys.status()]).then(([device, own]) => {
      if (!live) return;
      setSupport(device);
      setStatus(own);
    });
    return () => { live = false; };
  }, [passkeys]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      await modals.success(on ? await passkeys.register() : await passkeys.remove());
    } catch (error) {
      if (!(error instanceof PasskeyError)) throw error;
      await modals.error({ title: passkeyErrorTitle(shellMessage), message: error.text(shellMessage) });
    } finally {
      setBusy(false);
      await reload();
    }
  };

  if (!status || support === undefined) return <Loader aria-label="Caricamento" />;
  // A device that cannot create one may still switch the user's passkeys off.
  const canRegister = support === 2;
  return (
    <Stack maw={560}>
      <Title order={1} size="h2">Impostazioni</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Switch
            size="md"
            label="Accesso biometrico"
            description="Accedere e confermare le operazioni critiche con l'impronta, il volto o il PIN del dispositivo (passkey)"
            checked={status.registered}
            disabled={busy || (!status.registered && !canRegister)}
            onChange={(e) => void toggle(e.currentTarget.checked)}
          />
          <Group gap="xs">
            <Badge color={canRegister ? 'green' : 'gray'} variant="light" data-testid="stato-biometrico">Stato {support}</Badge>
            <Text size="sm">{passkeySupportText(shellMessage, support)}</Text>
          </Group>
          {status.registered && status.createdAt && (
            <Text size="sm" c="dimmed">{`Passkey registrate: ${status.count}, dal ${formatDateTime(status.createdAt)}`}</Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
