/**
 * The operations of every file field (type: file) of an entity with an API, under the row's item path:
 *   GET  <item>/<field>        the file (its own content type, X-Content-Type-Options: nosniff); 404 without one
 *   POST <item>/<field>/check  checks an upload without storing it: 200, or 400 with the spec's message
 *   PUT  <item>/<field>        replaces the file (multipart part `file`), If-Match like any update
 * PUT, not POST: the upload replaces one sub-resource as a whole, is idempotent, and needs the row's
 * version like PUT of the row. Reading needs the entity's get permission, check and upload its update one.
 */
import { fileFields } from '../../common/file-rules.js';
import type { EntityModel } from '../../common/model.js';

type FileField = ReturnType<typeof fileFields>[number];

type OpBuilder = (kind: string, id: string, permission: string, summary: string, extra: Record<string, unknown>, child?: string) => Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
const ifMatchParam = {
  name: 'If-Match', in: 'header', required: true, schema: { type: 'string', maxLength: 1000 },
  description: "L'ETag letto con GET (o avuto dall'ultima modifica): senza, 428; se l'elemento è cambiato nel frattempo, 412",
};
const etagHeader = { ETag: { description: "Versione dell'elemento: da rimandare in If-Match per modificarlo", schema: { type: 'string' } } };

/** The multipart body: one part named `file` (OpenAPI 3.1: a binary string is described by contentMediaType). */
function uploadBody(field: FileField): Record<string, unknown> {
  return {
    required: true,
    description: `Il file (parte "file"): al massimo ${field.file.maxSize} byte, tipi ${field.file.accept.join(', ')}`,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object', additionalProperties: false, required: ['file'],
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: field.label } },
        },
        encoding: { file: { contentType: field.file.accept.join(', ') } },
      },
    },
  };
}

export function addFilePaths(
  paths: Record<string, Record<string, unknown>>, entity: EntityModel, item: string, keyParams: unknown[],
  op: OpBuilder, common: Record<string, unknown>,
): void {
  const ops = new Set(entity.api.operations);
  for (const field of fileFields(entity.fields)) {
    const suffix = `${entity.name}${field.name[0].toUpperCase()}${field.name.slice(1)}`;
    const extra = (kind: string, id: string, permission: string, summary: string, body: Record<string, unknown>) =>
      ({ ...op(kind, id, permission, summary, body), 'x-file': field.name });
    const fileItem: Record<string, unknown> = { parameters: keyParams };
    if (ops.has('get')) {
      fileItem.get = extra('fileGet', `get${suffix}`, entity.api.permissions.get, `${field.label} di ${entity.label}`, {
        responses: {
          200: {
            description: 'Il file, con il suo tipo (Content-Disposition con il nome originale, X-Content-Type-Options: nosniff)',
            content: Object.fromEntries(field.file.accept.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])),
          },
          404: errorResponse('Elemento o file non presente'), ...common,
        },
      });
    }
    if (ops.has('update')) {
      fileItem.put = extra('fileUpdate', `update${suffix}`, entity.api.permissions.update, `Carica ${field.label} di ${entity.label}`, {
        parameters: [ifMatchParam],
        requestBody: uploadBody(field),
        responses: {
          200: { description: 'Caricato: la riga aggiornata', headers: etagHeader, content: { 'application/json': { schema: ref(`${entity.name}Detail`) } } },
          404: errorResponse('Non trovato'), 412: errorResponse('Modificato nel frattempo'), 428: errorResponse('Versione mancante'), ...common,
        },
      });
      paths[`${item}/${field.name}/check`] = {
        parameters: keyParams,
        post: extra('fileCheck', `check${suffix}`, entity.api.permissions.update, `Verifica ${field.label} di ${entity.label} senza salvarlo`, {
          requestBody: uploadBody(field),
          responses: {
            200: {
              description: 'Il file e\' accettabile',
              content: { 'application/json': { schema: { type: 'object', additionalProperties: false, required: ['valid'], properties: { valid: { const: true } } } } },
            },
            404: errorResponse('Non trovato'), ...common,
          },
        }),
      };
    }
    paths[`${item}/${field.name}`] = fileItem;
  }
}
