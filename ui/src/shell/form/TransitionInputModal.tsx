/**
 * Asks what a transition needs before it runs (its spec `input`, e.g. the reason of a rejection, a refund's
 * amount and the caller's password): the API's own body schema in a small form, started at the spec's
 * `prefill` with its `lock`ed inputs read-only, the spec's Italian messages before sending, and the server's
 * answers after; what was typed stays when the server refuses it. A confirmation naming the input is asked in
 * the modal itself once the input is valid (Sì / No). One Idempotency-Key for the modal's
 * lifetime: a double click or a retry after a lost answer is one request to the server. A critical operation
 * (`reauthenticate`) of a user with a passkey offers 'Conferma con passkey' (seed 002 §4: biometric when
 * registered, else the password, which stays as the fallback): the assertion's single-use proof goes as the password.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import Form from '@rjsf/mantine';
import type { IChangeEvent } from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import { IconFingerprint } from '@tabler/icons-react';
import { REAUTHENTICATION_FIELD } from '../../../../common/reauthentication';
import { ApiError, userMessage } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useShellMessages } from '../../core/hooks/useManifest';
import { createPasskeyApi, passkeyErrorTitle, PasskeyError } from '../../core/passkeys';
import { useSession } from '../../core/session';
import { createTransformErrors, detailsToErrorSchema } from '../../core/errorMessages';
import { isRecord } from '../../core/guards';
import { translateString } from '../../core/rjsfStrings';
import { confirmNamesInput, failedCheck, filledConfirm, lockedInputs, prefilledInput } from '../../core/transitionInput';
import type { Row, TransitionDef, TransitionInputDef } from '../../core/types';
import { validatorFor } from './validator';
import { italianWidgets } from './widgets';

interface Props {
  transition: TransitionDef & { input: TransitionInputDef };
  /** The row it runs on: the prefill and the locks are computed on it. */
  record?: Row;
  /** Where the inputs start when no spec `prefill` computes them (a form operation's prefill answer). */
  initial?: Row;
  defaultMessages: Record<string, string>;
  /** Runs the transition with what was typed and the modal's idempotency key; a refusal it rethrows keeps the modal open. */
  onSubmit: (input: Row, idempotencyKey: string) => Promise<void>;
  onClose: () => void;
}

export function TransitionInputModal({ transition, record, initial, defaultMessages, onSubmit, onClose }: Props) {
  const { input } = transition;
  const [data, setData] = useState<Row>(() => ({ ...initial, ...prefilledInput(transition, record) }));
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [running, setRunning] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | undefined>();
  const transformErrors = useMemo(() => createTransformErrors({ messages: input.messages, defaultMessages }), [input, defaultMessages]);
  const uiSchema = useMemo((): UiSchema => {
    const ui: UiSchema = { ...input.uiSchema, 'ui:submitButtonOptions': { norender: true } };
    // A locked input shows the value it is held at (a refund of the full amount only).
    for (const name of lockedInputs(transition, record)) ui[name] = { ...(isRecord(ui[name]) ? ui[name] : {}), 'ui:readonly': true };
    return ui;
  }, [input, transition, record]);

  const biometric = usePasskeyProof(transition.reauthenticate === true);
  const shellMessage = useShellMessages();
  const [passkeyFailure, setPasskeyFailure] = useState<string | undefined>();
  const confirmWithPasskey = async () => {
    setPasskeyFailure(undefined);
    try {
      const proof = await biometric.proof();
      // The proof goes with this submission only, never into the form: the Password input would show it (masked),
      // and a retry with 'Conferma' after a refusal would send the spent proof as the password.
      await submit({ ...data, [REAUTHENTICATION_FIELD]: proof });
    } catch (error) {
      if (!(error instanceof PasskeyError)) throw error;
      setPasskeyFailure(error.text(shellMessage));
    }
  };

  // The confirmation that names what was typed ("Confermare lo storno di 20,50 euro?") is the modal's second step.
  const [confirming, setConfirming] = useState<Row | undefined>();

  const submit = async (formData: Row) => {
    // What the spec's checks refuse is said before anything is sent, in the server's words.
    const failed = failedCheck(transition, record, formData);
    if (failed) {
      setConfirming(undefined);
      setRefusal(new ApiError(422, 'TRANSITION_REFUSED', failed.message, failed.field ? [{ field: failed.field, message: failed.message }] : []));
      return;
    }
    if (confirmNamesInput(transition) && confirming === undefined) {
      setRefusal(undefined);
      setConfirming(formData);
      return;
    }
    setConfirming(undefined);
    setRunning(true);
    setRefusal(undefined);
    try {
      await onSubmit(formData, idempotencyKey);
    } catch (error) {
      if (error instanceof ApiError) setRefusal(error);
      else throw error;
    } finally {
      setRunning(false);
    }
  };

  // Field refusals (400 with details) are shown on their fields too; a refusal of the whole operation (a check
  // of the spec, a wrong password) is the seed's "Attenzione: " and the server's message (seed 002 §8).
  const fieldRefusal = refusal?.status === 400 && refusal.details.length > 0;
  return (
    <Modal opened onClose={onClose} title={transition.label} centered closeButtonProps={{ 'aria-label': 'Chiudi' }}>
      {transition.confirm && !confirmNamesInput(transition) && <Text size="sm" mb="sm">{filledConfirm(transition, {}, record)}</Text>}
      <Form
        id={`transizione-${transition.name}`}
        // Its own ids: the record's form below may have a field of the same name (a refund's `importo`).
        idPrefix={`transizione_${transition.name}`}
        schema={input.schema}
        uiSchema={uiSchema}
        validator={validatorFor(input.schema)}
        formData={data}
        // Changing what the question names takes the question back.
        onChange={(e: IChangeEvent<Row>) => { setData(e.formData ?? {}); setConfirming(undefined); }}
        onSubmit={(e: IChangeEvent<Row>) => void submit(e.formData ?? {})}
        transformErrors={transformErrors}
        extraErrors={fieldRefusal ? detailsToErrorSchema(refusal.details) : undefined}
        translateString={translateString}
        widgets={italianWidgets}
        // The inputs show their own errors (Mantine's `error`); rjsf's list under each would repeat them.
        templates={{ FieldErrorTemplate: NoFieldErrorList }}
        showErrorList={false}
        noHtml5Validate
        omitExtraData
      />
      {refusal && fieldRefusal && <Text size="sm" c="red" mt="xs" role="alert">{userMessage(refusal)}</Text>}
      {refusal && !fieldRefusal && <Alert color="red" mt="sm" role="alert">{`Attenzione: ${userMessage(refusal)}`}</Alert>}
      {passkeyFailure && <Alert color="red" mt="sm" role="alert" title={passkeyErrorTitle(shellMessage)}>{passkeyFailure}</Alert>}
      {confirming ? (
        <>
          <Text mt="md" fw={500} role="status">{filledConfirm(transition, confirming, record)}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setConfirming(undefined)}>No</Button>
            <Button onClick={() => void submit(confirming)} data-autofocus>Sì</Button>
          </Group>
        </>
      ) : (
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={running}>Annulla</Button>
          {biometric.available && (
            <Button variant="light" leftSection={<IconFingerprint size={18} />} disabled={running} onClick={() => void confirmWithPasskey()}>Conferma con passkey</Button>
          )}
          <Button type="submit" form={`transizione-${transition.name}`} loading={running}>Conferma</Button>
        </Group>
      )}
    </Modal>
  );
}

/** Whether the signed-in user has a passkey to confirm with (asked only for a critical operation), and its proof. */
function usePasskeyProof(critical: boolean) {
  const provider = useDataProvider();
  const session = useSession();
  const passkeys = useMemo(() => createPasskeyApi(provider), [provider]);
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (!critical) return;
    // No passkey, or the question failed: the password alone, as before.
    passkeys.status().then((s) => setAvailable(s.registered), () => setAvailable(false));
  }, [critical, passkeys]);
  const username = session.user?.username ?? '';
  return { available, proof: () => passkeys.proof(username) };
}

function NoFieldErrorList() {
  return null;
}
