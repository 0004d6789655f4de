/**
 * A report compared with its peers (spec `peers`, docs/spec-language.md#peer-comparison), a dimension of several fields
 * and a measure with its own exclusions (docs/spec-language.md#reports), and a dashboard of one chosen day with tables
 * and a month's charts (docs/spec-language.md#dashboards), on a small spec of their own: the model, the document's
 * parameters and answer, and each mistake refused at its line.
 */
import { describe, expect, it } from 'vitest';
import { format, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const FILES = {
  'spec/cassa/punto.yaml': `entity: Punto
table: punto
key: codice
permission: ANAG_BANCHE
api: { path: punti }
fields:
  codice: { type: string, label: Codice, required: true }
  categoria: { type: string, label: Categoria, search: exact }
  descrizione: { type: string, label: Descrizione }
  provincia: { type: string, label: Provincia, format: provincia }
  citta: { type: string, label: Città }
`,
  'spec/cassa/incasso.yaml': `entity: Incasso
table: incasso
key: codice
permission: ANAG_BANCHE
api: { path: incassi }
fields:
  codice: { type: string, label: Codice, required: true }
  socio: { type: string, label: Socio, search: exact }
  punto: { type: reference, entity: Punto, label: Punto, search: exact }
  data: { type: date, label: Data, search: range }
  importo: { type: decimal, label: Importo }
  esito: { type: enum, label: Esito, search: exact, values: { OK: Incassato, KO: Rifiutato } }
  carta: { type: enum, label: Carta, values: { D: Debito, C: Credito } }
`,
};
const PERIOD = `period: { field: data, maxMonths: 12, messages: { required: R, order: O, tooLong: T } }`;
const PEERS = `report: Settore
entity: Incasso
path: cassa/settore
filters: [punto]
${PERIOD}
peers:
  unit: socio
  through: punto
  same: { param: cat, field: categoria, labelField: descrizione }
  narrow: { provincia: { field: provincia }, regione: { field: provincia, by: regione } }
  minimum: 3
  dimensions: [mese]
  messages: { tooFew: "Meno di {minimo}", notOwn: N, noUnit: U, required: R, order: O, tooLong: T }
measures:
  totale: { sum: importo, label: Totale, unless: { esito: [KO] } }
  numero: { count: true, label: Numero }
dimensions:
  mese: { field: data, by: month, sort: key }
  incrocio: { fields: [esito, carta], label: Esito e carta }
`;
const DASHBOARD = `dashboard: Giorno
report: Settore
route: /cassa/giorno
day: true
menu: { group: Cassa, label: Il giorno }
figures: [numero]
tables: [{ dimension: incrocio, measures: [numero, totale] }]
charts: [{ dimension: mese, measure: totale, span: month }]
`;
const load = (report: string, dashboard?: string) => loadSpec({ ...FILES, 'spec/cassa/settore.yaml': report, ...(dashboard ? { 'spec/cassa/giorno.yaml': dashboard } : {}) });
const refused = (report: string, substring: string, dashboard?: string) => {
  const d = loadSpecWithError({ ...FILES, 'spec/cassa/settore.yaml': report, ...(dashboard ? { 'spec/cassa/giorno.yaml': dashboard } : {}) }, substring);
  return `${d.file}:${d.line}`;
};

describe('a report compared with its peers (spec `peers`)', () => {
  it('is resolved with the referenced entity, the trait, the narrowings and the messages', () => {
    const { model, diagnostics } = load(PEERS);
    expect(diagnostics.map(format)).toEqual([]);
    expect(model?.reports[0].peers).toEqual({
      unit: 'socio', through: 'punto', throughEntity: 'Punto', throughKey: 'codice',
      same: { param: 'cat', field: 'categoria', label: 'Categoria', labelField: 'descrizione' },
      narrow: [{ param: 'provincia', field: 'provincia', label: 'Provincia' }, { param: 'regione', field: 'provincia', label: 'Regione', by: 'regione' }],
      minimum: 3, dimensions: ['mese'], messages: { tooFew: 'Meno di {minimo}', notOwn: 'N', noUnit: 'U', required: 'R', order: 'O', tooLong: 'T' },
    });
  });

  it('asks in the document for the month range, the trait and the narrowings, not the period\'s dates, and answers both sides\' figures', () => {
    const { model } = load(PEERS);
    if (!model) throw new Error('no model');
    const doc = openApiJson(model);
    const op = doc.paths['/report/cassa/settore'].get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['punto', 'annoMeseDa', 'annoMeseA', 'cat', 'provincia', 'regione']);
    expect(op.responses[200].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SettoreSettore' });
    expect(doc.components.schemas.SettoreSettoreRiga.required).toEqual(['key', 'label', 'proprio', 'settore']);
  });

  it('is refused at the line: a unit or trait the entities lack, a through that is no reference, a region of no province, a message without the minimum', () => {
    expect(refused(PEERS.replace('unit: socio', 'unit: sosio'), "'sosio' is not a field of Incasso")).toBe('spec/cassa/settore.yaml:7');
    expect(refused(PEERS.replace('through: punto', 'through: socio'), 'must be a reference field')).toBe('spec/cassa/settore.yaml:8');
    expect(refused(PEERS.replace('field: categoria', 'field: categorie'), "'categorie' is not a field of Punto")).toBe('spec/cassa/settore.yaml:9');
    expect(refused(PEERS.replace('regione: { field: provincia, by: regione }', 'regione: { field: citta, by: regione }'), 'must be a field of format provincia')).toBe('spec/cassa/settore.yaml:10');
    expect(refused(PEERS.replace('Meno di {minimo}', 'Troppo pochi'), 'should name the minimum with {minimo}')).toBe('spec/cassa/settore.yaml:13');
    expect(refused(PEERS.replace('dimensions: [mese]', 'dimensions: [anno]'), "peers dimension 'anno' is not a dimension")).toBe('spec/cassa/settore.yaml:12');
    expect(refused(PEERS.replace(PERIOD, ''), 'declares no period')).toBe('spec/cassa/settore.yaml:7');
  });
});

describe('a dimension of several fields and a measure that leaves out rows of its own (`unless`)', () => {
  it('are resolved into the model', () => {
    const report = load(PEERS).model?.reports[0];
    expect(report?.dimensions.find((d) => d.name === 'incrocio')).toEqual({ name: 'incrocio', label: 'Esito e carta', field: 'esito', by: 'value', fields: ['esito', 'carta'] });
    expect(report?.measures[0]).toMatchObject({ name: 'totale', where: [{ field: 'esito', values: ['KO'], not: true }] });
  });

  it('are refused at the line: a date among the fields, a code the enum lacks', () => {
    expect(refused(PEERS.replace('fields: [esito, carta]', 'fields: [esito, data]'), "groups by 'data', a date field")).toBe('spec/cassa/settore.yaml:19');
    expect(refused(PEERS.replace('unless: { esito: [KO] }', 'unless: { esito: [NO] }'), 'names NO, not a value of esito')).toBe('spec/cassa/settore.yaml:15');
  });
});

describe('a dashboard of a chosen day (spec `day`, `tables`, `span: month`)', () => {
  it('is resolved with its menu, tables and every combination of the enums as rows', () => {
    const { model, diagnostics } = load(PEERS, DASHBOARD);
    expect(diagnostics.map(format)).toEqual([]);
    expect(model?.dashboards?.[0]).toMatchObject({
      day: true, menu: { group: 'Cassa', label: 'Il giorno', order: 100 },
      tables: [{ dimension: 'incrocio', measures: ['numero', 'totale'], title: 'Esito e carta', values: [
        { value: 'OK|D', label: 'Incassato · Debito' }, { value: 'OK|C', label: 'Incassato · Credito' },
        { value: 'KO|D', label: 'Rifiutato · Debito' }, { value: 'KO|C', label: 'Rifiutato · Credito' },
      ] }],
      charts: [{ dimension: 'mese', measure: 'totale', span: 'month' }],
    });
    expect(model?.dashboards?.[0].lastDays).toBeUndefined();
  });

  it('is refused at the line: both or neither of lastDays and day, a month span without day, a table of an unknown measure', () => {
    expect(refused(PEERS, 'exactly one of lastDays', DASHBOARD.replace('day: true', 'day: true\nlastDays: 7'))).toMatch(/^spec\/cassa\/giorno.yaml:/);
    expect(refused(PEERS, 'needs day: true', DASHBOARD.replace('day: true', 'lastDays: 7'))).toBe('spec/cassa/giorno.yaml:8');
    expect(refused(PEERS, "'media' is not a measure", DASHBOARD.replace('measures: [numero, totale]', 'measures: [numero, media]'))).toBe('spec/cassa/giorno.yaml:7');
  });
});
