/**
 * The lifecycle of an entity in the OpenAPI document (docs/spec-language.md#state-machines):
 *   - each transition is `POST /<path>/{key}/<name>` (x-operation transition, x-transition, x-permission),
 *     answering `{ message, row }` with the spec's success message, 409 from a state it does not leave;
 *     one with an `input` takes it as its JSON body (`<Entity><Transition>Input`);
 *   - the create body of an entity with states accepts only its initial states (`<Entity>CreateInput`);
 *   - a row read by GET carries `_actions`: the transitions, update and delete the caller may run on it now,
 *     so a form shows only the buttons the server would accept.
 */
import { machinesOf, transitionsOf, type EntityModel, type FieldModel, type TransitionModel } from '../../common/model.js';
import { isJsonObject, objectSchema, propertiesOf, type JsonSchema } from '../shapes/entity-schema.js';
import { textOf } from '../../common/text.js';
import { transitionBodyFields } from '../../common/reauthentication.js';

/** The header a client repeats on a retried transition (docs/spec-language.md#transition-checks). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key', in: 'header', required: false,
  description: 'Chiave scelta dal client: una richiesta ripetuta con la stessa chiave riceve la prima risposta, senza rieseguire la transizione',
  schema: { type: 'string', minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' },
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
const json = (schema: unknown) => ({ 'application/json': { schema } });

export type TransitionOpBuilder = (kind: string, id: string, permission: string, summary: string, extra: Record<string, unknown>) => unknown;

/** Whether rows of the entity say which actions the caller may run on them. */
export function hasActions(entity: EntityModel): boolean {
  return Boolean(entity.states || entity.editable);
}

/** The names `_actions` may hold for this entity: its transitions, then update and delete when it has them. */
export function actionNames(entity: EntityModel): string[] {
  return [...transitionsOf(entity).map((t) => t.name), ...(['update', 'delete'] as const).filter((op) => entity.api.operations.includes(op))];
}

/** Adds `_actions` to the row schema with children (`<Entity>Detail`), and the create body with initial states only. */
export function lifecycleSchemas(entity: EntityModel, schemas: Record<string, unknown>): void {
  if (hasActions(entity)) {
    // On a row read by GET and on each row of a list page (the list's row actions and bulk selection).
    for (const name of [`${entity.name}Detail`, entity.name]) {
      propertiesOf(schemaNamed(schemas, name))._actions = {
        type: 'array',
        description: 'Le azioni che il chiamante puo\' eseguire ora su questa riga (transizioni, update, delete)',
        items: { type: 'string', enum: actionNames(entity) },
      };
    }
    // A row read with GET may be sent back as it is: its actions are ignored, as its `_labels` are.
    propertiesOf(schemaNamed(schemas, `${entity.name}Input`))._actions = {
      type: 'array', description: 'Ignorato: le azioni che GET aggiunge alla riga', items: { type: 'string', enum: actionNames(entity) },
    };
  }
  const guarded = entity.fields.filter((f) => f.writableWhen).map((f) => f.name);
  if (guarded.length) {
    // On a row read by GET: the fields the caller may not change on it now (docs/spec-language.md#field-access);
    // a body may send it back, ignored, as it does `_labels`.
    const locked = { type: 'array', items: { type: 'string', enum: guarded } };
    propertiesOf(schemaNamed(schemas, `${entity.name}Detail`))._readOnly = { ...locked, description: 'I campi che il chiamante non puo\' modificare ora su questa riga (writableWhen)' };
    propertiesOf(schemaNamed(schemas, `${entity.name}Input`))._readOnly = { ...locked, description: 'Ignorato: i campi bloccati che GET aggiunge alla riga' };
  }
  const machines = machinesOf(entity);
  const lists = listsRequiredOnCreate(entity);
  const files = filesWithCreate(entity);
  if (!machines.length && !lists.length && !files.length) return;
  const input = structuredClone(schemaNamed(schemas, `${entity.name}Input`));
  // A create may carry a file field's file (docs/spec-language.md#files): its name, type and base64 bytes.
  for (const field of files) {
    const kept = propertiesOf(input)[field.name];
    if (kept === undefined) continue;
    propertiesOf(input)[field.name] = { anyOf: [kept, inlineFileSchema(field)] };
  }
  // Each machine's field takes only its initial states in a create.
  for (const states of machines) {
    const field = propertiesOf(input)[states.field];
    // A server-set state (readOnly: derived by a rule, moved by transitions) is not part of any request body.
    if (field === undefined && named(entity.fields, states.field).readOnly) continue;
    if (!isJsonObject(field) || !Array.isArray(field.enum)) throw new Error(`Generator bug: state field ${entity.name}.${states.field} has no enum schema.`);
    field.enum = field.enum.filter((v: unknown) => v === null || states.initial.includes(textOf(v)));
  }
  if (lists.length) {
    const required: unknown[] = Array.isArray(input.required) ? input.required : [];
    input.required = [...required, ...lists];
  }
  schemas[`${entity.name}CreateInput`] = input;
  if (!machines.length) return;
  for (const t of transitionsOf(entity)) {
    const body = transitionBodyFields(t);
    if (body.length) schemas[transitionInputName(entity, t)] = objectSchema(body);
  }
  schemas[`${entity.name}TransitionResult`] = {
    type: 'object', additionalProperties: false, required: ['message', 'row'],
    properties: { message: { type: 'string', description: 'Il messaggio di esito della specifica' }, row: ref(`${entity.name}Detail`) },
  };
}

function named(fields: FieldModel[], name: string): FieldModel {
  const found = fields.find((f) => f.name === name);
  if (!found) throw new Error(`Generator bug: no field ${name}.`);
  return found;
}

/** A schema `entitySchemas` (openapi.ts) has built before it asks for the lifecycle's. */
function schemaNamed(schemas: Record<string, unknown>, name: string): JsonSchema {
  const schema = schemas[name];
  if (!isJsonObject(schema)) throw new Error(`Generator bug: no schema ${name} yet.`);
  return schema;
}

/** The request body schema of a transition with an input: `MovimentoMagazzinoRifiutaInput`. */
export function transitionInputName(entity: EntityModel, t: TransitionModel): string {
  return `${entity.name}${t.name[0].toUpperCase()}${t.name.slice(1)}Input`;
}

/**
 * The `many` lists a create must carry: the service reads one left out as empty, which a `minItems` refuses, so
 * the document says so and a client (the contract fuzzer too) sends it. An update may leave a list out (unchanged).
 */
function listsRequiredOnCreate(entity: EntityModel): string[] {
  return entity.children.filter((c) => c.kind === 'many' && (c.minItems ?? 0) > 0).map((c) => c.name);
}

/** The file fields a create may carry the file of (an entity with create). */
function filesWithCreate(entity: EntityModel): FieldModel[] {
  return entity.api.operations.includes('create') ? entity.fields.filter((f) => f.file !== undefined && !f.readOnly) : [];
}

/** A file in a create's body: the original name, the content type, the bytes in base64 (at most the field's maxSize). */
function inlineFileSchema(field: FieldModel): JsonSchema {
  const maxSize = field.file?.maxSize ?? 0;
  return {
    type: 'object', additionalProperties: false, required: ['name', 'contentType', 'content'],
    description: 'Il file da salvare con la riga: nome, tipo e contenuto in base64',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 255 },
      contentType: { type: 'string', maxLength: 100 },
      // One byte over the limit still reaches the field's own size message (server/files/inline-upload.ts).
      content: { type: 'string', contentEncoding: 'base64', maxLength: Math.ceil((maxSize + 1) / 3) * 4 },
    },
  };
}

/** The request body schema name of create. */
export function createInputName(entity: EntityModel): string {
  return machinesOf(entity).length || listsRequiredOnCreate(entity).length || filesWithCreate(entity).length ? `${entity.name}CreateInput` : `${entity.name}Input`;
}

export function addTransitionPaths(
  paths: Record<string, Record<string, unknown>>, entity: EntityModel, item: string, keyParams: unknown[],
  op: TransitionOpBuilder, common: Record<string, unknown>,
): void {
  for (const t of transitionsOf(entity)) {
    const body = transitionBodyFields(t);
    const operation = op('transition', `${t.name}${entity.name}`, t.permission, `${t.label}: ${entity.label}`, {
      description: `Da ${t.from.join(', ')} a ${t.to}.${t.reauthenticate ? ' Operazione critica: il corpo porta la password del chiamante.' : ''}`,
      'x-transition': t.name,
      'x-success-message': t.success,
      // A retried request (a lost answer, a double click) with the same key gets the first answer again.
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      ...(body.length ? {
        requestBody: {
          required: body.some((f) => f.required),
          content: json(ref(transitionInputName(entity, t))),
        },
      } : {}),
      responses: {
        200: { description: t.success, content: json(ref(`${entity.name}TransitionResult`)) },
        404: errorResponse('Non trovato'),
        409: errorResponse('Non consentita nello stato attuale'),
        ...(t.reauthenticate ? { 429: errorResponse('Troppi tentativi di password: utenza bloccata per un po\'') } : {}),
        422: errorResponse(t.checks || t.lock
          ? 'Rifiutata da una condizione della transizione (TRANSITION_REFUSED, il suo messaggio), o chiave di idempotenza già usata per un\'altra richiesta'
          : 'Chiave di idempotenza già usata per un\'altra richiesta (IDEMPOTENCY_KEY_REUSED)'),
        ...common,
      },
    });
    paths[`${item}/${t.name}`] = { parameters: keyParams, post: operation };
  }
}
