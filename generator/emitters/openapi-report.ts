/**
 * Reports in the OpenAPI document (docs/spec-language.md#reports): `GET /report/<path>` per report, its query
 * parameters the report's filters (the entity list's own, so the same names and checks), the grouping (`per`) and a
 * lower row limit (`limite`); its answer typed rows (key, label, one property per measure) and totals.
 */
import type { EntityModel, Model } from '../../common/model.js';
import { entityByName } from '../../common/model.js';
import { dimensionFilterOptions, REPORT_EXPORT_SEGMENT, REPORT_FORMAT_PARAM, REPORT_GROUP_PARAM, REPORT_LIMIT_PARAM, REPORT_PAGE_PARAM, type ReportModel } from '../../common/report.js';
import type { ParameterObject } from './openapi-export.js';
import { compareParameters, compareSchemas, reportPath } from './openapi-report-compare.js';
import { peersParameters, peersSchemas } from './openapi-report-peers.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

export const REPORT_TAG = { name: 'Report', description: 'Statistiche e grafici dichiarati nella specifica' };

export function addReportPaths(
  paths: Record<string, Record<string, unknown>>, schemas: Record<string, unknown>, model: Model,
  filterParameters: (entity: EntityModel) => ParameterObject[],
): void {
  for (const report of model.reports) {
    const entity = entityByName(model, report.entity);
    // A comparison's periods are its own parameters (the server sets the period's dates from them).
    const fields = new Set([...report.filters, ...(report.period && !report.compare && !report.peers ? [report.period.field] : [])]);
    const filters = [...reportFilterParameters(report, filterParameters(entity), fields), ...dimensionFilterParameters(report)];
    if (report.compare) {
      Object.assign(schemas, compareSchemas(report));
      const parameters = [...filters, ...compareParameters(report.compare)];
      paths[`/report/${report.path}`] = reportPath(report, entity, parameters, `${report.name}Confronto`, 'I due periodi mese per mese, con la variazione');
      if (report.exportFormats.length) paths[`/report/${report.path}/${REPORT_EXPORT_SEGMENT}`] = exportPath(report, entity, parameters, 'I due periodi mese per mese, con la variazione e i totali');
      continue;
    }
    if (report.peers) {
      Object.assign(schemas, peersSchemas(report, report.peers));
      paths[`/report/${report.path}`] = reportPath(report, entity, [...filters, ...peersParameters(report.peers)], `${report.name}Settore`, 'Le proprie cifre accanto alla media dei pari');
      continue;
    }
    // The period's ends are not `required` here: the server answers a missing end with the spec's own message.
    const group = { name: REPORT_GROUP_PARAM, in: 'query', description: 'Raggruppamento', schema: { type: 'string', enum: report.dimensions.map((d) => d.name), default: report.defaultDimension } };
    const parameters = [
      ...filters, group,
      { name: REPORT_LIMIT_PARAM, in: 'query', description: 'Righe al massimo', schema: { type: 'integer', minimum: 1, maximum: report.limit, default: report.limit } },
      // A paged grouping (spec `paging`): the page of pageSize groups, from 1; a page past the last answers no row.
      ...(report.paging ? [{
        name: REPORT_PAGE_PARAM, in: 'query', description: `Pagina dei raggruppamenti (${report.paging.pageSize} per pagina), dalla 1`,
        schema: { type: 'integer', minimum: 1, maximum: 1_000_000 },
      }] : []),
    ];
    Object.assign(schemas, reportSchemas(report));
    paths[`/report/${report.path}`] = reportPath(report, entity, parameters, `${report.name}Report`, 'Righe raggruppate e totali');
    if (report.exportFormats.length) paths[`/report/${report.path}/${REPORT_EXPORT_SEGMENT}`] = exportPath(report, entity, [...filters, group], 'Il file del raggruppamento, con i totali');
  }
}

/** The entity list's parameters of the report's fields, under the report's own name and label where the spec gives one. */
function reportFilterParameters(report: ReportModel, parameters: ParameterObject[], fields: ReadonlySet<string>): ParameterObject[] {
  return parameters.filter((p) => typeof p['x-field'] === 'string' && fields.has(p['x-field'])).map((p) => {
    const named = report.filterNames?.[String(p['x-field'])];
    return named ? { ...p, name: named.param, ...(named.label ? { description: named.label } : {}) } : p;
  });
}

/** A filter over a weekday or a slot: one of the dimension's keys (docs/spec-language.md#filters-over-derived-values). */
function dimensionFilterParameters(report: ReportModel): ParameterObject[] {
  return (report.dimensionFilters ?? []).map((f) => {
    const dimension = report.dimensions.find((d) => d.name === f.dimension);
    const options = dimension ? dimensionFilterOptions(dimension) : [];
    return {
      name: f.param, in: 'query', description: `${f.label}: ${options.map((o) => `${o.value} ${o.label}`).join(', ')}`, 'x-dimension': f.dimension,
      schema: { type: 'string', enum: options.map((o) => o.value) },
    };
  });
}

const CONTENT_TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * The grouping on screen as a file (spec `export`): the same filters, period and grouping as the report (a
 * comparison: its two periods), every group (past the limit and the pages: docs/spec-language.md#paged-groupings)
 * with its totals; synchronous, since its rows are groups of the caller's scope over a bounded period.
 */
function exportPath(report: ReportModel, entity: EntityModel, parameters: unknown[], description: string): Record<string, unknown> {
  const binary = { type: 'string', format: 'binary' };
  return {
    get: {
      operationId: `report${report.name}Export`, summary: `${report.label}: esportazione`, tags: [REPORT_TAG.name],
      'x-access': 'permission', 'x-permission': report.permission, 'x-entity': entity.name, 'x-operation': 'reportExport', 'x-report': report.name,
      security: [{ authToken: [] }],
      parameters: [...parameters, { name: REPORT_FORMAT_PARAM, in: 'query', required: true, description: 'Formato del file', schema: { type: 'string', enum: report.exportFormats } }],
      responses: {
        200: { description, content: Object.fromEntries(report.exportFormats.map((f) => [CONTENT_TYPES[f], { schema: binary }])) },
        400: errorResponse('Dati non validi'), 401: errorResponse('Non autenticato'), 403: errorResponse('Non autorizzato'),
        ...(report.exportEmptyMessage ? { 409: errorResponse(`Nessun dato: ${report.exportEmptyMessage}`) } : {}),
        500: errorResponse('Errore del server'),
      },
    },
  };
}

function reportSchemas(report: ReportModel): Record<string, unknown> {
  const measures = Object.fromEntries(report.measures.map((m) => [m.name, {
    // An average of no rows is null; sums and counts of no rows are 0.
    type: m.kind === 'average' ? ['number', 'null'] : m.kind === 'count' ? 'integer' : 'number', description: m.label,
  }]));
  const names = report.measures.map((m) => m.name);
  return {
    [`${report.name}Row`]: {
      type: 'object', additionalProperties: false, required: ['key', 'label', ...names],
      properties: {
        key: { type: ['string', 'null'], description: 'Il valore del raggruppamento (null: non indicato)' },
        label: { type: 'string', description: 'Il nome del valore, come lo legge un utente' },
        ...measures,
      },
    },
    [`${report.name}Report`]: {
      type: 'object', additionalProperties: false, required: ['dimension', 'rows', 'totals', 'truncated'],
      properties: {
        dimension: { type: 'string', enum: report.dimensions.map((d) => d.name) },
        rows: { type: 'array', items: ref(`${report.name}Row`) },
        totals: { type: 'object', additionalProperties: false, required: names, properties: measures },
        truncated: { type: 'boolean', description: 'More groups than rows in the answer: the totals still cover them all.' },
        // A paged grouping's page (spec `paging`) says which page it is and how many groups there are in all.
        ...(report.paging ? {
          page: { type: 'integer', minimum: 1, description: 'The page answered (`pagina`); absent: the first rows up to the limit.' },
          groups: { type: 'integer', minimum: 0, description: 'How many groups there are in all pages (with `page`).' },
        } : {}),
        withheld: {
          type: 'array', items: { type: 'string' },
          description: "The grouping's values whose function is withheld from the caller (spec valueFunctions): no group of them; the totals still count their rows.",
        },
      },
    },
  };
}
