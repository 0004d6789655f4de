/**
 * The buttons of a saved row that run a custom operation of the spec (`form.operations`,
 * docs/spec-language.md#form-operations; seed 002 §3: the user form's reset password): shown to holders of the
 * operation's permission, each asks its question, calls the operation with the row's key in its path and shows
 * the answer's message (the server decides again: another merchant's row is 404).
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { bannerMessage } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { isRecord } from '../../core/guards';
import type { KeyValues } from '../../core/keys';
import { useSession } from '../../core/session';
import type { EntityMeta, FormOperation } from '../../core/types';
import { useBanners } from '../banners';
import { useModals } from '../modals/modalsContext';

const METHODS = { put: 'PUT', post: 'POST' } as const;

/** The operation's path with each {param} replaced by the row's key value. */
function pathFor(op: FormOperation, key: KeyValues): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(key[name] ?? ''));
}

export function FormOperations({ entity, editKey }: { entity: EntityMeta; editKey: KeyValues }) {
  const provider = useDataProvider();
  const { can } = useSession();
  const banners = useBanners();
  const modals = useModals();
  const [running, setRunning] = useState<string>();
  const run = async (op: FormOperation) => {
    if (op.confirm && !(await modals.yesNo({ title: op.label, message: op.confirm }))) return;
    setRunning(op.label);
    try {
      const answer = await provider.requestPath(op.method === 'post' ? METHODS.post : METHODS.put, pathFor(op, editKey));
      banners.success(isRecord(answer) && typeof answer.message === 'string' ? answer.message : 'Operazione eseguita');
    } catch (error) {
      banners.error(bannerMessage(error));
    } finally {
      setRunning(undefined);
    }
  };
  return (
    <>
      {(entity.formOperations ?? []).filter((op) => can(op.permission)).map((op) => (
        <Button key={op.label} variant="light" loading={running === op.label} onClick={() => void run(op)}>{op.label}</Button>
      ))}
    </>
  );
}
