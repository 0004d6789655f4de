/**
 * The `report` spec kind (docs/spec-language.md#reports): the model the page and the server read, the operation and
 * typed answer of the document, and each mistake refused at its line with what to write instead.
 */
import { describe, expect, it } from 'vitest';
import { format, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { menuIconNames } from '../../generator/emitters/menu-icons.js';
import { present } from '../../server/lookup.js';
import { manifestEmitter } from '../../generator/emitters/manifest.js';
import { emittedJson, openApiJson } from './emitted.js';

const ENTITY_FILE = 'spec/cassa/incasso.yaml';
const REPORT_FILE = 'spec/cassa/incassi-report.yaml';
const ENTITY = `entity: Incasso
table: incasso
key: codice
permission: ANAG_BANCHE
api: { path: incassi }
fields:
  codice: { type: string, label: Codice, required: true }
  data: { type: date, label: Data, search: range }
  ora: { type: string, label: Ora }
  importo: { type: decimal, label: Importo }
  esito: { type: enum, label: Esito, search: exact, values: { OK: Incassato, KO: Rifiutato } }
`;
const REPORT = `report: Incassi
entity: Incasso
path: cassa/incassi
filters: [esito]
exclude: { esito: [KO] }
measures:
  totale: { sum: importo, label: Totale }
  numero: { count: true, label: Numero }
dimensions:
  esito: { field: esito }
  mese: { field: data, by: month, sort: key }
  fascia: { field: ora, slots: [{ from: '00:00', to: '12:00', label: Mattina }, { from: '12:00', to: '24:00', label: Pomeriggio }] }
sort: -totale
charts:
  - { type: bar, dimension: mese, measure: totale }
`;
const load = (report: string) => loadSpec({ [ENTITY_FILE]: ENTITY, [REPORT_FILE]: report });
const refused = (report: string, substring: string) => {
  const d = loadSpecWithError({ [ENTITY_FILE]: ENTITY, [REPORT_FILE]: report }, substring);
  return `${d.file}:${d.line}:${d.column}`;
};

describe('a report', () => {
  it('is resolved into the model with its defaults', () => {
    const { model, diagnostics } = load(REPORT);
    expect(diagnostics.map(format)).toEqual([]);
    const report = model?.reports[0];
    expect(report).toMatchObject({
      name: 'Incassi', label: 'Incassi', entity: 'Incasso', permission: 'ANAG_BANCHE:VISUALIZZAZIONE', route: '/report/cassa/incassi',
      exclude: [{ field: 'esito', values: ['KO'] }], defaultDimension: 'esito', sort: { by: 'totale', descending: true }, limit: 100,
      charts: [{ type: 'bar', dimension: 'mese', measure: 'totale', title: 'Totale per data', limit: 12 }],
    });
    expect(report?.measures.map((m) => [m.name, m.kind, m.format])).toEqual([['totale', 'sum', 'euro'], ['numero', 'count', 'integer']]);
    expect(report?.dimensions.map((d) => [d.name, d.by, d.sort?.by])).toEqual([['esito', 'value', undefined], ['mese', 'month', 'key'], ['fascia', 'slot', undefined]]);
  });

  it('ties values of an enum grouping to a function (valueFunctions), and refuses each mistake at its line', () => {
    const tied = REPORT.replace('esito: { field: esito }', 'esito: { field: esito, valueFunctions: { KO: ANAG_BANCHE } }');
    const { model, diagnostics } = load(tied);
    expect(diagnostics.map(format)).toEqual([]);
    expect(model?.reports[0].dimensions[0].valueFunctions).toEqual({ KO: 'ANAG_BANCHE' });
    if (!model) throw new Error('no model');
    expect(openApiJson(model).components.schemas.IncassiReport.properties.withheld).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(refused(tied.replace('{ KO: ANAG_BANCHE }', '{ XX: ANAG_BANCHE }'), "'XX' is not a value of esito.")).toBe(`${REPORT_FILE}:10:48`);
    expect(refused(tied.replace('{ KO: ANAG_BANCHE }', '{ KO: NESSUNA }'), "'NESSUNA' is not a function of spec/platform/functions.yaml.")).toBe(`${REPORT_FILE}:10:48`);
    expect(refused(REPORT.replace('mese: { field: data, by: month, sort: key }', 'mese: { field: data, by: month, sort: key, valueFunctions: { OK: ANAG_BANCHE } }'),
      "Dimension mese is not an enum's value")).toMatch(new RegExp(`^${REPORT_FILE}:11:`));
  });

  it('has a GET operation with its filters, grouping and typed rows in the document', () => {
    const { model } = load(REPORT);
    if (!model) throw new Error('no model');
    const doc = openApiJson(model);
    const op = doc.paths['/report/cassa/incassi'].get;
    expect(op).toMatchObject({ operationId: 'reportIncassi', 'x-operation': 'report', 'x-report': 'Incassi', 'x-entity': 'Incasso', 'x-permission': 'ANAG_BANCHE:VISUALIZZAZIONE' });
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['esito', 'per', 'limite']);
    expect(op.parameters[1].schema.enum).toEqual(['esito', 'mese', 'fascia']);
    const row = doc.components.schemas.IncassiRow;
    expect(row.required).toEqual(['key', 'label', 'totale', 'numero']);
    expect(row.properties.numero.type).toBe('integer');
  });
});

describe('a dimension by year (seed 002 §7 statReport/annuale)', () => {
  it('groups a date by its year, in the model and in the document\'s groupings', () => {
    const { model, diagnostics } = load(REPORT.replace('  fascia:', '  anno: { field: data, by: year, label: Anno, sort: key }\n  fascia:'));
    expect(diagnostics.map(format)).toEqual([]);
    if (!model) throw new Error('no model');
    expect(model.reports[0].dimensions.find((d) => d.name === 'anno')).toMatchObject({ field: 'data', by: 'year', label: 'Anno', sort: { by: 'key', descending: false } });
    expect(openApiJson(model).paths['/report/cassa/incassi'].get.parameters[1].schema.enum).toEqual(['esito', 'mese', 'anno', 'fascia']);
  });
});

describe('filters over a derived value and under the report\'s own name (docs/spec-language.md#filters-over-derived-values)', () => {
  const FILTERED = REPORT.replace('filters: [esito]', 'filters: [{ field: esito, param: risultato, label: Risultato }, { dimension: fascia, param: idFascia }]');

  it('reach the model, the document (the slot\'s keys as its values) and the page\'s filters (named options)', async () => {
    const { model, diagnostics } = load(FILTERED);
    expect(diagnostics.map(format)).toEqual([]);
    if (!model) throw new Error('no model');
    expect(model.reports[0]).toMatchObject({ filters: ['esito'], filterNames: { esito: { param: 'risultato', label: 'Risultato' } }, dimensionFilters: [{ param: 'idFascia', dimension: 'fascia', label: 'Ora' }] });
    const params = openApiJson(model).paths['/report/cassa/incassi'].get.parameters;
    expect(params.map((p: { name: string }) => p.name)).toEqual(['risultato', 'idFascia', 'per', 'limite']);
    expect(params[0]).toMatchObject({ 'x-field': 'esito', description: 'Risultato' });
    expect(params[1]).toMatchObject({ 'x-dimension': 'fascia', schema: { type: 'string', enum: ['0', '1'] } });
    const filters = (await emittedJson(manifestEmitter, model, 'manifest.json')).reports.Incassi.filters;
    expect(filters.map((f: { param: string; label: string; options?: unknown }) => [f.param, f.label, f.options])).toEqual([
      ['risultato', 'Risultato', [{ value: 'OK', label: 'Incassato' }, { value: 'KO', label: 'Rifiutato' }]],
      ['idFascia', 'Ora', [{ value: '0', label: 'Mattina' }, { value: '1', label: 'Pomeriggio' }]],
    ]);
  });

  it('are refused at the line: a dimension by value or unknown, a parameter already taken', () => {
    expect(refused(FILTERED.replace('dimension: fascia', 'dimension: esito'), "Filter dimension 'esito' groups by value")).toBe(`${REPORT_FILE}:4:78`);
    expect(refused(FILTERED.replace('dimension: fascia', 'dimension: fasce'), "Filter dimension 'fasce' is not a dimension")).toBe(`${REPORT_FILE}:4:78`);
    expect(refused(FILTERED.replace('param: idFascia', 'param: risultato'), "Filter parameter 'risultato' is already a parameter")).toMatch(new RegExp(`^${REPORT_FILE}:4:`));
    expect(refused(FILTERED.replace('param: idFascia', 'param: per'), "Filter parameter 'per' is already a parameter")).toMatch(new RegExp(`^${REPORT_FILE}:4:`));
  });
});

describe('a report with an export (spec `export`)', () => {
  const EXPORTED = `${REPORT}export: { formats: [xlsx] }\n`;

  it('has none unless it declares one', async () => {
    const { model } = load(REPORT);
    if (!model) throw new Error('no model');
    expect(model.reports[0].exportFormats).toEqual([]);
    expect(openApiJson(model).paths['/report/cassa/incassi/esporta']).toBeUndefined();
    expect((await emittedJson(manifestEmitter, model, 'manifest.json')).reports.Incassi.exportFormats).toBeUndefined();
  });

  it('gets GET /report/<path>/esporta with the report\'s filters, grouping and format, answering the sheet', async () => {
    const { model, diagnostics } = load(EXPORTED);
    expect(diagnostics.map(format)).toEqual([]);
    if (!model) throw new Error('no model');
    const op = openApiJson(model).paths['/report/cassa/incassi/esporta'].get;
    expect(op).toMatchObject({ operationId: 'reportIncassiExport', 'x-operation': 'reportExport', 'x-report': 'Incassi', 'x-permission': 'ANAG_BANCHE:VISUALIZZAZIONE' });
    expect(op.parameters.map((p: { name: string; required?: boolean }) => [p.name, p.required ?? false])).toEqual([['esito', false], ['per', false], ['formato', true]]);
    expect(op.parameters[2].schema.enum).toEqual(['xlsx']);
    expect(Object.keys(op.responses[200].content)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect((await emittedJson(manifestEmitter, model, 'manifest.json')).reports.Incassi.exportFormats).toEqual(['xlsx']);
  });

  it('carries the message of an export that finds no row, and its 409 in the document', () => {
    const { model } = load(EXPORTED.replace('[xlsx] }', '[xlsx], emptyMessage: Nessun incasso }'));
    if (!model) throw new Error('no model');
    expect(model.reports[0].exportEmptyMessage).toBe('Nessun incasso');
    expect(openApiJson(model).paths['/report/cassa/incassi/esporta'].get.responses[409]).toMatchObject({ description: 'Nessun dato: Nessun incasso' });
  });

  it('limits its own period with its own words (export.maxMonths, tooLongMessage), never beyond the report\'s, and needs a period', () => {
    const PERIOD = "period: { field: data, maxMonths: 12, messages: { required: Indicare il periodo, order: Periodo invertito, tooLong: Al massimo 12 mesi } }\n";
    const limited = `${REPORT}${PERIOD}export: { formats: [xlsx], maxMonths: 6, tooLongMessage: Esportazione di al massimo 6 mesi }\n`;
    const { model, diagnostics } = load(limited);
    expect(diagnostics.map(format)).toEqual([]);
    expect(model?.reports[0].exportPeriod).toEqual({ maxMonths: 6, tooLongMessage: 'Esportazione di al massimo 6 mesi' });
    // Only the length: the period's own words.
    expect(load(`${REPORT}${PERIOD}export: { formats: [xlsx], maxMonths: 6 }\n`).model?.reports[0].exportPeriod).toEqual({ maxMonths: 6, tooLongMessage: 'Al massimo 12 mesi' });
    expect(refused(limited.replace('maxMonths: 6,', 'maxMonths: 13,'), 'export maxMonths 13 is more than the period\'s maxMonths 12')).toMatch(/^spec\/cassa\/incassi-report\.yaml:\d+:\d+$/);
    expect(refused(`${REPORT}export: { formats: [xlsx], maxMonths: 6 }\n`, 'limits its export\'s period but declares no period')).toMatch(/^spec\/cassa\/incassi-report\.yaml:16:\d+$/);
  });

  it('refuses a format it cannot write, at the line', () => {
    expect(refused(EXPORTED.replace('[xlsx]', '[pdf]'), "Value 'pdf' is not allowed for 'export.formats.0'. Valid values: xlsx.")).toBe(`${REPORT_FILE}:16:21`);
  });
});

describe('a paged grouping (spec `paging`, docs/spec-language.md#paged-groupings)', () => {
  it('reaches the model (window 5 by default), the document (`pagina` from 1, the answer\'s page and groups) and the manifest', async () => {
    const { model, diagnostics } = load(`${REPORT}paging: { pageSize: 30 }\n`);
    expect(diagnostics.map(format)).toEqual([]);
    if (!model) throw new Error('no model');
    expect(model.reports[0].paging).toEqual({ pageSize: 30, window: 5 });
    const op = openApiJson(model).paths['/report/cassa/incassi'].get;
    expect(op.parameters.find((p: { name: string }) => p.name === 'pagina')).toMatchObject({ in: 'query', schema: { type: 'integer', minimum: 1 } });
    expect(Object.keys(openApiJson(model).components.schemas.IncassiReport.properties)).toEqual(expect.arrayContaining(['page', 'groups']));
    expect((await emittedJson(manifestEmitter, model, 'manifest.json')).reports.Incassi.paging).toEqual({ pageSize: 30, window: 5 });
    expect(load(`${REPORT}paging: { pageSize: 20, window: 3 }\n`).model?.reports[0].paging).toEqual({ pageSize: 20, window: 3 });
  });

  it('has no `pagina` unless it declares paging', async () => {
    const { model } = load(REPORT);
    if (!model) throw new Error('no model');
    expect(openApiJson(model).paths['/report/cassa/incassi'].get.parameters.map((p: { name: string }) => p.name)).not.toContain('pagina');
    expect((await emittedJson(manifestEmitter, model, 'manifest.json')).reports.Incassi.paging).toBeUndefined();
  });

  it('refuses a page size of 0 at the line', () => {
    expect(refused(`${REPORT}paging: { pageSize: 0 }\n`, 'paging.pageSize')).toMatch(/^spec\/cassa\/incassi-report\.yaml:16:\d+$/);
  });
});

describe('a report the generator refuses, at the line', () => {
  it('an unknown entity', () => {
    expect(refused(REPORT.replace('entity: Incasso', 'entity: Incassi'), "names entity 'Incassi'")).toBe(`${REPORT_FILE}:2:9`);
  });
  it('a sum of a text field', () => {
    expect(refused(REPORT.replace('sum: importo', 'sum: codice'), 'only integer and decimal fields add up')).toBe(`${REPORT_FILE}:7:18`);
  });
  it('a measure that is both a sum and a count', () => {
    expect(refused(REPORT.replace('{ count: true, label: Numero }', '{ count: true, sum: importo, label: Numero }'), 'exactly one of sum')).toBe(`${REPORT_FILE}:8:11`);
  });
  it('a month of a field that is not a date', () => {
    expect(refused(REPORT.replace('{ field: data, by: month', '{ field: importo, by: month'), 'only a date has days, months, years and weekdays')).toBe(`${REPORT_FILE}:11:31`);
  });
  it('a year of a field that is not a date', () => {
    expect(refused(REPORT.replace('{ field: data, by: month', '{ field: importo, by: year'), "groups 'importo' by year, but it is a decimal field")).toBe(`${REPORT_FILE}:11:31`);
  });
  it('a dimension over an unknown field, with a suggestion', () => {
    expect(refused(REPORT.replace('esito: { field: esito }', 'esito: { field: esiti }'), "'esiti' is not a field of Incasso. Did you mean 'esito'?")).toBe(`${REPORT_FILE}:10:19`);
  });

  it('shows its menu icon (the menu loads it with the others) and refuses a misspelt one at its line', () => {
    const menu = "menu: { group: Cassa, icon: chart-pie }\n";
    const { model, diagnostics } = load(REPORT + menu);
    expect(diagnostics.map(format)).toEqual([]);
    expect(menuIconNames(present(model, 'the model'))).toContain('IconChartPie');
    expect(refused(REPORT + menu.replace('chart-pie', 'chart-pi'), "Icon 'chart-pi' is not an icon of @tabler/icons-react")).toBe(`${REPORT_FILE}:16:29`);
  });
  it('a filter without a search mode', () => {
    expect(refused(REPORT.replace('filters: [esito]', 'filters: [importo]'), 'needs a search mode')).toBe(`${REPORT_FILE}:4:11`);
  });
  it('an exclusion of a code the enum lacks', () => {
    expect(refused(REPORT.replace('esito: [KO]', 'esito: [XX]'), 'names XX, not a value of the enum')).toBe(`${REPORT_FILE}:5:19`);
  });
  it('a chart of an unknown measure, and more than 12 bars', () => {
    expect(refused(REPORT.replace('measure: totale }', 'measure: media }'), "Chart measure 'media'")).toBe(`${REPORT_FILE}:15:44`);
    expect(refused(REPORT.replace('measure: totale }', 'measure: totale, limit: 13 }'), '12')).toMatch(new RegExp(`^${REPORT_FILE}:15:`));
  });
  it('a sort by neither a measure nor the key', () => {
    expect(refused(REPORT.replace('sort: -totale', 'sort: -importo'), "sort '-importo' names neither a measure nor 'key'")).toBe(`${REPORT_FILE}:13:7`);
  });
  it('a permission whose function the catalogue lacks', () => {
    expect(refused(REPORT.replace('path: cassa/incassi', 'permission: GES_NULLA\npath: cassa/incassi'), 'Function GES_NULLA is not in spec/platform/functions.yaml')).toBe(`${REPORT_FILE}:3:13`);
  });
});

describe('a report comparing two periods (spec `compare`)', () => {
  const COMPARED = REPORT.replace('filters: [esito]\n', `filters: [esito]
period:
  field: data
  maxMonths: 12
  messages: { required: Periodo, order: Ordine, tooLong: Troppo lungo }
compare:
  dimension: mese
  kinds: [mese, anno]
  settleDays: 3
  messages: { required: Indicare i due periodi, tooRecent: "Ultimo mese: {ultimoMese}" }
`);

  it('is resolved with its kinds, settle days and messages, and its GET asks for the two periods instead of the dates', async () => {
    const { model, diagnostics } = load(COMPARED);
    expect(diagnostics.map(format)).toEqual([]);
    if (!model) throw new Error('no model');
    expect(model.reports[0].compare).toEqual({ dimension: 'mese', kinds: ['mese', 'anno'], settleDays: 3, messages: { required: 'Indicare i due periodi', tooRecent: 'Ultimo mese: {ultimoMese}' } });
    const doc = openApiJson(model);
    const op = doc.paths['/report/cassa/incassi'].get;
    expect(op).toMatchObject({ operationId: 'reportIncassi', 'x-operation': 'report', 'x-report': 'Incassi' });
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['esito', 'confronto', 'anno1', 'anno2', 'meseAnno1', 'meseAnno2']);
    expect(op.parameters[1].schema).toEqual({ type: 'string', enum: ['mese', 'anno'], default: 'mese' });
    expect(op.responses[200].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/IncassiConfronto' });
    expect(doc.components.schemas.IncassiConfrontoRiga.required).toEqual(['key', 'label', 'mesi', 'periodo1', 'periodo2', 'variazione']);
    expect(doc.components.schemas.IncassiVariazione.properties.numero.type).toEqual(['number', 'null']);
    const meta = (await emittedJson(manifestEmitter, model, 'manifest.json')).reports.Incassi;
    expect(meta.compare).toEqual({ kinds: ['mese', 'anno'], settleDays: 3, messages: { required: 'Indicare i due periodi', tooRecent: 'Ultimo mese: {ultimoMese}' } });
    expect(meta.period).toBeUndefined();
    expect(meta.filters.map((f: { param: string }) => f.param)).toEqual(['esito']);
  });

  it('defaults to the three kinds and no settle days', () => {
    const { model } = load(COMPARED.replace('  kinds: [mese, anno]\n  settleDays: 3\n', ''));
    expect(model?.reports[0].compare).toMatchObject({ kinds: ['anno', 'trimestre', 'mese'], settleDays: 0 });
  });

  it('offers its export as the comparison\'s file: GET /report/<path>/esporta with the two periods\' parameters', () => {
    const { model, diagnostics } = load(`${COMPARED}export: { formats: [xlsx] }\n`);
    expect(diagnostics.map(format)).toEqual([]);
    const doc = openApiJson(present(model, 'the model'));
    const names = (path: string) => doc.paths[path].get.parameters.map((p: { name: string }) => p.name);
    expect(doc.paths['/report/cassa/incassi/esporta'].get).toMatchObject({ operationId: 'reportIncassiExport', 'x-operation': 'reportExport' });
    expect(names('/report/cassa/incassi/esporta')).toEqual([...names('/report/cassa/incassi'), 'formato']);
  });

  it('is refused at the line: a dimension not by month, no period, a period too short for a year, a message not naming the month', () => {
    expect(refused(COMPARED.replace('  dimension: mese', '  dimension: esito'), "compare dimension 'esito' must group the period's date field data by month")).toBe(`${REPORT_FILE}:10:14`);
    expect(refused(COMPARED.replace('  dimension: mese', '  dimension: mesi'), "compare dimension 'mesi' is not a dimension of Incassi. Did you mean 'mese'?")).toBe(`${REPORT_FILE}:10:14`);
    expect(refused(COMPARED.replace(/period:\n(.*\n){3}/, ''), 'compares periods but declares no period')).toMatch(new RegExp(`^${REPORT_FILE}:`));
    expect(refused(COMPARED.replace('maxMonths: 12', 'maxMonths: 3'), 'a year needs 12')).toBe(`${REPORT_FILE}:7:14`);
    expect(refused(COMPARED.replace('"Ultimo mese: {ultimoMese}"', 'Ultimo mese'), 'should name the latest month with {ultimoMese}')).toMatch(new RegExp(`^${REPORT_FILE}:`));
  });

  it('has no pages: `paging` beside `compare` is refused at the line', () => {
    expect(refused(`${COMPARED}paging: { pageSize: 30 }\n`, "only a report's own grouping is paged")).toMatch(new RegExp(`^${REPORT_FILE}:\\d+:\\d+$`));
  });
});

describe('a conditional measure (where, unless, negative)', () => {
  const CONDITIONAL = REPORT.replace('  numero: { count: true, label: Numero }\n', `  numero: { count: true, label: Numero }
  incassati: { count: true, label: Incassati, where: { esito: [OK] } }
  altri: { sum: importo, label: Altri, unless: { esito: [OK] } }
  netto: { sum: importo, label: Netto, negative: { esito: [KO] } }
`);
  it('is resolved with its conditions on the enum\'s codes', () => {
    const { model, diagnostics } = load(CONDITIONAL);
    expect(diagnostics.map(format)).toEqual([]);
    const measures = model?.reports[0].measures ?? [];
    expect(measures.find((m) => m.name === 'incassati')).toMatchObject({ kind: 'count', where: [{ field: 'esito', values: ['OK'] }] });
    expect(measures.find((m) => m.name === 'altri')).toMatchObject({ kind: 'sum', where: [{ field: 'esito', values: ['OK'], not: true }] });
    expect(measures.find((m) => m.name === 'netto')).toMatchObject({ kind: 'sum', negative: [{ field: 'esito', values: ['KO'] }] });
    expect(measures.find((m) => m.name === 'totale')).not.toHaveProperty('where');
  });
  it('is refused at the line over a number field, a code the enum lacks, a signed count, or with rollups', () => {
    expect(refused(CONDITIONAL.replace('where: { esito: [OK] }', 'where: { importo: [OK] }'), 'conditions name codes, of an enum, a reference or a text field')).toBe(`${REPORT_FILE}:9:65`);
    expect(refused(CONDITIONAL.replace('unless: { esito: [OK] }', 'unless: { esito: [XX] }'), 'names XX, not a value of esito')).toBe(`${REPORT_FILE}:10:57`);
    expect(refused(CONDITIONAL.replace('{ count: true, label: Incassati, where', '{ count: true, label: Incassati, negative'), 'a count has no sign')).toMatch(new RegExp(`^${REPORT_FILE}:9:`));
    expect(refused(`${CONDITIONAL}rollups:\n  giorno: { grain: day }\n`, 'a rollup keeps no row\'s codes')).toMatch(new RegExp(`^${REPORT_FILE}:\\d+:`));
  });
});

describe('the rows behind a group (detail)', () => {
  const ENTITY_WITH_LIST = `${ENTITY}list: { route: /cassa/incassi, title: Incassi, columns: [codice, data, importo, esito], filters: [esito, data] }\n`;
  const loadWith = (report: string) => loadSpec({ [ENTITY_FILE]: ENTITY_WITH_LIST, [REPORT_FILE]: report });
  it('links a value by the list\'s parameter and a day by the list\'s dates, not a month or a slot', () => {
    const { model, diagnostics } = loadWith(`${REPORT.replace("mese: { field: data, by: month, sort: key }", "mese: { field: data, by: month, sort: key }\n  giorno: { field: data, by: day }")}detail: Incasso\n`);
    expect(diagnostics.map(format)).toEqual([]);
    expect(model?.reports[0].detail).toEqual({ entity: 'Incasso', route: '/cassa/incassi', label: 'Incasso', params: { esito: { param: 'esito' }, giorno: { from: 'dataDa', to: 'dataA' } } });
  });
  it('refuses an unknown entity and an entity without a list, at the line', () => {
    const unknown = loadSpecWithError({ [ENTITY_FILE]: ENTITY_WITH_LIST, [REPORT_FILE]: `${REPORT}detail: Incassi\n` }, "detail names entity 'Incassi'");
    expect(`${unknown.file}:${unknown.line}`).toBe(`${REPORT_FILE}:16`);
    expect(refused(`${REPORT}detail: Incasso\n`, 'has no list route to open')).toBe(`${REPORT_FILE}:16:9`);
  });
});
