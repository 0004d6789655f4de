/**
 * OpenAPI 3.1 document of the whole API. Every operation carries `x-permission: FUNCTION:ACTION`
 * (the server enforces it, the UI shows or hides by it) and refers to shared component schemas,
 * because express-openapi-validator cannot follow schema-local $defs.
 */
import type { ChildModel, ChildOperation, EntityModel, FieldModel, Model, Operation } from '../../common/model.js';
import { compactFields, entityByName, permissionsOf } from '../../common/model.js';
import { fieldByName } from '../model/resolved.js';
import { fieldSchema, filledBy, inputSchema, itemCount, rowSchema, withDroppableSlots, withoutDefaults, type JsonSchema } from '../shapes/entity-schema.js';
import { jsonFile, type Emitter } from './emitter.js';
import { addCustomOperations } from './openapi-custom.js';
import { addFilePaths } from './openapi-files.js';
import { addExportJobPaths, addExportPath, EXPORT_TAG, type ParameterObject } from './openapi-export.js';
import { addTransitionPaths, createInputName, lifecycleSchemas } from './openapi-lifecycle.js';
import { displaySearchParameter, referenceLabelSchemas, withIgnoredLabels } from './openapi-labels.js';
import { addRelatedListPaths } from './openapi-related.js';
import { addBulkTransitionPaths } from './openapi-bulk.js';
import { addReportPaths, REPORT_TAG } from './openapi-report.js';

export const API_BASE = '/webpos/api/v1';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
const json = (schema: unknown) => ({ 'application/json': { schema } });
/**
 * Optimistic concurrency (docs/artifacts.md#versions): reads answer the row's ETag, writes of an existing
 * row must send it back in If-Match; 428 without it, 412 when the row changed meanwhile.
 */
const etagHeader = { ETag: { description: "Versione dell'elemento (con i figli): da rimandare in If-Match per modificarlo o eliminarlo", schema: { type: 'string' } } };
const ifMatchParam = {
  name: 'If-Match', in: 'header', required: true, schema: { type: 'string', maxLength: 1000 },
  description: "L'ETag letto con GET (o avuto dall'ultima modifica): senza, 428; se l'elemento è cambiato nel frattempo, 412",
};
const versionResponses = () => ({ 412: errorResponse('Modificato nel frattempo'), 428: errorResponse('Versione mancante') });

/** Every operation names its entity, kind and permission, so the server binds it without naming conventions. */
/** The entity operation whose permission an emitted operation kind checks. */
const OPERATION_OF_KIND: Partial<Record<string, Operation | ChildOperation>> = {
  list: 'list', get: 'get', create: 'create', update: 'update', delete: 'delete', childList: 'childList', childReplace: 'childReplace',
  fileGet: 'get', fileUpdate: 'update', fileCheck: 'update',
};

type OpBuilder = (kind: string, id: string, permission: string, summary: string, extra: Record<string, unknown>, child?: string) => Record<string, unknown>;

export const openapiEmitter: Emitter = {
  name: 'openapi',
  emit: (model) => [jsonFile('openapi.json', buildOpenApi(model))],
};

export function buildOpenApi(model: Model): Record<string, unknown> {
  const schemas: Record<string, unknown> = { Error: errorSchema() };
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: { name: string; description: string }[] = [];
  // Child-only entities have no paths of their own, but their rows appear in their parent's answers.
  for (const entity of model.entities) schemas[entity.name] = rowSchema(entity, model, false);
  for (const entity of model.entities.filter((e) => e.api.operations.length > 0)) {
    tags.push({ name: entity.name, description: entity.labelPlural });
    Object.assign(schemas, entitySchemas(entity, model));
    addEntityPaths(paths, schemas, entity, model);
  }
  // A custom operation may answer rows of an entity without an API of its own (the audit trail).
  for (const op of model.operations) {
    const entity = op.response.entity ? entityByName(model, op.response.entity) : undefined;
    if (!entity || entity.api.operations.length > 0) continue;
    const wanted = op.response.shape === 'page' ? `${entity.name}Page` : op.response.shape === 'one' ? `${entity.name}Detail` : undefined;
    if (wanted) schemas[wanted] = entitySchemas(entity, model)[wanted];
  }
  addCustomOperations(paths, model.operations);
  if (model.reports.length) {
    addReportPaths(paths, schemas, model, listParameters);
    tags.push(REPORT_TAG);
  }
  if (model.entities.some((e) => e.api.export)) {
    addExportJobPaths(paths, schemas);
    tags.push(EXPORT_TAG);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'WebPOS API', version: '1.0.0', description: 'Generated from spec/ by `npm run gen`. Do not edit.' },
    servers: [{ url: API_BASE }],
    tags,
    paths: sortKeys(paths),
    components: {
      securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'X-AuthToken' } },
      schemas: sortKeys(schemas),
    },
  };
}

/**
 * A page of the list; with `api.countLimit` the count stops there and says so; with `api.paging: keyset` the
 * positions of the pages around it.
 */
function pageSchema(entity: EntityModel): Record<string, unknown> {
  const limit = entity.api.countLimit;
  const results = { type: 'array', items: rowChoices(entity) };
  const cursors = entity.api.paging === 'keyset' ? {
    nextCursor: { type: 'string', description: 'The next page: pass it as ?cursor= (absent on the last page).' },
    prevCursor: { type: 'string', description: 'The previous page: pass it as ?cursor= (absent on the first page).' },
  } : {};
  if (limit === undefined) {
    return { type: 'object', additionalProperties: false, required: ['results', 'totalCount'], properties: { results, totalCount: { type: 'integer', minimum: 0 }, ...cursors } };
  }
  return {
    type: 'object', additionalProperties: false, required: ['results', 'totalCount', 'totalCountCapped'],
    properties: {
      results,
      totalCount: { type: 'integer', minimum: 0, maximum: limit, description: `Matching rows, counted up to ${limit}.` },
      totalCountCapped: { type: 'boolean', description: `More than ${limit} rows match: totalCount is ${limit}.` },
      ...cursors,
    },
  };
}

function entitySchemas(entity: EntityModel, model: Model): Record<string, unknown> {
  const out: Record<string, unknown> = {
    // Defaults are applied by the server on create only; in the document they would make the validator
    // fill them into every PUT and silently reset fields the caller left out.
    [`${entity.name}Input`]: withoutDefaults(inputSchema(entity, model)),
    [entity.name]: rowSchema(entity, model, false),
    [`${entity.name}Detail`]: rowSchema(entity, model, true),
    [`${entity.name}Page`]: pageSchema(entity),
  };
  // What public reference data answers a caller without its list permission: key and display fields.
  if (entity.referenceData) {
    const named = entity.fields.filter((f) => entity.key.includes(f.name) || entity.display.includes(f.name));
    out[`${entity.name}Name`] = {
      type: 'object', additionalProperties: false, required: named.map((f) => f.name),
      properties: Object.fromEntries(named.map((f) => [f.name, fieldSchema(f, { nullable: !f.required })])),
    };
  }
  if (entity.api.compact.length) {
    const compact = compactFields(entity);
    const fields = entity.fields.filter((f) => compact.includes(f.name));
    out[`${entity.name}Compact`] = {
      type: 'object', additionalProperties: false, required: fields.map((f) => f.name),
      properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, { nullable: !f.required })])),
    };
  }
  // Before the lifecycle's: its create body is a copy of the input, `_labels` included.
  referenceLabelSchemas(entity, out, model);
  lifecycleSchemas(entity, out);
  return out;
}

/** A list's rows: whole, compact (`?format=compact`) and, for public reference data, by name only. */
function rowChoices(entity: EntityModel): Record<string, unknown> {
  const choices = [ref(entity.name), ...(entity.api.compact.length ? [ref(`${entity.name}Compact`)] : []), ...(entity.referenceData ? [ref(`${entity.name}Name`)] : [])];
  return choices.length === 1 ? choices[0] : { anyOf: choices };
}

function addEntityPaths(paths: Record<string, Record<string, unknown>>, schemas: Record<string, unknown>, entity: EntityModel, model: Model): void {
  const collection = `/${entity.api.path}`;
  const scopedBy = pathFields(entity);
  const item = [collection, ...entity.key.filter((k) => !scopedBy.includes(k)).map((k) => `{${k}}`)].join('/');
  const keyParams = entity.key.map((k) => pathParam(fieldByName(entity, k)));
  const collectionParams = keyParams.filter((p) => scopedBy.includes(p.name));
  const ops = new Set(entity.api.operations);
  const op: OpBuilder = (kind, id, permission, summary, extra, child) => {
    // The spec's `success:` text for this operation, which the form shows after it (seed 000 §8).
    const success = child ? undefined : successMessage(entity, kind);
    // Rows governed by another function (spec `rowPermissions`): its holders may call too; the service then
    // checks the row's own function (server/crud/entity-service.ts requireRowPermission). A list is the entity's alone.
    // An operation the spec lets any of several permissions call (docs/spec-language.md#any-of-permissions) lists
    // them all in `x-permissions-any`; `x-permission` stays the first. A file's operations are its row's get and update.
    const governing = OPERATION_OF_KIND[kind];
    const alternatives = governing && entity.api.permissions[governing] === permission ? permissionsOf(entity.api, governing) : [permission];
    const rowPermissions = kind === 'list' ? [] : [...new Set(alternatives.flatMap((p) => {
      const [fn, action] = p.split(':');
      return (entity.rowPermissions ?? []).filter((r) => r.replaces === fn).map((r) => `${r.permission}:${action}`);
    }))];
    return {
      operationId: id, summary, tags: [entity.name], 'x-access': 'permission', 'x-permission': permission, 'x-entity': entity.name, 'x-operation': kind,
      ...(alternatives.length > 1 ? { 'x-permissions-any': alternatives } : {}),
      ...(rowPermissions.length ? { 'x-row-permissions': rowPermissions } : {}),
      ...(child ? { 'x-child': child } : {}),
      ...(success ? { 'x-success-message': success } : {}),
      security: [{ authToken: [] }], ...extra,
    };
  };
  const common = {
    400: errorResponse('Dati non validi'), 401: errorResponse('Non autenticato'), 403: errorResponse('Non autorizzato'), 500: errorResponse('Errore del server'),
  };

  if (ops.has('list') || ops.has('create')) paths[collection] = collectionParams.length ? { parameters: collectionParams } : {};
  if (ops.has('list')) {
    paths[collection].get = op('list', `list${entity.name}`, entity.api.permissions.list, `Elenco ${entity.labelPlural}`, {
      // Reference data: a compact search (`?format=compact`) needs a session only (server/http/authorize.ts).
      ...(entity.referenceData ? { 'x-reference-data': true } : {}),
      parameters: listParameters(entity),
      responses: { 200: { description: 'Una pagina di risultati', content: json(ref(`${entity.name}Page`)) }, ...common },
    });
    addExportPath(paths, entity, collection, collectionParams, listParameters(entity));
  }
  if (ops.has('create')) {
    paths[collection].post = op('create', `create${entity.name}`, entity.api.permissions.create, `Nuovo ${entity.label}`, {
      requestBody: { required: true, content: json(ref(createInputName(entity))) },
      responses: { 201: { description: 'Creato', headers: etagHeader, content: json(ref(`${entity.name}Detail`)) }, 409: errorResponse('Gia\' presente'), ...common },
    });
  }
  const itemOps: Record<string, unknown> = {};
  if (ops.has('get')) {
    itemOps.get = op('get', `get${entity.name}`, entity.api.permissions.get, `Dettaglio ${entity.label}`, {
      responses: { 200: { description: 'Trovato', headers: etagHeader, content: json(ref(`${entity.name}Detail`)) }, 404: errorResponse('Non trovato'), ...common },
    });
  }
  if (ops.has('update')) {
    const fieldPermissions = [...new Set(entity.fields.map((f) => f.editPermission).filter((p): p is string => Boolean(p)))].sort();
    itemOps.put = op('update', `update${entity.name}`, entity.api.permissions.update, `Modifica ${entity.label}`, {
      // Callers holding only one of these may call it, to change just the fields that name it.
      ...(fieldPermissions.length ? { 'x-field-permissions': fieldPermissions } : {}),
      parameters: [ifMatchParam],
      requestBody: { required: true, content: json(ref(`${entity.name}Input`)) },
      responses: { 200: { description: 'Aggiornato', headers: etagHeader, content: json(ref(`${entity.name}Detail`)) }, 404: errorResponse('Non trovato'), 409: errorResponse('Conflitto'), ...versionResponses(), ...common },
    });
  }
  if (ops.has('delete')) {
    itemOps.delete = op('delete', `delete${entity.name}`, entity.api.permissions.delete, `Elimina ${entity.label}`, {
      parameters: [ifMatchParam],
      responses: { 204: { description: 'Eliminato' }, 404: errorResponse('Non trovato'), 409: errorResponse('In uso'), ...versionResponses(), ...common },
    });
  }
  if (Object.keys(itemOps).length) paths[item] = { parameters: keyParams, ...itemOps };
  if (ops.has('get')) addTransitionPaths(paths, entity, item, keyParams, op, common);
  if (ops.has('get')) addBulkTransitionPaths(paths, schemas, entity, collection, collectionParams, op, common);
  addFilePaths(paths, entity, item, keyParams, op, common);

  for (const child of entity.children.filter((c) => c.kind === 'many')) {
    if (!ops.has('get')) continue;
    addChildPaths(paths, entity, child, model, item, keyParams, op, common);
  }
  if (ops.has('get')) addRelatedListPaths(paths, entity, model, item, keyParams, common, (e, k) => pathParam(fieldByName(e, k)));
}

function addChildPaths(
  paths: Record<string, Record<string, unknown>>, entity: EntityModel, child: ChildModel, model: Model, item: string,
  keyParams: unknown[], op: OpBuilder, common: Record<string, unknown>,
): void {
  const childEntity = entityByName(model, child.entity);
  const suffix = child.name[0].toUpperCase() + child.name.slice(1);
  const list = { type: 'array', items: ref(childEntity.name) };
  const input = { type: 'array', ...itemCount(child), items: withDroppableSlots(withIgnoredLabels(childEntity, withoutDefaults(inputSchema(childEntity, model, filledBy(child)))), child) };
  paths[`${item}/${child.name}`] = {
    parameters: keyParams,
    get: op('childList', `list${entity.name}${suffix}`, entity.api.permissions.childList, `${child.label} di ${entity.label}`, {
      responses: { 200: { description: "Elenco (ETag: la versione dell'elemento padre)", headers: etagHeader, content: json(list) }, 404: errorResponse('Non trovato'), ...common },
    }, child.name),
    put: op('childReplace', `replace${entity.name}${suffix}`, entity.api.permissions.childReplace, `Sostituisce ${child.label} di ${entity.label}`, {
      parameters: [ifMatchParam],
      requestBody: { required: true, content: json(input) },
      responses: { 200: { description: 'Elenco aggiornato', headers: etagHeader, content: json(list) }, 404: errorResponse('Non trovato'), 409: errorResponse('Conflitto'), ...versionResponses(), ...common },
    }, child.name),
  };
}

/** The spec's banner after a create, update or delete; other operations have none. */
function successMessage(entity: EntityModel, kind: string): string | undefined {
  return kind === 'create' || kind === 'update' || kind === 'delete' ? entity.success?.[kind] : undefined;
}

function pathParam(field: FieldModel): ParameterObject {
  const s = fieldSchema(field, { nullable: false });
  delete s.default;
  return { name: field.name, in: 'path', required: true, description: field.label, schema: s };
}

/** Key fields named in the collection path (gruppi/{groupName}/ruoli): they scope the collection. */
export function pathFields(entity: EntityModel): string[] {
  return [...entity.api.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

/** Fields that can be filtered: those with a search mode or listed among the list filters. */
export function filterFields(entity: EntityModel): FieldModel[] {
  const listed = entity.list?.filters ?? [];
  return entity.fields.filter((f) => f.search !== undefined || listed.includes(f.name));
}

export function listParameters(entity: EntityModel): ParameterObject[] {
  const sortable = entity.fields.map((f) => f.name);
  const params: ParameterObject[] = [
    { name: 'page', in: 'query', description: 'Pagina, da 0', schema: { type: 'integer', minimum: 0, default: 0 } },
    // api.paging: keyset (docs/spec-language.md#paging-by-cursor): a position the list answered, in place of page.
    ...(entity.api.paging === 'keyset' ? [{ name: 'cursor', in: 'query' as const, description: 'Posizione restituita dall\'elenco (nextCursor o prevCursor), al posto di page', schema: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^[A-Za-z0-9_-]+$' } }] : []),
    { name: 'size', in: 'query', description: 'Righe per pagina', schema: { type: 'integer', minimum: 1, maximum: entity.api.maxPageSize, default: entity.api.pageSize } },
    { name: 'sort', in: 'query', description: 'campo oppure campo,asc|desc', allowReserved: true, schema: { type: 'string', pattern: `^(${sortable.join('|')})(,(asc|desc))?$` } },
  ];
  if (entity.api.compact.length) params.push({ name: 'format', in: 'query', description: 'compact: solo i campi per la ricerca rapida', schema: { type: 'string', enum: ['compact', 'full'] } });
  params.push(displaySearchParameter(entity));
  for (const field of filterFields(entity)) {
    if (field.search === 'range') {
      // Two parameters, both ends included: `<param>Da` (from) and `<param>A` (to); x-range tells the server which.
      for (const [suffix, end, label] of [['Da', 'from', 'dal'], ['A', 'to', 'al']] as const) {
        params.push({ name: `${field.filterParam}${suffix}`, in: 'query', description: `Filtro: ${field.label} ${label}`, 'x-field': field.name, 'x-range': end, schema: filterSchema(field) });
      }
      continue;
    }
    // A type-ahead text may hold '+' (a space in form encoding) or ','; the validator refuses reserved characters otherwise.
    params.push({ name: field.filterParam, in: 'query', description: `Filtro: ${field.label}`, 'x-field': field.name, allowReserved: true, schema: filterSchema(field) });
  }
  // A yes/no filter over an enum group (docs/spec-language.md#filters-over-an-enum-group): x-field and x-group for the server.
  for (const filter of entity.groupFilters ?? []) {
    params.push({ name: filter.param, in: 'query', description: `Filtro: ${filter.label}`, 'x-field': filter.field, 'x-group': filter.group, schema: { type: 'boolean' } });
  }
  // A filter over related rows (docs/spec-language.md#filters-over-related-rows): x-exists names it for the server.
  for (const filter of entity.existsFilters ?? []) {
    params.push({ name: filter.param, in: 'query', description: `Filtro: ${filter.label}`, 'x-exists': filter.param, allowReserved: true, schema: { type: 'string' } });
  }
  return params;
}

/** Filters are looser than the field itself: a type-ahead sends partial values. */
function filterSchema(field: FieldModel): JsonSchema {
  switch (field.type) {
    case 'integer': return { type: 'integer' };
    case 'decimal': return { type: 'number' };
    case 'boolean': return { type: 'boolean' };
    case 'date': return { type: 'string', format: 'date' };
    case 'datetime': return { type: 'string', format: 'date-time' };
    case 'enum': return { type: 'string', enum: (field.options ?? []).map((o) => o.value) };
    default: return field.reference?.type === 'integer' ? { type: 'integer' } : { type: 'string', maxLength: 200 };
  }
}

function errorSchema(): Record<string, unknown> {
  return {
    type: 'object', additionalProperties: false, required: ['errorMessage', 'code', 'details'],
    properties: {
      errorMessage: { type: 'string' },
      code: { type: 'string' },
      details: {
        type: 'array',
        items: { type: 'object', additionalProperties: false, required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
      },
    },
  };
}

function sortKeys<T>(obj: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => a.localeCompare(b)));
}
