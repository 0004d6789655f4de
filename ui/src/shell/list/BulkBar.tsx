/**
 * Above a list with selected rows: how many, and one button per bulk action every selected row allows
 * (docs/spec-language.md#bulk-transitions). A button asks the spec's question with the count (or, for a
 * transition with an input, the form's input modal once for all rows), posts `<path>/azioni/<name>`, says
 * how many rows changed and why the others did not, then the list clears its selection and reloads.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { ApiError, bannerMessage } from '../../core/apiError';
import { loadFormDef } from '../../core/artifacts';
import { bulkOutcomeMessage, bulkOutcomeOf, bulkQuestion, offeredBulkActions, selectedCount } from '../../core/bulkActions';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { keyOf } from '../../core/keys';
import type { BulkAction, EntityMeta, FormDef, ListOperation, Row, TransitionDef, TransitionInputDef } from '../../core/types';
import { useBanners } from '../banners';
import { useModals } from '../modals/modalsContext';
import { ListOperationButton } from './ListOperationButton';

// The input modal is a form (rjsf, the bulkiest library of the shell): its code loads when a bulk action asks
// for input, not with every list page.
const TransitionInputModal = lazy(() => import('../form/TransitionInputModal').then((m) => ({ default: m.TransitionInputModal })));

interface Props {
  entityName: string;
  entity: EntityMeta;
  actions: BulkAction[];
  /** The list's operations on the selected rows (docs/spec-language.md#list-operations). */
  operations: ListOperation[];
  /** The list's filter values, for those operations. */
  filters: Readonly<Record<string, string | undefined>>;
  selected: Row[];
  /** After an action ran (or failed): the selection is cleared and the rows reloaded. */
  onDone: () => void;
}

interface Asking { action: BulkAction; transition: TransitionDef & { input: TransitionInputDef }; form: FormDef }

export function BulkBar({ entityName, entity, actions, operations, filters, selected, onDone }: Props) {
  const provider = useDataProvider();
  const modals = useModals();
  const banners = useBanners();
  const [running, setRunning] = useState<string | undefined>();
  const [asking, setAsking] = useState<Asking | undefined>();
  const offered = offeredBulkActions(actions, selected);

  const post = async (action: BulkAction, input?: Row) => {
    const keys = selected.flatMap((row) => {
      const key = keyOf(entity.key, row);
      return key ? [key] : [];
    });
    const answer = await provider.requestPath('POST', `${entity.path}/azioni/${encodeURIComponent(action.name)}`, { body: { keys, ...(input ? { input } : {}) } });
    const { ok, message } = bulkOutcomeMessage(bulkOutcomeOf(answer));
    if (ok) banners.success(message);
    else banners.error(message);
    onDone();
  };

  const run = async (action: BulkAction) => {
    try {
      if (action.hasInput) {
        const form = await loadFormDef(entityName);
        const transition = form.states?.transitions.find((t) => t.name === action.name);
        if (transition?.input) {
          // The modal asks the bulk question (the spec's, with the count) over the transition's own input.
          const { title, message } = bulkQuestion(action, selected.length);
          setAsking({ action, transition: { ...transition, label: title, confirm: message, input: transition.input }, form });
          return;
        }
      }
      if (!(await modals.yesNo(bulkQuestion(action, selected.length)))) return;
      // Busy only while the rows are being changed, not while the question is open.
      setRunning(action.name);
      await post(action);
    } catch (error) {
      banners.error(bannerMessage(error));
      onDone();
    } finally {
      setRunning(undefined);
    }
  };

  /** From the input modal: refusals of its fields stay in it, anything else closes it. */
  const runWithInput = async (action: BulkAction, input: Row) => {
    try {
      await post(action, input);
      setAsking(undefined);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details.length) throw error;
      setAsking(undefined);
      banners.error(bannerMessage(error));
      onDone();
    }
  };

  if (selected.length === 0) return null;
  return (
    <Paper withBorder p="xs" role="region" aria-label="Righe selezionate">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} aria-live="polite">{selectedCount(selected.length)}</Text>
        <Group gap="xs">
          {offered.length === 0 && operations.length === 0 && <Text size="sm" c="gray.7">Nessuna azione comune alle righe selezionate</Text>}
          {offered.map((action) => (
            <Button key={action.name} size="compact-md" variant="light" loading={running === action.name}
              disabled={running !== undefined && running !== action.name} onClick={() => void run(action)}>
              {action.label}
            </Button>
          ))}
          {operations.map((op) => (
            <ListOperationButton key={op.label} operation={op} size="compact-md" filters={filters} onDone={onDone}
              selectedKeys={selected.flatMap((row) => Object.values(keyOf(entity.key, row) ?? {}))} />
          ))}
        </Group>
      </Group>
      {asking && (
        <Suspense fallback={null}>
          <TransitionInputModal transition={asking.transition} defaultMessages={asking.form.defaultMessages}
            onSubmit={(input) => runWithInput(asking.action, input)} onClose={() => setAsking(undefined)} />
        </Suspense>
      )}
    </Paper>
  );
}
