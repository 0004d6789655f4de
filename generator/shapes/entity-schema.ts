/**
 * JSON Schema (2020-12, which OpenAPI 3.1 uses as is) of an entity's request and response bodies.
 * One builder for the API document, the rjsf forms and the demo-data check, so all three agree.
 */
import type { ChildModel, EntityModel, FieldModel, Model } from '../../common/model.js';
import { entityByName } from '../../common/model.js';

export type JsonSchema = Record<string, unknown>;
/** The schema of one value: a single type, and for an enum its codes. */
type ValueSchema = JsonSchema & { type: string; enum?: string[] };

/** A JSON object read back from a schema (a property, an `items`); any object is one. */
export function isJsonObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `properties` of an object schema built here, to add to or read one; a schema without is a generator bug. */
export function propertiesOf(schema: JsonSchema): JsonSchema {
  const properties = schema.properties;
  if (!isJsonObject(properties)) throw new Error(`Generator bug: schema ${String(schema.title)} has no properties.`);
  return properties;
}

export function fieldSchema(field: FieldModel, opts: { nullable: boolean }): JsonSchema {
  const base = valueSchema(field);
  const schema: JsonSchema = { ...base, title: field.label };
  if (opts.nullable) {
    schema.type = [base.type, 'null'];
    if (base.enum) schema.enum = [...base.enum, null];
  }
  if (field.default !== undefined) schema.default = field.default;
  return schema;
}

function valueSchema(field: FieldModel): ValueSchema {
  switch (field.type) {
    case 'string': return stringSchema(field);
    case 'integer': return withRange({ type: 'integer' }, field);
    case 'decimal': return withRange({ type: 'number' }, field);
    case 'boolean': return { type: 'boolean' };
    case 'date': return { type: 'string', format: 'date' };
    case 'datetime': return { type: 'string', format: 'date-time' };
    case 'enum': return { type: 'string', enum: (field.options ?? []).map((o) => o.value) };
    // The id of the stored file (server/files/): changes with every upload, so the row's ETag does too.
    // Bodies may send it back as read; the server ignores it (files change only through <item>/<field>).
    case 'file': return { type: 'string', maxLength: 64 };
    case 'reference': {
      const t = field.reference?.type ?? 'string';
      return t === 'integer' ? withRange({ type: 'integer' }, field) : stringSchema(field);
    }
  }
}

function stringSchema(field: FieldModel): ValueSchema {
  const s: ValueSchema = { type: 'string' };
  // A required text must not be blank: an empty string counts as missing, with the 'required' message.
  const minLength = field.minLength ?? (field.required ? 1 : undefined);
  if (minLength !== undefined) s.minLength = minLength;
  if (field.maxLength !== undefined) s.maxLength = field.maxLength;
  if (field.pattern !== undefined) s.pattern = field.pattern;
  if (field.format !== undefined) s.format = field.format;
  return s;
}

function withRange(s: ValueSchema, field: FieldModel): ValueSchema {
  if (field.minimum !== undefined) s.minimum = field.minimum;
  if (field.maximum !== undefined) s.maximum = field.maximum;
  return s;
}

/**
 * Body of create and update: the entity's fields plus its children; unknown properties are refused.
 * `filledByParent` fields (a child's link and fixed fields) may be sent, so a row read with GET can be
 * saved back as is, but are not required: the server fills them and refuses a different value.
 */
export function inputSchema(entity: EntityModel, model: Model, filledByParent: readonly string[] = [], serverSet: ServerSetFields = 'omit'): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of entity.fields) {
    const optional = filledByParent.includes(field.name);
    if (isServerSetField(field)) {
      // Never taken from a body (docs/spec-language.md#server-set-fields): the API's input leaves them out, so a
      // body naming one is 400 'Campo non previsto'; the form shows them read-only and does not send them.
      if (serverSet === 'readOnly') properties[field.name] = { ...fieldSchema(field, { nullable: true }), readOnly: true };
      continue;
    }
    properties[field.name] = fieldSchema(field, { nullable: !field.required || optional });
    if (field.required && field.default === undefined && !optional) required.push(field.name);
  }
  // A confirmation (docs/spec-language.md#confirmation-fields) is written like the field it repeats, never required.
  for (const confirm of entity.confirmFields ?? []) {
    const confirmed = entity.fields.find((f) => f.name === confirm.confirms);
    if (confirmed) properties[confirm.name] = { ...fieldSchema(confirmed, { nullable: true }), title: confirm.label };
  }
  for (const child of entity.children) {
    const childEntity = entityByName(model, child.entity);
    const itemSchema = inputSchema(childEntity, model, filledBy(child), serverSet);
    itemSchema.title = child.label;
    if (child.kind === 'one') {
      properties[child.name] = child.required ? itemSchema : { ...itemSchema, type: ['object', 'null'] };
      if (child.required) required.push(child.name);
    } else {
      properties[child.name] = { type: 'array', title: child.label, ...itemCount(child), items: withDroppableSlots(itemSchema, child) };
    }
  }
  return { type: 'object', title: entity.label, additionalProperties: false, required, properties };
}

/**
 * An item with its `dropEmpty` fields all empty is an empty slot the server drops before the check
 * (server/http/drop-empty-items.ts), in the parent's body and in the child list's own. With one such field, an
 * item without it is always dropped, never refused: the field is not required. With several, an item missing
 * only some of them is refused on those, so they stay required (the empty slot is accepted all the same).
 */
export function withDroppableSlots(itemSchema: JsonSchema, child: Pick<ChildModel, 'dropEmpty'>): JsonSchema {
  const dropped = child.dropEmpty ?? [];
  if (dropped.length !== 1 || !Array.isArray(itemSchema.required)) return itemSchema;
  const { required: all, ...rest } = itemSchema;
  const required = all.filter((f) => typeof f === 'string' && !dropped.includes(f));
  return required.length ? { ...rest, required } : rest;
}

/** What an input schema does with server-set fields: the API leaves them out, the form shows them read-only. */
export type ServerSetFields = 'omit' | 'readOnly';

/** A `many` child's bounds as JSON Schema keywords (the API's input, the child list's body, the form). */
export function itemCount(child: Pick<ChildModel, 'minItems' | 'maxItems'>): JsonSchema {
  return {
    ...(child.minItems !== undefined ? { minItems: child.minItems } : {}),
    ...(child.maxItems !== undefined ? { maxItems: child.maxItems } : {}),
  };
}

/** `readOnly` and `generate` fields are the server's to fill (server/crud/field-access.ts says the same). */
export function isServerSetField(field: FieldModel): boolean {
  return field.readOnly || field.generate !== undefined;
}

/** The child fields the parent fills on save: its link and its fixed values. */
export function filledBy(child: { link: Record<string, string>; fixed: Record<string, unknown> }): string[] {
  return [...Object.keys(child.link), ...Object.keys(child.fixed)];
}

/** The same schema without `default`s: the API must not invent values the caller did not send. */
export function withoutDefaults(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'default').map(([k, v]) => [k, k === 'enum' ? v : valueWithoutDefaults(v)]));
}

/** Inside a schema: nested schemas lose their defaults, lists are walked, plain values stay. */
function valueWithoutDefaults(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(valueWithoutDefaults);
  return isJsonObject(value) ? withoutDefaults(value) : value;
}

/** A row as the API returns it: every field present (null when empty), children only where embedded. */
export function rowSchema(entity: EntityModel, model: Model, withChildren: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of entity.fields) properties[field.name] = fieldSchema(field, { nullable: !field.required });
  if (withChildren) {
    for (const child of entity.children) {
      const childRow = rowSchema(entityByName(model, child.entity), model, false);
      properties[child.name] = child.kind === 'one' ? { ...childRow, type: ['object', 'null'] } : { type: 'array', items: childRow };
    }
  }
  return {
    type: 'object',
    additionalProperties: false,
    required: entity.fields.map((f) => f.name),
    properties,
  };
}

/**
 * Every message a body of this entity can produce, keyed by dotted path without array indexes
 * (`codAbi`, `group.groupName`, `modelliPos.codModpos`): what the API and the form both look up.
 */
/** A closed object of declared fields (a custom operation's or a transition's body); optional ones may be null. */
export function objectSchema(fields: readonly FieldModel[]): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: fields.filter((f) => f.required).map((f) => f.name),
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, { nullable: !f.required })])),
  };
}

export function messageTable(entity: EntityModel, model: Model, prefix = ''): Record<string, Record<string, string>> {
  const table: Record<string, Record<string, string>> = {};
  for (const field of entity.fields) table[prefix + field.name] = field.messages;
  // A confirmation is refused like its field (a malformed e-mail: "Mail non valida.").
  for (const confirm of entity.confirmFields ?? []) table[prefix + confirm.name] = table[prefix + confirm.confirms] ?? {};
  for (const child of entity.children) {
    // The list's own refusals (minItems, maxItems) under its name, the items' under `<name>.<field>`.
    if (child.messages) table[prefix + child.name] = child.messages;
    Object.assign(table, messageTable(entityByName(model, child.entity), model, `${prefix}${child.name}.`));
  }
  return table;
}
