/**
 * The rjsf form of one entity. On every change it runs the same field rules as the API (common/rules.ts) and
 * asks the spec's confirmations; client errors are rewritten in Italian, server `details` are placed under
 * their fields, and the server's `errorMessage` goes to an error banner.
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Group } from '@mantine/core';
import Form from '@rjsf/mantine';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { applyRules } from '../../../../common/rules';
import { ApiError, userMessage, type ErrorDetail } from '../../core/apiError';
import { triggeredConfirmations } from '../../core/confirmations';
import { createTransformErrors, detailsToErrorSchema } from '../../core/errorMessages';
import { fitToSchema } from '../../core/fitToSchema';
import { useEntityMutations } from '../../core/hooks/useEntityMutations';
import type { KeyValues } from '../../core/keys';
import { getPath } from '../../core/objectPath';
import { translateString } from '../../core/rjsfStrings';
import type { EntityMeta, FormDef, Row } from '../../core/types';
import { formActions } from '../../../extensions';
import { useBanners } from '../banners';
import { useModals } from '../modals/modalsContext';
import { validator } from './validator';
import { italianWidgets } from './widgets';

interface Props {
  entity: EntityMeta;
  form: FormDef;
  initialData: Row;
  /** The key of the record being edited; undefined when creating. */
  editKey: KeyValues | undefined;
  /** The record as loaded (edit forms), for extension actions. */
  record?: Row;
  /** The user holds CREAZIONE (create form) or AGGIORNAMENTO (edit form): otherwise the form is read-only. */
  canSave?: boolean;
  /** When set, only these fields are editable and only they are sent (seed 000 §6 VARIAZIONE_EMAIL_SEC). */
  onlyFields?: string[];
  /** The user holds CANCELLAZIONE. */
  canDelete?: boolean;
  onCreated: (saved: Row) => void;
  onDeleted: () => void;
  onBack: () => void;
}

export function EntityForm({ entity, form, initialData, editKey, record, canSave: canSaveAll = true, onlyFields, canDelete = true, onCreated, onDeleted, onBack }: Props) {
  const restricted = !canSaveAll && (onlyFields?.length ?? 0) > 0;
  const canSave = canSaveAll || restricted;
  const actions = formActions[form.entity] ?? [];
  const modals = useModals();
  const banners = useBanners();
  const mutations = useEntityMutations(entity);
  const shape = (data: Row): Row => fitToSchema(form.schema, applyRules(form.rules ?? [], data));

  const [formData, setFormData] = useState<Row>(() => fitToSchema(form.schema, initialData));
  // The latest data outside React's batching: confirmations compare against it while a modal is open.
  const dataRef = useRef(formData);
  const [serverDetails, setServerDetails] = useState<ErrorDetail[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const update = (data: Row) => {
    dataRef.current = data;
    setFormData(data);
  };

  const uiSchema = useMemo<UiSchema>(() => {
    const base = form.uiSchema ?? {};
    const keys = editKey
      ? Object.fromEntries(form.key.map((k) => [k, { ...(base[k] as object | undefined), 'ui:readonly': true }]))
      : {};
    const locked = restricted
      ? Object.fromEntries(Object.keys((form.schema as { properties?: object }).properties ?? {})
        .filter((f) => !onlyFields!.includes(f))
        .map((f) => [f, { ...(base[f] as object | undefined), 'ui:readonly': true }]))
      : {};
    return { ...base, ...locked, ...keys };
  }, [form, editKey, restricted, onlyFields]);
  const transformErrors = useMemo(() => createTransformErrors(form), [form]);
  const extraErrors = useMemo(() => (serverDetails.length ? detailsToErrorSchema(serverDetails) : undefined), [serverDetails]);

  const handleChange = async (event: IChangeEvent<Row>) => {
    const previous = dataRef.current;
    const next = shape(event.formData ?? {});
    update(next);
    // A server error stays only on fields the user has not touched since.
    setServerDetails((details) => details.filter((d) => getPath(previous, d.field) === getPath(next, d.field)));
    for (const confirmation of triggeredConfirmations(form.confirmations, previous, next)) {
      if (!(await modals.yesNo({ title: confirmation.title, message: confirmation.message }))) {
        update(previous);
        return;
      }
    }
  };

  const handleSubmit = async (event: IChangeEvent<Row>) => {
    const full = shape(event.formData ?? {});
    // A restricted user sends the row without its children: the server refuses children from them.
    const children = new Set(Object.keys(full).filter((k) => Array.isArray(full[k]) || (full[k] !== null && typeof full[k] === 'object')));
    const body = restricted ? Object.fromEntries(Object.entries(full).filter(([k]) => !children.has(k))) : full;
    setSaving(true);
    try {
      const saved = await mutations.save(editKey, body);
      banners.success('Salvataggio effettuato');
      setServerDetails([]);
      if (editKey) update(fitToSchema(form.schema, saved ?? body));
      else onCreated({ ...body, ...(saved ?? {}) });
    } catch (error) {
      setServerDetails(error instanceof ApiError ? error.details : []);
      banners.error(userMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const handleDelete = async () => {
    if (!editKey) return;
    if (!(await modals.yesNo({ title: 'Conferma eliminazione', message: `Eliminare ${entity.label.toLowerCase()} ${Object.values(editKey).join(' ')}?` }))) return;
    try {
      await mutations.remove(editKey);
      banners.success('Eliminazione effettuata');
      onDeleted();
    } catch (error) {
      banners.error(userMessage(error));
    }
  };

  return (
    <Form
      schema={form.schema as RJSFSchema}
      uiSchema={uiSchema}
      validator={validator}
      formData={formData}
      onChange={(e) => void handleChange(e)}
      onSubmit={(e) => { setSubmitted(true); void handleSubmit(e); }}
      onError={() => { setSubmitted(true); banners.error('Dati non validi: verificare i campi evidenziati'); }}
      transformErrors={transformErrors}
      extraErrors={extraErrors}
      translateString={translateString}
      widgets={italianWidgets}
      showErrorList={false}
      noHtml5Validate
      omitExtraData
      liveValidate={submitted ? 'onChange' : undefined}
      focusOnFirstError
      readonly={!canSave}
    >
      <Group mt="lg">
        {canSave && <Button type="submit" loading={saving}>Salva</Button>}
        <Button variant="default" onClick={onBack}>Torna all'elenco</Button>
        {editKey && canDelete && entity.operations.includes('delete') && (
          <Button color="red" variant="light" onClick={() => void handleDelete()}>Elimina</Button>
        )}
        {actions.map((Action, i) => <Action key={i} entityName={form.entity} editKey={editKey} record={record} />)}
      </Group>
    </Form>
  );
}
