/**
 * The `dashboard` spec kind (docs/spec-language.md#dashboards): resolved against its report into the model and the
 * manifest (an enum dimension's every value, the route in the shell of its prefix), and each mistake refused at its
 * line with what to write instead.
 */
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../generator/emitters/manifest.js';
import { format, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const ENTITY_FILE = 'spec/cassa/incasso.yaml';
const REPORT_FILE = 'spec/cassa/incassi-report.yaml';
const DASHBOARD_FILE = 'spec/cassa/cruscotto.yaml';
const ENTITY = `entity: Incasso
table: incasso
key: codice
permission: ANAG_BANCHE
api: { path: incassi }
fields:
  codice: { type: string, label: Codice, required: true }
  data: { type: date, label: Data, search: range }
  importo: { type: decimal, label: Importo }
  esito: { type: enum, label: Esito, search: exact, values: { OK: Incassato, KO: Rifiutato } }
  cassa: { type: string, label: Cassa, search: exact }
`;
const REPORT = `report: Incassi
entity: Incasso
path: cassa/incassi
filters: [esito]
period: { field: data, maxMonths: 1, messages: { required: Periodo, order: Ordine, tooLong: Troppo lungo } }
measures:
  totale: { sum: importo, label: Totale }
  numero: { count: true, label: Numero }
dimensions:
  esito: { field: esito }
  cassa: { field: cassa }
`;
const DASHBOARD = `dashboard: Cruscotto
report: Incassi
route: /cassa/cruscotto
lastDays: 7
selector: esito
figures: [totale, numero]
charts:
  - { type: column, dimension: esito, measure: totale }
  - { dimension: cassa, measure: numero, title: Incassi per cassa }
`;
const files = (dashboard: string, report = REPORT) => ({ [ENTITY_FILE]: ENTITY, [REPORT_FILE]: report, [DASHBOARD_FILE]: dashboard });
const refused = (dashboard: string, substring: string, report = REPORT) => {
  const d = loadSpecWithError(files(dashboard, report), substring);
  return `${d.file}:${d.line}:${d.column}`;
};

describe('a dashboard', () => {
  it('is resolved with its report\'s permission, default titles and an enum dimension\'s every value', () => {
    const { model, diagnostics } = loadSpec(files(DASHBOARD));
    expect(diagnostics.map(format)).toEqual([]);
    expect(model?.dashboards).toEqual([{
      name: 'Cruscotto', label: 'Cruscotto', report: 'Incassi', route: '/cassa/cruscotto', permission: 'ANAG_BANCHE:VISUALIZZAZIONE',
      lastDays: 7, selector: 'esito', figures: ['totale', 'numero'], source: DASHBOARD_FILE, tables: [],
      charts: [
        { dimension: 'esito', measure: 'totale', title: 'Totale per esito', values: [{ value: 'OK', label: 'Incassato' }, { value: 'KO', label: 'Rifiutato' }] },
        { dimension: 'cassa', measure: 'numero', title: 'Incassi per cassa' },
      ],
    }]);
  });

  it('is a route of the manifest, behind its report\'s permission, and its page\'s definition', () => {
    const { model } = loadSpec(files(DASHBOARD));
    if (!model) throw new Error('no model');
    const manifest = buildManifest(model);
    expect(manifest.routes.find((r) => r.path === '/cassa/cruscotto')).toEqual({
      path: '/cassa/cruscotto', kind: 'dashboard', dashboard: 'Cruscotto', permission: 'ANAG_BANCHE:VISUALIZZAZIONE', shell: 'main', title: 'Cruscotto',
    });
    expect(manifest.dashboards?.Cruscotto).toMatchObject({ report: 'Incassi', lastDays: 7, selector: 'esito', figures: ['totale', 'numero'] });
  });

  it.each([
    ['an unknown report', DASHBOARD.replace('report: Incassi', 'report: Incasi'), "Dashboard Cruscotto names report 'Incasi', which the spec lacks. Did you mean 'Incassi'?", 2],
    ['an unknown figure', DASHBOARD.replace('[totale, numero]', '[totale, numeri]'), "'numeri' is not a measure of report Incassi. Did you mean 'numero'?", 6],
    ['an unknown chart dimension', DASHBOARD.replace('dimension: cassa', 'dimension: casa'), "'casa' is not a dimension of report Incassi. Did you mean 'cassa'?", 9],
    ['an unknown chart measure', DASHBOARD.replace('measure: numero', 'measure: importo'), "'importo' is not a measure of report Incassi.", 9],
    ['a selector that is no filter of the report', DASHBOARD.replace('selector: esito', 'selector: cassa'), "Selector 'cassa' is not a filter of report Incassi.", 5],
    ['more days than the report\'s period', DASHBOARD.replace('lastDays: 7', 'lastDays: 40'), 'lastDays 40 may be longer than the 1 month(s) report Incassi allows: at most 28.', 4],
  ])('refuses %s at its line', (_what, dashboard, message, line) => {
    expect(refused(dashboard, message)).toMatch(new RegExp(`^${DASHBOARD_FILE}:${line}:`));
  });

  it('refuses a report without period, and an unknown key with the schema\'s suggestion', () => {
    expect(refused(DASHBOARD, 'Report Incassi has no period: a dashboard shows the last days', REPORT.replace(/period: .*\n/, ''))).toMatch(new RegExp(`^${DASHBOARD_FILE}:2:`));
    expect(refused(`${DASHBOARD}lastDay: 3\n`, 'lastDay')).toMatch(new RegExp(`^${DASHBOARD_FILE}:`));
  });
});
