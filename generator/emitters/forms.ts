/**
 * One rjsf form per entity with a form route: the same JSON Schema the API validates, the Italian
 * messages the API answers with, and the field rules the API applies, so the form can say before
 * saving exactly what the server would say after.
 */
import type { ChildModel, EntityModel, FieldModel, Model, StateMachineModel, TransitionCheck, TransitionModel } from '../../common/model.js';
import { logicVars } from '../../common/lifecycle.js';
import { entityByName, machinesOf } from '../../common/model.js';
import { layoutNames } from '../../common/form-layout.js';
import { transferReferenceOf } from '../model/transfer-list.js';
import { filledBy, inputSchema, messageTable, objectSchema } from '../shapes/entity-schema.js';
import { jsonFile, type Emitter, type GeneratedFile } from './emitter.js';
import { transitionBodyFields } from '../../common/reauthentication.js';

export const formsEmitter: Emitter = {
  name: 'forms',
  emit: (model) =>
    model.entities.flatMap((entity) => entity.form ? [formFile(entity, entity.form, model)] : []),
};

function formFile(entity: EntityModel, form: NonNullable<EntityModel['form']>, model: Model): GeneratedFile {
  return jsonFile(`forms/${entity.name}.json`, {
    entity: entity.name,
    title: form.title,
    key: entity.key,
    // Server-set fields are shown read-only (`readOnly: true`) and left out of what the form sends.
    schema: inputSchema(entity, model, [], 'readOnly'),
    uiSchema: uiSchema(entity, form, model),
    messages: messageTable(entity, model),
    defaultMessages: model.messages.validation,
    rules: entity.rules,
    confirmations: entity.confirmations,
    ...(entity.success ? { success: entity.success } : {}),
    // The form's own banners when a save does not go through (docs/spec-language.md#form-banners).
    ...(form.banners ? { banners: form.banners } : {}),
    ...(entity.deleteConfirmation ? { deleteConfirmation: entity.deleteConfirmation } : {}),
    ...(entity.checks ? { checks: entity.checks } : {}),
    // Form-only fields that repeat another: prefilled with it on a stored row, and they must match before saving.
    ...(entity.confirmFields ? { confirmFields: entity.confirmFields } : {}),
    // Fields a caller without the update permission may still change, and the permission that allows it.
    fieldPermissions: Object.fromEntries(entity.fields.filter((f) => f.editPermission).map((f) => [f.name, f.editPermission])),
    // requiredWhen, readOnlyWhen, hiddenWhen: the form evaluates them on its data as the API does on the row.
    ...(entity.fields.some((f) => f.when) ? { conditions: Object.fromEntries(entity.fields.flatMap((f) => (f.when ? [[f.name, f.when]] : []))) } : {}),
    // Fields shown only while a boolean configuration key is on (docs/spec-language.md#fields-enabled-by-configuration).
    ...(entity.fields.some((f) => f.enabledBy) ? { enabledBy: Object.fromEntries(entity.fields.flatMap((f) => (f.enabledBy ? [[f.name, f.enabledBy]] : []))) } : {}),
    ...(entity.states?.length ? { states: formStates(entity.states) } : {}),
    // The inputs of the form's operations that take a body (docs/spec-language.md#form-operations), by operation.
    ...(operationInputs(form, model) ? { operationInputs: operationInputs(form, model) } : {}),
  });
}

function operationInputs(form: NonNullable<EntityModel['form']>, model: Model): Record<string, unknown> | undefined {
  const withBody = (form.operations ?? []).flatMap((b) => {
    const body = model.operations.find((o) => o.name === b.operation)?.body;
    return body?.length ? [[b.operation, inputForm(body)] as const] : [];
  });
  return withBody.length ? Object.fromEntries(withBody) : undefined;
}

/**
 * The state machine as the form needs it: the action buttons (shown when the row's `_actions` names them),
 * their confirmation and success messages, and the message after creating a row in a state.
 */
function formStates(machines: StateMachineModel[]): Record<string, unknown> {
  // `field`, `initial` and `created` are the first machine's (the one a new row's message speaks of);
  // `fields` are every machine's state fields, `transitions` every machine's.
  const [states] = machines;
  return {
    field: states.field,
    fields: machines.map((m) => m.field),
    initial: states.initial,
    transitions: machines.flatMap((m) => m.transitions).map((t) => ({
      name: t.name, label: t.label, from: t.from, to: t.to, permission: t.permission, success: t.success, ...(t.confirm ? { confirm: t.confirm } : {}),
      ...(transitionBodyFields(t).length ? { input: inputForm(transitionBodyFields(t)) } : {}),
      // The form starts the input at `prefill` and holds `lock`ed inputs there (JSON Logic over the row).
      ...(t.prefill ? { prefill: t.prefill } : {}),
      ...(t.lock ? { lock: Object.fromEntries(Object.entries(t.lock).map(([f, l]) => [f, l.when])) } : {}),
      ...(t.reauthenticate ? { reauthenticate: true } : {}),
      // The checks the form can decide itself (over the row, the input and the date): asked before sending.
      ...(formChecks(t).length ? { checks: formChecks(t) } : {}),
    })),
    created: Object.fromEntries(Object.entries(states.enter).filter(([, e]) => e.success).map(([state, e]) => [state, e.success])),
  };
}

/**
 * A transition's checks that read only the row, the input and the date: the form evaluates them as the server
 * does; those reading the caller or a related row are the server's alone (it answers them the same way).
 */
function formChecks(t: TransitionModel): TransitionCheck[] {
  const local = new Set(['row', 'input', 'now', 'today']);
  return (t.checks ?? []).filter((c) => logicVars(c.valid).every((v) => local.has(v.name.split('.')[0])));
}

/** What the caller fills in before a transition runs: the API's body schema, its widgets and messages. */
function inputForm(fields: FieldModel[]): Record<string, unknown> {
  return {
    schema: objectSchema(fields),
    uiSchema: { 'ui:order': fields.map((f) => f.name), ...Object.fromEntries(fields.map((f) => [f.name, fieldUi(f)])) },
    messages: Object.fromEntries(fields.map((f) => [f.name, f.messages])),
  };
}

function uiSchema(entity: EntityModel, form: NonNullable<EntityModel['form']>, model: Model): Record<string, unknown> {
  const order = [...(form.layout ? layoutNames(form.layout) : [...form.fields, ...entity.children.map((c) => c.name)]), '*'];
  const ui: Record<string, unknown> = { 'ui:order': order, 'ui:submitButtonOptions': { submitText: 'Salva' } };
  // Tabs, sections and columns: the shell's object template reads it (ui/src/shell/form/FormLayout.tsx).
  if (form.layout) ui['ui:layout'] = form.layout;
  // The state changes only through the transitions' buttons, and a new row starts in the default (pending)
  // state: other initial states need a transition's permission and guard, which depend on the row, so the
  // form shows the state without offering a choice it could not keep (issue 12 item 4).
  const stateFields = new Set(machinesOf(entity).map((m) => m.field));
  for (const field of entity.fields) ui[field.name] = stateFields.has(field.name) ? { ...fieldUi(field), 'ui:readonly': true } : fieldUi(field);
  for (const child of entity.children) {
    const childEntity = entityByName(model, child.entity);
    const hidden = new Set(filledBy(child));
    const fields = Object.fromEntries(childEntity.fields.map((f) => [f.name, hidden.has(f.name) ? { 'ui:widget': 'hidden' } : fieldUi(f)]));
    ui[child.name] = child.kind === 'one' ? fields : { items: fields, 'ui:options': { orderable: false } };
    if (child.widget === 'transferList') ui[child.name] = transferListUi(child, childEntity, model);
    // A checkbox per offered value (ui/src/shell/form/ChildChoicesField.tsx; docs/spec-language.md#child-choices).
    if (child.choices) {
      ui[child.name] = { 'ui:field': 'childChoices', 'ui:options': { childField: child.choices.field, values: child.choices.values, labels: child.choices.labels, ...(child.choices.functions ? { functions: child.choices.functions } : {}) } };
    }
    // One tab per item (ui/src/shell/form/ChildTabsField.tsx), titled "Titolare 1", "Titolare 2"...
    if (child.widget === 'tabs') {
      ui[child.name] = { items: fields, 'ui:field': 'childTabs', 'ui:options': { orderable: false, itemLabel: child.itemLabel ?? `${childEntity.label} {n}` } };
    }
  }
  return ui;
}

/**
 * The transfer list's options: which child field holds the moved row's key, and where the form reads the
 * rows to offer (the referenced entity's compact list, in the caller's scope) and how it labels them.
 */
function transferListUi(child: ChildModel, childEntity: EntityModel, model: Model): Record<string, unknown> {
  const { field, reference } = transferReferenceOf(child, childEntity);
  const source = entityByName(model, reference.entity);
  const labelField = source.api.compact.find((f) => f !== reference.field) ?? reference.field;
  return {
    'ui:field': 'transferList',
    'ui:options': {
      // Not `field`: rjsf merges ui:options over ui:field, so an option named `field` would replace the widget.
      childField: field.name, entity: source.name, valueField: reference.field, labelField,
      // "disponibili" agrees with any plural noun, so no gender is guessed from the label.
      chosenTitle: child.label, availableTitle: `${source.labelPlural} disponibili`,
    },
  };
}

function fieldUi(field: FieldModel): Record<string, unknown> {
  const ui: Record<string, unknown> = {};
  const widget = field.ui.hidden ? 'hidden' : field.ui.copy ? 'copyText' : field.ui.widget ?? (field.lookup ? 'reference' : defaultWidget(field));
  if (widget) ui['ui:widget'] = widget;
  if (field.ui.help) ui['ui:help'] = field.ui.help;
  if (field.ui.placeholder) ui['ui:placeholder'] = field.ui.placeholder;
  if (field.readOnly) ui['ui:readonly'] = true;
  // The upload widget (ui/src/forms/widgets/StoredFileWidget.tsx) checks size, name and type in the
  // browser with the same rule and messages the server applies, then uploads to `<item>/<field>`.
  if (field.file) ui['ui:options'] = { file: field.file };
  // How many decimals the decimal widget takes and shows (the column's scale, default 2).
  if (field.type === 'decimal' && !field.ui.widget) ui['ui:options'] = { scale: field.scale ?? 2 };
  // A searchable select over the referenced entity's display fields (ui/src/shell/form/ReferenceWidget.tsx).
  if (field.reference && !field.ui.hidden && !field.ui.widget) ui['ui:options'] = { entity: field.reference.entity };
  // A lookup is the same select, over the rows its filterBy fields allow, filling fields from the chosen one.
  if (field.lookup && !field.ui.hidden && !field.ui.widget) ui['ui:options'] = { entity: field.lookup.entity, lookup: field.lookup };
  // A text with a button that copies it (ui/src/shell/form/CopyTextWidget.tsx), with the spec's banners.
  if (field.ui.copy && !field.ui.hidden) ui['ui:options'] = { copy: field.ui.copy };
  // One box per piece of the value (ui/src/shell/form/PartsWidget.tsx); other prefixes in one box.
  if (field.ui.widget === 'parts' && field.ui.parts) ui['ui:options'] = { parts: field.ui.parts, ...(field.ui.partsPrefixes ? { prefixes: field.ui.partsPrefixes } : {}) };
  if (field.options) {
    ui['ui:enumNames'] = [...field.options.map((o) => o.label), ...(field.required ? [] : ['-'])];
  }
  return ui;
}

function defaultWidget(field: FieldModel): string | undefined {
  switch (field.type) {
    case 'boolean': return 'checkbox';
    case 'date': return 'date';
    case 'datetime': return 'datetime';
    // Typed and shown with a decimal comma (seed 000 §9), not the browser's number box.
    case 'decimal': return 'decimal';
    case 'enum': return 'select';
    case 'file': return 'storedFile';
    case 'reference': return 'reference';
    default: return undefined;
  }
}
