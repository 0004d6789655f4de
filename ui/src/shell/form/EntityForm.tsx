/**
 * The rjsf form of one entity. On every change it runs the same field rules as the API (common/rules.ts) and
 * asks the spec's confirmations; client errors are rewritten in Italian, server `details` are placed under
 * their fields (the tab holding the first one opens), and the server's `errorMessage` goes to an error banner.
 * Leaving with unsaved changes asks first; Enter in a field does not save (the Salva button does); the
 * actions stay in a bar at the bottom of the screen however long the form.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Text } from '@mantine/core';
import Form from '@rjsf/mantine';
import type { IChangeEvent } from '@rjsf/core';
import { createSchemaUtils, type FormValidation, type UiSchema } from '@rjsf/utils';
import { applyRules } from '../../../../common/rules';
import { unconfirmedFields } from '../../../../common/model';
import { fillMessage } from '../../../../common/fill-message';
import { ApiError, saveRefusedMessage, userMessage, type ErrorDetail } from '../../core/apiError';
import { triggeredConfirmations } from '../../core/confirmations';
import { versionOf } from '../../core/dataProvider';
import { createTransformErrors, detailsToErrorSchema, FALLBACK_MESSAGE, valuePath } from '../../core/errorMessages';
import { fieldState } from '../../../../common/field-conditions';
import { fitToSchema } from '../../core/fitToSchema';
import { fixedFieldValues } from '../../core/fixedScope';
import { useSession } from '../../core/session';
import { withoutServerSet } from '../../core/serverSet';
import { useEntityMutations } from '../../core/hooks/useEntityMutations';
import type { KeyValues } from '../../core/keys';
import { isRecord, isStringArray, recordAt } from '../../core/guards';
import { labelsById } from '../../core/referenceLabels';
import { getPath } from '../../core/objectPath';
import { translateString } from '../../core/rjsfStrings';
import type { EntityMeta, FormDef, Row } from '../../core/types';
import { formActions } from '../../../extensions';
import { useBanners } from '../banners';
import { useModals } from '../modals/modalsContext';
import { FormArrayTitle, FormTitleField } from './FormTitles';
import { TransitionActions } from './TransitionActions';
import { validatorFor } from './validator';
import { italianWidgets } from './widgets';
import type { FileFormContext } from './StoredFileWidget';
import type { InlineFile } from '../../core/fileField';
import type { ShellFormContext } from './formContext';
import { entityPath } from '../../core/keys';
import { customFields } from './customFields';
import { LayoutObjectTemplate } from './FormLayout';
import { layoutOf, openTab, TAB_PARAM, tabOfFirstError } from '../../core/formLayout';
import { textOf } from '../../../../common/text';
import { childRowQuestion, deleteQuestion } from '../../core/confirmQuestions';
import { sameFormData, submitsOnEnter } from '../../core/unsavedChanges';
import { ConfirmedRowButtons } from './ConfirmedRowButtons';
import { FormActionBar } from './FormActionBar';
import { FormOperations } from './FormOperations';
import { useDisabledFields } from './useDisabledFields';
import { useLeaveGuard } from './useLeaveGuard';

/** The banner of a form that finds invalid fields before sending, where the spec gives the form no words of its own. */
const INVALID_FORM = 'Dati non validi: verificare i campi evidenziati';

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
  /** Annulla / Torna all'elenco; absent (a record inside a related list's tab): no such button. */
  onBack?: () => void;
  /** Prefix of the field ids (default `root`): two forms on one page keep their ids apart. */
  idPrefix?: string;
  /** The name of the bar of buttons, told apart from another form's on the same page. */
  actionsLabel?: string;
  /** Whether a navigation takes this form off the screen, to ask about unsaved changes (default: another path). */
  leavesWhen?: (current: { pathname: string }, next: { pathname: string }) => boolean;
  /** The row changed on the server (a state-machine action): read it again. */
  onRecordChanged?: () => void;
  /** An edit was saved: read the record again behind the form (its title, the actions its new state allows). */
  onSaved?: () => void;
}

export function EntityForm({ entity, form, initialData, editKey, record, canSave: canSaveAll = true, onlyFields, canDelete = true, onCreated, onDeleted, onBack, onRecordChanged, onSaved, idPrefix, actionsLabel, leavesWhen }: Props) {
  const restricted = !canSaveAll && (onlyFields?.length ?? 0) > 0;
  const canSave = canSaveAll || restricted;
  const actions = formActions[form.entity] ?? [];
  const modals = useModals();
  const banners = useBanners();
  const mutations = useEntityMutations(entity);
  const shape = (data: Row): Row => fitToSchema(form.schema, applyRules(form.rules, data));
  // The bank of a single-bank user, the cab of a branch user: prefilled on a new row, locked on every row.
  const { user } = useSession();
  const fixed = useMemo(() => {
    const properties = recordAt(form.schema, 'properties') ?? {};
    return Object.fromEntries(Object.entries(fixedFieldValues(entity.scope, user)).filter(([field]) => field in properties));
  }, [form, entity, user]);

  // The data as rjsf will hold it, its defaults filled in: what the user starts from, so a form nobody has
  // touched is not "changed" once rjsf reports its defaults.
  // A stored row's confirmation fields start as the value they repeat: only a change must be typed twice.
  const [formData, setFormData] = useState<Row>(() => withDefaults(form, fitToSchema(form.schema, editKey ? withConfirmations(form, initialData) : { ...initialData, ...fixed })));
  // The row as last loaded or saved: custom fields (the transfer list) tell from it whether they were modified.
  const [baseline, setBaseline] = useState<Row>(formData);
  // The names of the references of the row and its child rows as loaded, by the id of the field they name.
  const loadedLabels = useMemo(() => labelsById(initialData, idPrefix ?? 'root'), [initialData, idPrefix]);
  // The latest data outside React's batching: confirmations compare against it while a modal is open.
  const dataRef = useRef(formData);
  const [serverDetails, setServerDetails] = useState<ErrorDetail[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  // The version (ETag) of the row this form shows: sent with every save and delete, so a change someone else
  // made meanwhile is refused (412) instead of overwritten; then the form keeps what the user typed.
  const versionRef = useRef(versionOf(record));
  const [conflict, setConflict] = useState<string | undefined>();
  const isConflict = (error: unknown) => error instanceof ApiError && error.status === 412;

  const update = (data: Row) => {
    dataRef.current = data;
    setFormData(data);
  };
  const unsavedChanges = canSave && !sameFormData(formData, baseline);
  const leaveGuard = useLeaveGuard(unsavedChanges, leavesWhen);
  const enterGuard = useNoSubmitOnEnter();
  const disabledFields = useDisabledFields(form);

  const uiSchema = useMemo<UiSchema>(() => {
    const base = form.uiSchema;
    const readOnly = (field: string) => ({ ...recordAt(base, field), 'ui:readonly': true });
    const keys = editKey ? Object.fromEntries(form.key.map((k) => [k, readOnly(k)])) : {};
    const locked = restricted && onlyFields
      ? Object.fromEntries(Object.keys(recordAt(form.schema, 'properties') ?? {}).filter((f) => !onlyFields.includes(f)).map((f) => [f, readOnly(f)]))
      : {};
    // Conditional fields as the data stands now: hidden ones leave the screen, read-only ones lock.
    const conditional = Object.fromEntries(Object.entries(form.conditions ?? {}).flatMap(([field, conditions]): [string, UiSchema][] => {
      const state = fieldState(conditions, formData);
      if (state.hidden) return [[field, { ...recordAt(base, field), 'ui:widget': 'hidden' }]];
      return state.readOnly ? [[field, readOnly(field)]] : [];
    }));
    const scoped = Object.fromEntries(Object.keys(fixed).map((f) => [f, readOnly(f)]));
    // Off by configuration and empty: not shown (a value stored while the key was on still is).
    const offFields = Object.fromEntries([...disabledFields].filter((f) => isBlank(formData[f])).map((f) => [f, { ...recordAt(base, f), 'ui:widget': 'hidden' }]));
    // Fields the server says this caller may not change on this row (`_readOnly`: the spec's writableWhen).
    const rowLocked = editKey && isStringArray(record?._readOnly) ? Object.fromEntries(record._readOnly.map((f) => [f, readOnly(f)])) : {};
    return { ...base, ...conditional, ...offFields, ...locked, ...scoped, ...rowLocked, ...keys };
  }, [form, editKey, restricted, onlyFields, formData, fixed, record, disabledFields]);
  // A field required by its condition: the form says so before saving, with the field's own message.
  const customValidate = (data: Row | undefined, errors: FormValidation<Row>) => {
    for (const [field, conditions] of Object.entries(form.conditions ?? {})) {
      const state = fieldState(conditions, data ?? {});
      const value = data?.[field];
      if (state.required && !state.hidden && (value === undefined || value === null || value === '')) {
        // A generated form has the field's messages and the defaults; a hand-made one may not.
        const messages: Partial<Record<string, Partial<Record<string, string>>>> = form.messages;
        const defaults: Partial<Record<string, string>> = form.defaultMessages;
        const slot: Partial<Record<string, { addError(message: string): void }>> = errors;
        slot[field]?.addError(messages[field]?.required ?? defaults.required ?? FALLBACK_MESSAGE);
      }
    }
    // A confirmation must repeat its field (the form always sends it, so the server checks it too).
    const sent = Object.fromEntries((form.confirmFields ?? []).map((c) => [c.name, data?.[c.name] ?? null]));
    const slots: Partial<Record<string, { addError(message: string): void }>> = errors;
    for (const c of unconfirmedFields(form.confirmFields, sent, data ?? {})) slots[c.name]?.addError(c.message);
    return errors;
  };
  // File fields upload on their own (StoredFileWidget): with the row's version, which the upload then changes. On a
  // create form, the files chosen travel with the row (docs/spec-language.md#files).
  const chosenFiles = useRef(new Map<string, InlineFile>());
  const fileContext = useMemo<FileFormContext>(() => ({
    form,
    itemPath: editKey ? entityPath(entity.path, entity.key, editKey) : undefined,
    version: () => versionRef.current,
    onUploaded: (field, row) => {
      versionRef.current = versionOf(row) ?? versionRef.current;
      update({ ...dataRef.current, [field]: row[field] });
      setBaseline((b) => ({ ...b, [field]: row[field] }));
    },
    ...(editKey ? {} : { choose: (field: string, file: InlineFile | undefined) => { if (file) chosenFiles.current.set(field, file); else chosenFiles.current.delete(field); } }),
  }), [form, editKey, entity]);
  const layout = useMemo(() => layoutOf(form.uiSchema['ui:layout']), [form]);
  const [params, setParams] = useSearchParams();
  // The first error may sit in a tab that is not open: open it, so the user sees what to correct.
  const showTabOf = (properties: (string | undefined)[]) => {
    const tab = layout && tabOfFirstError(layout, properties);
    if (tab && tab !== openTab(layout, params)) setParams((p) => { p.set(TAB_PARAM, tab); return p; }, { replace: true });
  };
  const transformErrors = useMemo(() => createTransformErrors(form, (property) => getPath(formData, valuePath(property))), [form, formData]);
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
    const whole = restricted ? Object.fromEntries(Object.entries(full).filter(([k]) => !children.has(k))) : full;
    // Server-set fields (ids, who decided and when) are shown, never sent: the API refuses them. A create sends the
    // files chosen for the fields still shown (a hidden field's would be refused).
    const shown = [...chosenFiles.current].filter(([field]) => !fieldState(form.conditions?.[field] ?? {}, full).hidden);
    const body = { ...withoutServerSet(form.schema, whole), ...(editKey ? {} : Object.fromEntries(shown)) };
    setSaving(true);
    try {
      const saved = await mutations.save(editKey, body, versionRef.current);
      versionRef.current = versionOf(saved) ?? versionRef.current;
      setConflict(undefined);
      // A row created in a state with its own message says it (seed 000 §8: 'Giacenza variata con successo').
      const created = !editKey && form.states ? form.states.created[textOf(saved?.[form.states.field] ?? '')] : undefined;
      banners.success(fillMessage(created ?? form.success?.[editKey ? 'update' : 'create'] ?? 'Salvataggio effettuato', saved ?? body));
      setServerDetails([]);
      // The stored row has no confirmation fields: they start again as the values they repeat.
      const stored = withConfirmations(form, fitToSchema(form.schema, saved ?? body));
      setBaseline(stored);
      if (editKey) {
        update(stored);
        onSaved?.();
      } else {
        // The new record's route is the same form, clean: moving there loses nothing.
        leaveGuard.release();
        onCreated({ ...body, ...(saved ?? {}) });
      }
    } catch (error) {
      if (isConflict(error)) {
        // Said twice: the banner wherever the user has scrolled, the box (with its reload) above the buttons.
        setConflict(userMessage(error));
        banners.error(userMessage(error));
        return;
      }
      const details = error instanceof ApiError ? error.details : [];
      setServerDetails(details);
      showTabOf(details.map((d) => d.field));
      banners.error(saveRefusedMessage(error, form.banners, (field) => field.split('.')[0] in (recordAt(form.schema, 'properties') ?? {})));
    } finally {
      setSaving(false);
    }
  };

  const handleDelete = async () => {
    if (!editKey) return;
    const question = deleteQuestion({ label: entity.label, display: entity.display, deleteConfirmation: form.deleteConfirmation }, record, editKey);
    if (!(await modals.confirm(question))) return;
    try {
      await mutations.remove(editKey, versionRef.current);
      banners.success(form.success?.delete ?? 'Eliminazione effettuata');
      leaveGuard.release();
      onDeleted();
    } catch (error) {
      if (isConflict(error)) {
        // Said twice: the banner wherever the user has scrolled, the box (with its reload) above the buttons.
        setConflict(userMessage(error));
        banners.error(userMessage(error));
        return;
      }
      banners.error(userMessage(error));
    }
  };

  const confirmRowRemoval = (path: readonly (string | number)[]) => modals.confirm(childRowQuestion(form.schema, uiSchema, dataRef.current, path));

  return (
    <div ref={enterGuard}>
      <Form
        schema={form.schema}
        uiSchema={uiSchema}
        validator={validatorFor(form.schema)}
        formData={formData}
        onChange={(e: IChangeEvent<Row>) => void handleChange(e)}
        onSubmit={(e: IChangeEvent<Row>) => { setSubmitted(true); void handleSubmit(e); }}
        onError={(errors) => {
          setSubmitted(true);
          banners.error(form.banners?.invalid ?? INVALID_FORM);
          showTabOf(errors.map((e) => e.property));
        }}
        transformErrors={transformErrors}
        customValidate={customValidate}
        extraErrors={extraErrors}
        translateString={translateString}
        widgets={italianWidgets}
        fields={customFields}
        templates={{ ObjectFieldTemplate: LayoutObjectTemplate, ArrayFieldItemButtonsTemplate: ConfirmedRowButtons, TitleFieldTemplate: FormTitleField, ArrayFieldTitleTemplate: FormArrayTitle }}
        formContext={{ baseline, files: fileContext, labels: loadedLabels, confirmRowRemoval, data: formData, fill: (values: Row) => { update({ ...dataRef.current, ...values }); } } satisfies ShellFormContext}
        showErrorList={false}
        noHtml5Validate
        omitExtraData
        liveValidate={submitted ? 'onChange' : undefined}
        focusOnFirstError
        readonly={!canSave}
        idPrefix={idPrefix}
      >
        {conflict && (
          <Alert color="orange" title="Salvataggio non effettuato" mt="lg" role="alert">
            <Text size="sm">{conflict}</Text>
            <Text size="sm" mt={4}>I valori inseriti sono rimasti nel modulo. Ricaricando si vedono i dati attuali e si perdono le modifiche non salvate.</Text>
            <Button size="xs" variant="default" mt="sm" onClick={() => { setConflict(undefined); onRecordChanged?.(); }}>Ricarica i dati</Button>
          </Alert>
        )}
        <FormActionBar label={actionsLabel}>
          {canSave && <Button type="submit" loading={saving}>Salva</Button>}
          {onBack && <Button variant="default" onClick={onBack}>{canSave ? 'Annulla' : "Torna all'elenco"}</Button>}
          {editKey && canDelete && entity.operations.includes('delete') && (
            <Button color="red" variant="light" onClick={() => void handleDelete()}>Elimina</Button>
          )}
          {editKey && form.states && (
            <TransitionActions entity={entity} form={form} editKey={editKey} record={record} onChanged={() => onRecordChanged?.()} unsavedChanges={unsavedChanges} />
          )}
          {editKey && <FormOperations entity={entity} form={form} editKey={editKey} record={record} />}
          {actions.map((Action, i) => <Action key={i} entityName={form.entity} editKey={editKey} record={record} />)}
        </FormActionBar>
      </Form>
    </div>
  );
}

function withDefaults(form: FormDef, data: Row): Row {
  const filled: unknown = createSchemaUtils(validatorFor(form.schema), form.schema).getDefaultFormState(form.schema, data);
  return fitToSchema(form.schema, applyRules(form.rules, isRecord(filled) ? filled : data));
}

/**
 * Enter in a text field does not submit the form (a half-typed value saved by accident); a textarea still
 * takes new lines and the Salva button still saves. rjsf's <form> takes no key handler, so the window's
 * listener does it, for keys typed inside this form: the last on the event's way up, it runs after the
 * fields' own handlers (a select's Enter still picks its option), and a keydown prevented there still
 * cancels the browser's implicit submission.
 */
function useNoSubmitOnEnter() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      if (event.key !== 'Enter' || !(target instanceof HTMLInputElement) || !element.contains(target)) return;
      if (submitsOnEnter(target, event.isComposing)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [element]);
  return setElement;
}

/** The row with each confirmation field set to the value it repeats (docs/spec-language.md#confirmation-fields). */
function withConfirmations(form: FormDef, row: Row): Row {
  return { ...row, ...Object.fromEntries((form.confirmFields ?? []).map((c) => [c.name, row[c.confirms] ?? null])) };
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}
