/**
 * Asynchronous exports in the OpenAPI document (docs/spec-language.md#exports): for each exportable list
 * `POST <list path>/esportazioni` with the list's own filters and sort plus `formato`, answering 202 with
 * the job; and, once for all lists, the job's status and its file. Status and file are `authenticated`
 * only: the server answers 404 to anyone but the user who asked, and checks the list permission again
 * itself when the job runs and when its file is downloaded (server/exports/).
 */
import type { EntityModel } from '../../common/model.js';

/** An OpenAPI parameter: its name and place, then its schema, description and extensions. */
export interface ParameterObject { name: string; in: 'path' | 'query' | 'header'; [key: string]: unknown }

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const common = {
  400: errorResponse('Dati non validi'), 401: errorResponse('Non autenticato'), 403: errorResponse('Non autorizzato'), 500: errorResponse('Errore del server'),
};
/**
 * The job's answer is the platform's own shape (server/exports/jobs.ts jobView), not a schema of the entity
 * that stores the jobs (spec/platform/bindings.yaml `exportJobs`), so it has a name of its own.
 */
const JOB_SCHEMA = 'ExportJob';
export const EXPORT_TAG = { name: 'Esportazioni', description: 'Esportazioni asincrone degli elenchi in CSV ed Excel' };

/** The list's parameters without paging (`listParams` are those of GET <list path>). */
export function addExportPath(
  paths: Record<string, Record<string, unknown>>, entity: EntityModel, collection: string,
  collectionParams: ParameterObject[], listParams: ParameterObject[],
): void {
  const exported = entity.api.export;
  if (!exported) return;
  const kept = listParams.filter((p) => !['page', 'cursor', 'size', 'format'].includes(p.name));
  paths[`${collection}/esportazioni`] = {
    ...(collectionParams.length ? { parameters: collectionParams } : {}),
    post: {
      operationId: `export${entity.name}`, summary: `Esporta ${entity.labelPlural}`, tags: [EXPORT_TAG.name],
      'x-access': 'permission', 'x-permission': entity.api.permissions.list, 'x-entity': entity.name, 'x-operation': 'export',
      security: [{ authToken: [] }],
      parameters: [
        { name: 'formato', in: 'query', required: true, description: 'Formato del file', schema: { type: 'string', enum: exported.formats } },
        ...kept,
      ],
      // 429: the caller has ESPORTAZIONI_MAX_IN_CORSO exports queued or running already.
      responses: { 202: { description: 'Esportazione in coda', content: json(ref(JOB_SCHEMA)) }, 429: errorResponse('Troppe esportazioni in corso'), ...common },
    },
  };
}

export function addExportJobPaths(paths: Record<string, Record<string, unknown>>, schemas: Record<string, unknown>): void {
  schemas[JOB_SCHEMA] = jobSchema();
  const idParam = { name: 'id', in: 'path', required: true, description: "Id dell'esportazione", schema: { type: 'string', maxLength: 36 } };
  const op = (kind: string, id: string, summary: string, responses: Record<string, unknown>) => ({
    operationId: id, summary, tags: [EXPORT_TAG.name], 'x-access': 'authenticated', 'x-operation': kind, security: [{ authToken: [] }],
    responses: { ...responses, 404: errorResponse('Non trovata'), ...common },
  });
  paths['/esportazioni/{id}'] = {
    parameters: [idParam],
    get: op('exportStatus', 'getExportJob', "Stato dell'esportazione", { 200: { description: 'Stato', content: json(ref(JOB_SCHEMA)) } }),
  };
  const binary = { type: 'string', format: 'binary' };
  paths['/esportazioni/{id}/file'] = {
    parameters: [idParam],
    get: op('exportFile', 'downloadExportJob', "File dell'esportazione", {
      200: {
        description: 'Il file (Content-Disposition con il nome)',
        content: { 'text/csv': { schema: binary }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary } },
      },
      409: errorResponse('Generazione file in errore'),
    }),
  };
}

function jobSchema(): Record<string, unknown> {
  const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength });
  return {
    type: 'object', additionalProperties: false,
    required: ['id', 'entity', 'formato', 'stato', 'righeScritte', 'righeTotali', 'downloadId', 'nomeFile', 'messaggio', 'createdAt'],
    properties: {
      id: { type: 'string' },
      entity: { type: 'string' },
      formato: { type: 'string', enum: ['csv', 'xlsx'] },
      stato: { type: 'string', enum: ['P', 'R', 'S', 'E'], description: 'P in coda, R in corso, S pronto, E in errore' },
      righeScritte: { type: 'integer', minimum: 0 },
      righeTotali: { type: ['integer', 'null'], minimum: 0 },
      downloadId: text(36),
      nomeFile: text(200),
      messaggio: text(500),
      createdAt: { type: 'string', format: 'date-time' },
    },
  };
}
