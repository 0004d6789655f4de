/**
 * The buttons of a saved row that run a custom operation of the spec (`form.operations`,
 * docs/spec-language.md#form-operations; seed 002 §3: the user form's reset password; seed 002 §7: a document sent
 * by mail): shown to holders of the operation's permission. One without a body asks its question and runs; one with
 * a body asks its inputs first in the transition's modal (started at its `prefill` GET's answer, the merchant's
 * e-mail), then the question naming them, and stays open on a refusal of a field. Each shows the answer's message;
 * one answering a file (seed 001 §2: the profile's PDF) downloads it. The server decides again (another merchant's
 * row is 404).
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { ApiError, bannerMessage } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { isRecord } from '../../core/guards';
import type { KeyValues } from '../../core/keys';
import { useSession } from '../../core/session';
import type { EntityMeta, FormDef, FormOperation, Row, TransitionDef, TransitionInputDef } from '../../core/types';
import { saveFile } from '../../core/saveFile';
import { filledConfirm } from '../../core/transitionInput';
import { useBanners } from '../banners';
import { useModals } from '../modals/modalsContext';
import { TransitionInputModal } from './TransitionInputModal';

const METHODS = { put: 'PUT', post: 'POST' } as const;

/** The operation's path with each {param} replaced by the row's key value. */
function pathFor(path: string, key: KeyValues): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(key[name] ?? ''));
}

const answerMessage = (answer: unknown) => (isRecord(answer) && typeof answer.message === 'string' ? answer.message : 'Operazione eseguita');

interface Asking { op: FormOperation; transition: TransitionDef & { input: TransitionInputDef }; initial: Row }

export function FormOperations({ entity, form, editKey, record }: { entity: EntityMeta; form: FormDef; editKey: KeyValues; record?: Row }) {
  const provider = useDataProvider();
  const { can } = useSession();
  const banners = useBanners();
  const modals = useModals();
  const [running, setRunning] = useState<string>();
  const [asking, setAsking] = useState<Asking>();
  const method = (op: FormOperation) => (op.method === 'post' ? METHODS.post : METHODS.put);

  const run = async (op: FormOperation) => {
    const input = form.operationInputs?.[op.operation];
    setRunning(op.label);
    try {
      if (op.input && input) {
        const prefilled = op.prefillPath ? await provider.requestPath('GET', pathFor(op.prefillPath, editKey)) : {};
        // The modal of a transition: same inputs, messages and question; a form operation moves no state.
        const transition = { name: op.operation, label: op.label, from: [], to: '', permission: op.permission, success: '', input, ...(op.confirm ? { confirm: op.confirm } : {}) };
        setAsking({ op, transition, initial: isRecord(prefilled) ? prefilled : {} });
        return;
      }
      // The question may name the row's fields ({row.numContratto}).
      const question = op.confirm ? filledConfirm({ name: op.operation, label: op.label, from: [], to: '', permission: op.permission, success: '', confirm: op.confirm }, {}, record) : undefined;
      if (question && !(await modals.yesNo({ title: op.label, message: question }))) return;
      if (op.file) {
        const file = await provider.downloadPath(pathFor(op.path, editKey), { method: op.method === 'get' ? 'GET' : method(op) });
        saveFile(file.blob, file.fileName);
        banners.success(`File scaricato: ${file.fileName}`);
        return;
      }
      banners.success(answerMessage(await provider.requestPath(method(op), pathFor(op.path, editKey))));
    } catch (error) {
      banners.error(bannerMessage(error));
    } finally {
      setRunning(undefined);
    }
  };

  /** From the modal: a field's refusal (400 with details) stays in it, anything else closes it as a banner. */
  const runWithInput = async (op: FormOperation, body: Row): Promise<void> => {
    try {
      const answer = await provider.requestPath(method(op), pathFor(op.path, editKey), { body });
      setAsking(undefined);
      banners.success(answerMessage(answer));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details.length > 0) throw error;
      setAsking(undefined);
      banners.error(bannerMessage(error));
    }
  };

  return (
    <>
      {(entity.formOperations ?? []).filter((op) => can(op.permission)).map((op) => (
        <Button key={op.label} variant="light" loading={running === op.label} onClick={() => void run(op)}>{op.label}</Button>
      ))}
      {asking && (
        <TransitionInputModal transition={asking.transition} record={record} initial={asking.initial} defaultMessages={form.defaultMessages}
          onSubmit={(body) => runWithInput(asking.op, body)} onClose={() => setAsking(undefined)} />
      )}
    </>
  );
}
