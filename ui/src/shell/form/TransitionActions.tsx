/**
 * The buttons of a row's state machine (issue 5: an action button shown only when the server would allow it):
 * each asks the spec's confirmation (or, with an `input`, fills it in a small form), runs the transition,
 * shows the spec's success message and hands the
 * updated row back so the page reloads it (seed 000 §4: a pending stock movement accepted or rejected).
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { ApiError, bannerMessage } from '../../core/apiError';
import { useTransitions } from '../../core/hooks/useTransitions';
import type { KeyValues } from '../../core/keys';
import type { EntityMeta, FormDef, Row, TransitionDef, TransitionInputDef } from '../../core/types';
import { useBanners } from '../banners';
import { useModals } from '../modals/modalsContext';
import { TransitionInputModal } from './TransitionInputModal';
import { filledConfirm } from '../../core/transitionInput';
import { transitionOverChanges } from '../../core/unsavedChanges';

interface Props {
  entity: EntityMeta;
  form: FormDef;
  editKey: KeyValues | undefined;
  record: Row | undefined;
  /** After a transition applied (or was refused because the row changed meanwhile): reload the row. */
  onChanged: () => void;
  /** The form around holds changes not saved yet: a transition reloads the row, so it asks before losing them. */
  unsavedChanges?: boolean;
}

/** Refusals the caller can correct in the modal: a field's, a check of the spec, a wrong password. */
function stayInModal(error: ApiError): boolean {
  return (error.status === 400 && error.details.length > 0) || error.code === 'TRANSITION_REFUSED' || error.code === 'REAUTHENTICATION_FAILED';
}

export function TransitionActions({ entity, form, editKey, record, onChanged, unsavedChanges = false }: Props) {
  const transitions = useTransitions(entity, form, editKey, record);
  const modals = useModals();
  const banners = useBanners();
  const [running, setRunning] = useState<string | undefined>();

  // The transition whose input (a reason) is being asked: its modal replaces the yes/no question.
  const [asking, setAsking] = useState<TransitionDef & { input: TransitionInputDef }>();

  const applied = (message: string) => {
    banners.success(message);
    onChanged();
  };
  const refused = (error: unknown) => {
    banners.error(bannerMessage(error));
    // A 409 means the row is not what the page shows any more: show it as it is now.
    onChanged();
  };

  const run = async (t: TransitionDef) => {
    if (unsavedChanges && !(await modals.confirm(transitionOverChanges(t.label)))) return;
    if (t.input) {
      setAsking({ ...t, input: t.input });
      return;
    }
    if (t.confirm && !(await modals.yesNo({ title: t.label, message: filledConfirm(t, {}, record) }))) return;
    setRunning(t.name);
    try {
      applied((await transitions.run(t.name)).message);
    } catch (error) {
      refused(error);
    } finally {
      setRunning(undefined);
    }
  };

  /**
   * From the input modal (which asked the confirmation naming the input, if any): refusals the caller can
   * correct there (400 with details, a check of the spec 422, a wrong password 403 REAUTHENTICATION_FAILED)
   * stay in it, anything else closes it.
   */
  const runWithInput = async (t: TransitionDef, input: Row, idempotencyKey: string): Promise<void> => {
    try {
      const answer = await transitions.run(t.name, input, idempotencyKey);
      setAsking(undefined);
      applied(answer.message);
    } catch (error) {
      if (error instanceof ApiError && stayInModal(error)) throw error;
      setAsking(undefined);
      refused(error);
    }
  };

  return (
    <>
      {transitions.available.map((t) => (
        <Button key={t.name} variant="light" loading={running === t.name} disabled={running !== undefined && running !== t.name}
          onClick={() => void run(t)}>
          {t.label}
        </Button>
      ))}
      {asking && (
        <TransitionInputModal transition={asking} record={record} defaultMessages={form.defaultMessages}
          onSubmit={(input, key) => runWithInput(asking, input, key)} onClose={() => setAsking(undefined)} />
      )}
    </>
  );
}
