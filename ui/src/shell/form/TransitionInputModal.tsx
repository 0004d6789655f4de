/**
 * Asks what a transition needs before it runs (its spec `input`, e.g. the reason of a rejection): the
 * API's own body schema in a small form, the spec's Italian messages before sending, and the server's
 * answers on the same fields after; what was typed stays when the server refuses it.
 */
import { useMemo, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import Form from '@rjsf/mantine';
import type { IChangeEvent } from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import { ApiError, userMessage } from '../../core/apiError';
import { createTransformErrors, detailsToErrorSchema } from '../../core/errorMessages';
import { translateString } from '../../core/rjsfStrings';
import type { Row, TransitionDef, TransitionInputDef } from '../../core/types';
import { validatorFor } from './validator';
import { italianWidgets } from './widgets';

interface Props {
  transition: TransitionDef & { input: TransitionInputDef };
  defaultMessages: Record<string, string>;
  /** Runs the transition with what was typed; a refusal with field details keeps the modal open. */
  onSubmit: (input: Row) => Promise<void>;
  onClose: () => void;
}

export function TransitionInputModal({ transition, defaultMessages, onSubmit, onClose }: Props) {
  const { input } = transition;
  const [data, setData] = useState<Row>({});
  const [running, setRunning] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | undefined>();
  const transformErrors = useMemo(() => createTransformErrors({ messages: input.messages, defaultMessages }), [input, defaultMessages]);
  const uiSchema = useMemo((): UiSchema => ({ ...input.uiSchema, 'ui:submitButtonOptions': { norender: true } }), [input]);

  const submit = async (formData: Row) => {
    setRunning(true);
    setRefusal(undefined);
    try {
      await onSubmit(formData);
    } catch (error) {
      if (error instanceof ApiError && error.details.length) setRefusal(error);
      else throw error;
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={transition.label} centered>
      {transition.confirm && <Text size="sm" mb="sm">{transition.confirm}</Text>}
      <Form
        id={`transizione-${transition.name}`}
        schema={input.schema}
        uiSchema={uiSchema}
        validator={validatorFor(input.schema)}
        formData={data}
        onChange={(e: IChangeEvent<Row>) => setData(e.formData ?? {})}
        onSubmit={(e: IChangeEvent<Row>) => void submit(e.formData ?? {})}
        transformErrors={transformErrors}
        extraErrors={refusal ? detailsToErrorSchema(refusal.details) : undefined}
        translateString={translateString}
        widgets={italianWidgets}
        // The inputs show their own errors (Mantine's `error`); rjsf's list under each would repeat them.
        templates={{ FieldErrorTemplate: NoFieldErrorList }}
        showErrorList={false}
        noHtml5Validate
        omitExtraData
      />
      {refusal && <Text size="sm" c="red" mt="xs" role="alert">{userMessage(refusal)}</Text>}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={running}>Annulla</Button>
        <Button type="submit" form={`transizione-${transition.name}`} loading={running}>Conferma</Button>
      </Group>
    </Modal>
  );
}

function NoFieldErrorList() {
  return null;
}
