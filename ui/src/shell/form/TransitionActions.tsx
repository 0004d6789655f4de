/**
 * The buttons of a row's state machine (issue 5: an action button shown only when the server would allow it):
 * each asks the spec's confirmation, runs the transition, shows the spec's success message and hands the
 * updated row back so the page reloads it (seed 000 §4: a pending stock movement accepted or rejected).
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { bannerMessage } from '../../core/apiError';
import { useTransitions } from '../../core/hooks/useTransitions';
import type { KeyValues } from '../../core/keys';
import type { EntityMeta, FormDef, Row } from '../../core/types';
import { useBanners } from '../banners';
import { useModals } from '../modals/modalsContext';

interface Props {
  entity: EntityMeta;
  form: FormDef;
  editKey: KeyValues | undefined;
  record: Row | undefined;
  /** After a transition applied (or was refused because the row changed meanwhile): reload the row. */
  onChanged: () => void;
}

export function TransitionActions({ entity, form, editKey, record, onChanged }: Props) {
  const transitions = useTransitions(entity, form, editKey, record);
  const modals = useModals();
  const banners = useBanners();
  const [running, setRunning] = useState<string | undefined>();

  const run = async (name: string, label: string, confirm?: string) => {
    if (confirm && !(await modals.yesNo({ title: label, message: confirm }))) return;
    setRunning(name);
    try {
      const answer = await transitions.run(name);
      banners.success(answer.message);
      onChanged();
    } catch (error) {
      banners.error(bannerMessage(error));
      // A 409 means the row is not what the page shows any more: show it as it is now.
      onChanged();
    } finally {
      setRunning(undefined);
    }
  };

  return (
    <>
      {transitions.available.map((t) => (
        <Button key={t.name} variant="light" loading={running === t.name} disabled={running !== undefined && running !== t.name}
          onClick={() => void run(t.name, t.label, t.confirm)}>
          {t.label}
        </Button>
      ))}
    </>
  );
}
