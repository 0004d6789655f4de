/** The "Storico modifiche" panel's reading of an audit entry: changed fields with the form's Italian labels. */
import { describe, expect, it } from 'vitest';
import { auditChanges, auditKey } from '../../ui/src/core/auditChanges';

const schema = {
  properties: {
    codAbi: { title: 'Codice ABI', type: 'string' },
    nomeBcc: { title: 'Denominazione', type: 'string' },
    flgAttiva: { title: 'Attiva', type: ['boolean', 'null'] },
    dataAdesione: { title: 'Data adesione', type: ['string', 'null'], format: 'date' },
    tipoSepa: { title: 'Tipo SEPA', type: ['string', 'null'], enum: ['B', 'C', null] },
    group: { title: 'Gruppo', type: 'object', properties: { description: { title: 'Descrizione' } } },
    modelliPos: { title: 'Modelli POS personalizzati', type: 'array', items: { properties: { codModpos: { title: 'Modello POS' } } } },
  },
};
const uiSchema = { 'ui:order': ['codAbi', 'nomeBcc', 'flgAttiva', 'dataAdesione', 'tipoSepa', 'group', 'modelliPos', '*'], tipoSepa: { 'ui:enumNames': ['B2B', 'B2C core', '-'] } };
const json = (v: unknown) => JSON.stringify(v);

describe('auditChanges', () => {
  it('an update: only the changed fields, with labels and Italian values, children field by field', () => {
    const before = { codAbi: '30480', nomeBcc: 'Vecchio', flgAttiva: true, dataAdesione: null, tipoSepa: 'B', group: { description: 'G1' }, modelliPos: [] };
    const after = { ...before, nomeBcc: 'Nuovo', flgAttiva: false, dataAdesione: '2026-03-05', tipoSepa: 'C', group: { description: 'G2' }, modelliPos: [{ codModpos: 'A37' }], _actions: ['update'] };
    expect(auditChanges({ before: json(before), after: json(after) }, schema, uiSchema)).toEqual([
      { field: 'nomeBcc', label: 'Denominazione', before: 'Vecchio', after: 'Nuovo' },
      { field: 'flgAttiva', label: 'Attiva', before: 'Sì', after: 'No' },
      { field: 'dataAdesione', label: 'Data adesione', before: '', after: '05/03/2026' },
      { field: 'tipoSepa', label: 'Tipo SEPA', before: 'B2B', after: 'B2C core' },
      { field: 'group.description', label: 'Gruppo › Descrizione', before: 'G1', after: 'G2' },
      { field: 'modelliPos', label: 'Modelli POS personalizzati', before: '', after: 'Modello POS: A37' },
    ]);
  });

  it('a create lists every value set; a delete every value held', () => {
    expect(auditChanges({ before: null, after: json({ codAbi: '1', nomeBcc: 'X', tipoSepa: null }) }, schema, uiSchema).map((c) => [c.label, c.before, c.after]))
      .toEqual([['Codice ABI', '', '1'], ['Denominazione', '', 'X']]);
    expect(auditChanges({ before: json({ codAbi: '1' }), after: null }, schema, uiSchema)).toEqual([{ field: 'codAbi', label: 'Codice ABI', before: '1', after: '' }]);
  });

  it('a field the form does not know keeps its name', () => {
    expect(auditChanges({ before: json({ altro: 1 }), after: json({ altro: 2 }) }, schema)).toEqual([{ field: 'altro', label: 'altro', before: '1', after: '2' }]);
  });

  it('the key as the trail stores it', () => {
    expect(auditKey(['codAbi', 'cab'], { codAbi: '30480', cab: '01600' })).toBe('30480/01600');
  });
});
