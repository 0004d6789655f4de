/**
 * A report's GET in the OpenAPI document, and a comparison's own parameters and answer
 * (docs/spec-language.md#period-comparison): the kind of period, each period's year, quarter or month with the
 * seed's names (anno1/2, trimestre1/2, meseAnno1/2), and one row per month with both periods' figures and the change.
 */
import type { EntityModel } from '../../common/model.js';
import { COMPARE_KIND_PARAM, COMPARE_PARAMS, type ReportCompare } from '../../common/report-compare.js';
import type { ReportModel } from '../../common/report.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

/** GET /report/<path>: the report's permission and its answer's schema. */
export function reportPath(report: ReportModel, entity: EntityModel, parameters: unknown[], answer: string, description: string): Record<string, unknown> {
  return {
    get: {
      operationId: `report${report.name}`, summary: report.label, tags: ['Report'],
      'x-access': 'permission', 'x-permission': report.permission, 'x-entity': entity.name, 'x-operation': 'report', 'x-report': report.name,
      security: [{ authToken: [] }], parameters,
      responses: {
        200: { description, content: { 'application/json': { schema: ref(answer) } } },
        400: errorResponse('Dati non validi'), 401: errorResponse('Non autenticato'), 403: errorResponse('Non autorizzato'), 500: errorResponse('Errore del server'),
      },
    },
  };
}

/** Not `required` here (which ones a request needs depends on `confronto`): the server answers a missing one with the spec's message. */
export function compareParameters(compare: ReportCompare): unknown[] {
  const text = (name: string, description: string, pattern: string) => ({ name, in: 'query', description, schema: { type: 'string', pattern } });
  return [
    { name: COMPARE_KIND_PARAM, in: 'query', description: 'Tipo di confronto', schema: { type: 'string', enum: compare.kinds, default: compare.kinds[0] } },
    ...COMPARE_PARAMS.anno.map((p, i) => text(p, `Anno del ${i + 1}° periodo (aaaa)`, '^[0-9]{4}$')),
    ...(compare.kinds.includes('trimestre') ? COMPARE_PARAMS.trimestre.map((p, i) => text(p, `Trimestre del ${i + 1}° periodo (1-4)`, '^[1-4]$')) : []),
    ...(compare.kinds.includes('mese') ? COMPARE_PARAMS.mese.map((p, i) => text(p, `Mese del ${i + 1}° periodo (aaaa-mm)`, '^[0-9]{4}-(0[1-9]|1[0-2])$')) : []),
  ];
}

export function compareSchemas(report: ReportModel): Record<string, unknown> {
  const names = report.measures.map((m) => m.name);
  // An average of no rows is null, and so is a change without a base; sums and counts of no rows are 0.
  const figures = (change: boolean) => ({
    type: 'object', additionalProperties: false, required: names,
    properties: Object.fromEntries(report.measures.map((m) => [m.name, {
      type: change || m.kind === 'average' ? ['number', 'null'] : m.kind === 'count' ? 'integer' : 'number', description: change ? `${m.label}: variazione %` : m.label,
    }])),
  });
  const pair = { periodo1: ref(`${report.name}Cifre`), periodo2: ref(`${report.name}Cifre`), variazione: ref(`${report.name}Variazione`) };
  const month = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' };
  return {
    [`${report.name}Cifre`]: figures(false),
    [`${report.name}Variazione`]: figures(true),
    [`${report.name}ConfrontoRiga`]: {
      type: 'object', additionalProperties: false, required: ['key', 'label', 'mesi', 'periodo1', 'periodo2', 'variazione'],
      properties: {
        key: { type: 'string', description: 'La posizione del mese nel periodo (1, 2, ...)' },
        label: { type: 'string', description: 'Il mese, o i due mesi se diversi ("luglio / aprile")' },
        mesi: { type: 'array', items: month, minItems: 2, maxItems: 2, description: 'Il mese di ciascun periodo' },
        ...pair,
      },
    },
    [`${report.name}Confronto`]: {
      type: 'object', additionalProperties: false, required: ['confronto', 'ultimoMese', 'periodi', 'rows', 'totals'],
      properties: {
        confronto: { type: 'string', enum: report.compare?.kinds ?? [] },
        ultimoMese: { ...month, description: "L'ultimo mese confrontabile: i mesi successivi non sono in nessuno dei due periodi" },
        periodi: {
          type: 'array', minItems: 2, maxItems: 2,
          items: { type: 'object', additionalProperties: false, required: ['label', 'da', 'a'], properties: { label: { type: 'string' }, da: { type: 'string', format: 'date' }, a: { type: 'string', format: 'date' } } },
        },
        rows: { type: 'array', items: ref(`${report.name}ConfrontoRiga`) },
        totals: { type: 'object', additionalProperties: false, required: ['periodo1', 'periodo2', 'variazione'], properties: pair },
      },
    },
  };
}
