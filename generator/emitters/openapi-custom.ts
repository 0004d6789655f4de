/**
 * The custom operations of spec/ in the OpenAPI document: inputs from their field declarations,
 * access as `x-access` (public, authenticated, permission) plus `x-permission`, and `x-handler` naming
 * the server/domain function that implements them.
 */
import type { CustomOperationModel, FieldModel } from '../../common/model.js';
import { fieldSchema, objectSchema } from '../shapes/entity-schema.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

const tooManyRequests = {
  ...errorResponse('Troppi tentativi'),
  headers: { 'Retry-After': { description: 'Secondi da attendere prima di riprovare', schema: { type: 'integer', minimum: 1 } } },
};

export function addCustomOperations(paths: Record<string, Record<string, unknown>>, operations: readonly CustomOperationModel[]): void {
  for (const op of operations) {
    const path = `/${op.path}`;
    paths[path] ??= {};
    paths[path][op.method] = {
      operationId: op.name,
      summary: op.summary,
      tags: ['Piattaforma'],
      'x-operation': 'custom',
      'x-handler': op.handler,
      'x-access': op.access,
      ...(op.permission ? { 'x-permission': op.permission } : {}),
      ...(op.successMessage ? { 'x-success-message': op.successMessage } : {}),
      ...(op.access === 'public' ? { security: [] } : { security: [{ authToken: [] }] }),
      parameters: [
        ...op.params.map((f) => parameter(f, 'path', true)),
        ...op.query.map((f) => parameter(f, 'query', f.required)),
      ],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: objectSchema(op.body) } } } } : {}),
      responses: {
        [op.response.status]: responseOf(op),
        400: errorResponse('Dati non validi'),
        // Public operations answer 401 too: a failed login is one.
        401: errorResponse('Non autenticato'),
        ...(op.access === 'public' ? {} : { 403: errorResponse('Non autorizzato') }),
        404: errorResponse('Non trovato'),
        // A write may meet a row that is already there (an assignment made twice).
        ...(op.method === 'get' ? {} : { 409: errorResponse('Conflitto') }),
        // Login, reset and the other password checks are rate-limited (server/domain/auth/throttle.ts).
        ...(op.throttled ? { 429: tooManyRequests } : {}),
        500: errorResponse('Errore del server'),
      },
    };
  }
}

function parameter(field: FieldModel, where: 'path' | 'query', required: boolean): Record<string, unknown> {
  const schema = fieldSchema(field, { nullable: false });
  delete schema.default;
  return { name: field.name, in: where, required, description: field.label, 'x-field': field.name, ...(where === 'query' ? { allowReserved: true } : {}), schema };
}

function responseOf(op: CustomOperationModel): Record<string, unknown> {
  const r = op.response;
  if (r.status === 204) return { description: 'Fatto' };
  if (r.file === 'binary') {
    // Always octet-stream: the browser saves it under its name and never renders it in the API's origin.
    return {
      description: 'File (Content-Disposition con il nome originale, X-Content-Type-Options: nosniff)',
      headers: { 'Content-Disposition': { description: 'attachment; filename="..."', schema: { type: 'string' } } },
      content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    };
  }
  if (r.file === 'text') {
    return {
      description: 'File di testo',
      headers: { 'Content-Disposition': { description: 'attachment; filename="..."', schema: { type: 'string' } } },
      content: { 'text/plain; charset=utf-8': { schema: { type: 'string' } } },
    };
  }
  let schema: unknown;
  if (r.entities) {
    // A page of one of several entities; `entity` says which (a search routed by its inputs).
    schema = {
      type: 'object', additionalProperties: false, required: ['entity', 'results', 'totalCount'],
      properties: {
        entity: { type: 'string', enum: r.entities },
        results: { type: 'array', items: { anyOf: r.entities.map((e) => ref(e)) } },
        totalCount: { type: 'integer', minimum: 0 },
      },
    };
  } else if (r.fields) schema = r.shape === 'list' ? { type: 'array', items: objectSchema(r.fields) } : objectSchema(r.fields);
  else if (r.entity) schema = r.shape === 'list' ? { type: 'array', items: ref(r.entity) } : r.shape === 'page' ? ref(`${r.entity}Page`) : ref(`${r.entity}Detail`);
  else schema = { type: 'array', items: { type: 'string' } };
  return { description: 'Risultato', content: { 'application/json': { schema } } };
}
