/**
 * `api.period`, `api.pageWindow` and an enum's `colors` (docs/spec-language.md#a-list-searched-by-period): the
 * generator resolves the period to the range filter's parameters and refuses, at the line, a period over a field
 * that is not a date searched by range, a default longer than the maximum, and a colour for a code the enum lacks.
 */
import { describe, expect, it } from 'vitest';
import { format, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const FILE = 'spec/cassa/incasso.yaml';
const MESSAGES = `    messages: { required: Indicare il periodo, order: Date invertite, tooLong: Al massimo due mesi }`;
const spec = ({ field = 'data', extra = '', colors = '{ OK: green }' } = {}) => `entity: Incasso
table: incasso
key: codice
permission: ANAG_BANCHE
api:
  path: incassi
  pageWindow: 5
  period:
    field: ${field}
    maxMonths: 2
${extra}${MESSAGES}
fields:
  codice: { type: string, label: Codice, required: true }
  data: { type: date, label: Data, required: true, search: range }
  giorno: { type: date, label: Giorno }
  importo: { type: decimal, label: Importo, search: range }
  esito: { type: enum, label: Esito, values: { OK: Incassato, KO: Rifiutato }, colors: ${colors} }
list:
  route: /incassi
  filters: [data, esito]
`;

describe('a list searched by period', () => {
  it('resolves the period to the range filter\'s parameters, with one month by default, and keeps the page window and colours', () => {
    const { model, diagnostics } = loadSpec({ [FILE]: spec() });
    expect(diagnostics.map(format)).toEqual([]);
    const entity = model?.entities.find((e) => e.name === 'Incasso');
    expect(entity?.api.period).toEqual({
      from: 'dataDa', to: 'dataA', maxMonths: 2, defaultMonths: 1,
      messages: { required: 'Indicare il periodo', order: 'Date invertite', tooLong: 'Al massimo due mesi' },
    });
    expect(entity?.api.pageWindow).toBe(5);
    expect(entity?.fields.find((f) => f.name === 'esito')?.options).toEqual([{ value: 'OK', label: 'Incassato', color: 'green' }, { value: 'KO', label: 'Rifiutato' }]);
  });

  it('refuses a period over a field that is not a date searched by range, at the line', () => {
    const notRange = loadSpecWithError({ [FILE]: spec({ field: 'giorno' }) }, "period field 'giorno' must be a date with search: range");
    expect(`${notRange.file}:${notRange.line}`).toBe(`${FILE}:9`);
    loadSpecWithError({ [FILE]: spec({ field: 'importo' }) }, "period field 'importo' must be a date with search: range (it is decimal, search: range)");
    loadSpecWithError({ [FILE]: spec({ field: 'dat' }) }, "period names 'dat', which is not a field of Incasso. Did you mean 'data'?");
  });

  it('refuses a default period longer than the longest allowed', () => {
    const d = loadSpecWithError({ [FILE]: spec({ extra: '    defaultMonths: 3\n' }) }, 'period defaultMonths 3 is more than maxMonths 2');
    expect(d.line).toBe(11);
  });

  it('keeps a latest end with its message, and refuses one without the message (seed 002 §5: debit letters)', () => {
    const late = `    latestEnd: startOfPreviousMonth\n    messages: { required: Indicare il periodo, order: Date invertite, tooLong: Al massimo due mesi, tooLate: 'Non oltre il {data}' }\n`;
    const { model, diagnostics } = loadSpec({ [FILE]: spec({ extra: late }).replace(`${MESSAGES}\n`, '') });
    expect(diagnostics.map(format)).toEqual([]);
    expect(model?.entities.find((e) => e.name === 'Incasso')?.api.period).toMatchObject({ latestEnd: 'startOfPreviousMonth', messages: { tooLate: 'Non oltre il {data}' } });
    const d = loadSpecWithError({ [FILE]: spec({ extra: '    latestEnd: startOfPreviousMonth\n' }) }, 'period latestEnd needs messages.tooLate');
    expect(d.line).toBe(11);
  });

  it('keeps the download month limit, an empty list\'s message and an empty export\'s (seed 002 §5, §8: the downloads)', () => {
    const late = `    latestEnd: endOfDownloadMonth\n    messages: { required: Indicare il periodo, order: Date invertite, tooLong: Al massimo due mesi, tooLate: 'Non oltre il {data}' }\n  export: { formats: [csv], emptyMessage: Nessun dato nel periodo }\n`;
    const text = spec({ extra: late }).replace(`${MESSAGES}\n`, '').replace('  filters: [data, esito]', '  filters: [data, esito]\n  emptyMessage: Nessun incasso trovato');
    const { model, diagnostics } = loadSpec({ [FILE]: text });
    expect(diagnostics.map(format)).toEqual([]);
    const incasso = model?.entities.find((e) => e.name === 'Incasso');
    expect(incasso?.api.period).toMatchObject({ latestEnd: 'endOfDownloadMonth' });
    expect(incasso?.api.export).toEqual({ formats: ['csv'], columns: expect.any(Array), emptyMessage: 'Nessun dato nel periodo' });
    expect(incasso?.list?.emptyMessage).toBe('Nessun incasso trovato');
    loadSpecWithError({ [FILE]: spec({ extra: '    latestEnd: endOfMonth\n' }) }, 'latestEnd');
    loadSpecWithError({ [FILE]: spec({ extra: "    earliestStart: '2019-07-01'\n" }) }, 'period earliestStart needs messages.tooEarly');
  });

  it('refuses a colour for a code the enum does not have', () => {
    loadSpecWithError({ [FILE]: spec({ colors: '{ OK: green, XX: red }' }) }, "Field 'esito': colors names code 'XX', which is not one of its values (OK, KO).");
  });
});
