/**
 * A report's `rollups` (docs/spec-language.md#rollups): the fields each keeps (by default every field a request may
 * need), the table the schema snapshot gets for it, and each mistake refused at its line.
 */
import { describe, expect, it } from 'vitest';
import { format, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { snapshotOf } from '../../generator/migrations/snapshot.js';
import { present } from '../../server/lookup.js';

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
  importo: { type: decimal, label: Importo, precision: 9, scale: 2 }
  esito: { type: enum, label: Esito, search: exact, values: { OK: Incassato, KO: Rifiutato } }
  cassa: { type: string, label: Cassa, maxLength: 8 }
`;
const REPORT = `report: Incassi
entity: Incasso
path: cassa/incassi
filters: [esito]
period: { field: data, maxMonths: 12, messages: { required: Periodo, order: Ordine, tooLong: Troppo lungo } }
exclude: { esito: [KO] }
measures:
  totale: { sum: importo, label: Totale }
  numero: { count: true, label: Numero }
  medio: { average: importo, label: Medio }
dimensions:
  esito: { field: esito }
  cassa: { field: cassa }
  mese: { field: data, by: month, sort: key }
  fascia: { field: ora, slots: [{ from: '00:00', to: '12:00', label: Mattina }, { from: '12:00', to: '24:00', label: Pomeriggio }] }
rollups:
  mese: { grain: month, fields: [esito, data] }
  giorno: { grain: day }
`;
const files = (report: string) => ({ [ENTITY_FILE]: ENTITY, [REPORT_FILE]: report });
const refused = (report: string, substring: string) => {
  const d = loadSpecWithError(files(report), substring);
  return `${d.file}:${d.line}:${d.column}`;
};

describe('a report\'s rollups', () => {
  it('keep the listed fields, or by default the filters, the period and the dimensions\' fields; slots and sums in columns of their own', () => {
    const { model, diagnostics } = loadSpec(files(REPORT));
    expect(diagnostics.map(format)).toEqual([]);
    const rollups = present(model, 'the model').reports[0].rollups;
    expect(rollups?.map((r) => [r.name, r.table, r.grain, r.fields])).toEqual([
      ['mese', 'incasso_rollup_incassi_mese', 'month', ['esito', 'data']],
      ['giorno', 'incasso_rollup_incassi_giorno', 'day', ['esito', 'data', 'cassa']],
    ]);
    expect(rollups?.[1].slots).toEqual([{ dimension: 'fascia', column: 'rollup_fascia_fascia' }]);
    expect(rollups?.[1].sums).toEqual([{ field: 'importo', sum: 'rollup_somma_importo', count: 'rollup_valori_importo' }]);
  });

  it('each become a table of the schema snapshot: the kept columns nullable, the key text as primary key, an index on the period', () => {
    const table = snapshotOf(present(loadSpec(files(REPORT)).model, 'the model')).find((t) => t.name === 'incasso_rollup_incassi_giorno');
    expect(table?.columns.map((c) => [c.name, c.type, c.nullable])).toEqual([
      ['rollup_chiave', 'string', false], ['esito', 'string', true], ['data', 'date', true], ['cassa', 'string', true],
      ['rollup_fascia_fascia', 'string', true], ['rollup_righe', 'integer', false],
      ['rollup_somma_importo', 'decimal', true], ['rollup_valori_importo', 'integer', false],
    ]);
    expect(table?.columns.find((c) => c.name === 'rollup_somma_importo')).toMatchObject({ precision: 17, scale: 2 });
    expect(table?.primary).toEqual(['rollup_chiave']);
    expect(table?.indexes).toEqual([{ name: 'incasso_rollup_incassi_giorno_data', columns: ['data'], unique: false }]);
  });

  it('keep the slots listed in `slots`, none for []: a table without their columns', () => {
    const withSlots = (slots: string) => REPORT.replace('giorno: { grain: day }', `giorno: { grain: day, slots: ${slots} }`);
    const tableOf = (report: string) => snapshotOf(present(loadSpec(files(report)).model, 'the model')).find((t) => t.name === 'incasso_rollup_incassi_giorno');
    expect(present(loadSpec(files(withSlots('[]'))).model, 'the model').reports[0].rollups?.[1].slots).toEqual([]);
    expect(tableOf(withSlots('[]'))?.columns.map((c) => c.name)).not.toContain('rollup_fascia_fascia');
    expect(tableOf(withSlots('[fascia]'))?.columns.map((c) => c.name)).toContain('rollup_fascia_fascia');
    expect(refused(withSlots('[fasica]'), "'fasica' is not a dimension in time slots of Incassi. Did you mean 'fascia'?")).toBe(`${REPORT_FILE}:18:33`);
    expect(refused(withSlots('[cassa]'), "'cassa' is not a dimension in time slots of Incassi.")).toBe(`${REPORT_FILE}:18:33`);
  });

  it('refuse an unknown field, a decimal field, a slot dimension\'s time and a rollup without the period, at the line', () => {
    const withRollup = (rollup: string) => REPORT.replace(/rollups:\n[\s\S]*$/, `rollups:\n  ${rollup}\n`);
    expect(refused(withRollup('mese: { grain: month, fields: [esitto, data] }'), "'esitto' is not a field of Incasso. Did you mean 'esito'?")).toBe(`${REPORT_FILE}:17:34`);
    expect(refused(withRollup('mese: { grain: month, fields: [importo, data] }'), "Rollup mese keeps 'importo', a decimal field: every row would be a rollup row of its own.")).toBe(`${REPORT_FILE}:17:34`);
    expect(refused(withRollup('mese: { grain: day, fields: [ora, data] }'), "Rollup mese keeps 'ora', a time grouped in slots: the rollup keeps the slot, not the time.")).toBe(`${REPORT_FILE}:17:32`);
    expect(refused(withRollup('mese: { grain: month, fields: [esito] }'), "Rollup mese must keep the period field 'data': every request names a period.")).toBe(`${REPORT_FILE}:17:33`);
  });

  it('refuse a grain other than day or month by the schema', () => {
    const d = loadSpecWithError(files(REPORT.replace('grain: month', 'grain: week')), 'grain');
    expect(d.file).toBe(REPORT_FILE);
  });
});
