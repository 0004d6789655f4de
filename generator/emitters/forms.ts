/**
 * One rjsf form per entity with a form route: the same JSON Schema the API validates, the Italian
 * messages the API answers with, and the field rules the API applies, so the form can say before
 * saving exactly what the server would say after.
 */
import type { EntityModel, FieldModel, Model, StateMachineModel } from '../../common/model.js';
import { entityByName } from '../../common/model.js';
import { filledBy, inputSchema, messageTable } from '../shapes/entity-schema.js';
import { jsonFile, type Emitter } from './emitter.js';

export const formsEmitter: Emitter = {
  name: 'forms',
  emit: (model) =>
    model.entities.filter((e) => e.form).map((entity) => jsonFile(`forms/${entity.name}.json`, {
      entity: entity.name,
      title: entity.form!.title,
      key: entity.key,
      schema: inputSchema(entity, model),
      uiSchema: uiSchema(entity, model),
      messages: messageTable(entity, model),
      defaultMessages: model.messages.validation,
      rules: entity.rules,
      confirmations: entity.confirmations,
      // Fields a caller without the update permission may still change, and the permission that allows it.
      fieldPermissions: Object.fromEntries(entity.fields.filter((f) => f.editPermission).map((f) => [f.name, f.editPermission])),
      ...(entity.states ? { states: formStates(entity.states) } : {}),
    })),
};

/**
 * The state machine as the form needs it: the action buttons (shown when the row's `_actions` names them),
 * their confirmation and success messages, and the message after creating a row in a state.
 */
function formStates(states: StateMachineModel): Record<string, unknown> {
  return {
    field: states.field,
    initial: states.initial,
    transitions: states.transitions.map((t) => ({
      name: t.name, label: t.label, from: t.from, to: t.to, permission: t.permission, success: t.success, ...(t.confirm ? { confirm: t.confirm } : {}),
    })),
    created: Object.fromEntries(Object.entries(states.enter).filter(([, e]) => e.success).map(([state, e]) => [state, e.success])),
  };
}

function uiSchema(entity: EntityModel, model: Model): Record<string, unknown> {
  const order = [...entity.form!.fields, ...entity.children.map((c) => c.name), '*'];
  const ui: Record<string, unknown> = { 'ui:order': order, 'ui:submitButtonOptions': { submitText: 'Salva' } };
  for (const field of entity.fields) ui[field.name] = fieldUi(field);
  for (const child of entity.children) {
    const childEntity = entityByName(model, child.entity);
    const hidden = new Set(filledBy(child));
    const fields = Object.fromEntries(childEntity.fields.map((f) => [f.name, hidden.has(f.name) ? { 'ui:widget': 'hidden' } : fieldUi(f)]));
    ui[child.name] = child.kind === 'one' ? fields : { items: fields, 'ui:options': { orderable: false } };
  }
  return ui;
}

function fieldUi(field: FieldModel): Record<string, unknown> {
  const ui: Record<string, unknown> = {};
  const widget = field.ui.hidden ? 'hidden' : field.ui.widget ?? defaultWidget(field);
  if (widget) ui['ui:widget'] = widget;
  if (field.ui.help) ui['ui:help'] = field.ui.help;
  if (field.ui.placeholder) ui['ui:placeholder'] = field.ui.placeholder;
  if (field.readOnly) ui['ui:readonly'] = true;
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
    case 'enum': return 'select';
    default: return undefined;
  }
}
