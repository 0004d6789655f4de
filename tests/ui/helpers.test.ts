import { describe, expect, it } from 'vitest';
import { applyRules } from '../../common/rules';
import { triggeredConfirmations } from '../../ui/src/core/confirmations';
import { fitToSchema } from '../../ui/src/core/fitToSchema';
import { entityPath, fillRoute, keyOf } from '../../ui/src/core/keys';
import type { FormDef } from '../../ui/src/core/types';
import form from './fixtures/Banca.form.json';

const def: FormDef = form;

describe('routes and keys', () => {
  it('fills the form route with the row key, or drops the optional segment', () => {
    expect(fillRoute('/anagrafiche/anaBanca/formBanca/:codAbi?', { codAbi: '30480', nomeBcc: 'x' })).toBe('/anagrafiche/anaBanca/formBanca/30480');
    expect(fillRoute('/anagrafiche/anaBanca/formBanca/:codAbi?', {})).toBe('/anagrafiche/anaBanca/formBanca');
    expect(fillRoute('/security/ruoli/ruolo/:groupName/:roleName?', { groupName: 'G 1', roleName: 'R' })).toBe('/security/ruoli/ruolo/G%201/R');
  });

  it('reads keys and builds API paths', () => {
    expect(keyOf(['codAbi'], { codAbi: 30480 })).toEqual({ codAbi: '30480' });
    expect(keyOf(['codAbi'], {})).toBeUndefined();
    expect(entityPath('banche', ['codAbi'], { codAbi: '30480' })).toBe('/banche/30480');
  });
});

describe('fitToSchema', () => {
  it('drops undeclared properties and nulls the schema does not allow', () => {
    const row = { codAbi: '12345', nomeBcc: null, dataPassaggioFattdir: null, createdAt: 'x', group: { groupName: 'g', parentGroup: 'p' } };
    expect(fitToSchema(def.schema, row)).toEqual({ codAbi: '12345', dataPassaggioFattdir: null, group: { groupName: 'g' } });
  });
});

describe('rules and confirmations as the form runs them', () => {
  it('turning off direct billing clears the forced flag and the date', () => {
    const out = applyRules(def.rules, { flgFatDir: false, flgFatDirForce: true, dataPassaggioFattdir: '2024-01-01' });
    expect(out).toMatchObject({ flgFatDirForce: false, dataPassaggioFattdir: null });
  });

  it('asks only on the declared transition', () => {
    expect(triggeredConfirmations(def.confirmations, { flgFatAcquisto: false }, { flgFatAcquisto: true })).toHaveLength(1);
    expect(triggeredConfirmations(def.confirmations, {}, { flgFatAcquisto: true })).toHaveLength(1);
    expect(triggeredConfirmations(def.confirmations, { flgFatAcquisto: true }, { flgFatAcquisto: false })).toHaveLength(0);
    expect(triggeredConfirmations(def.confirmations, { flgFatAcquisto: true }, { flgFatAcquisto: true })).toHaveLength(0);
  });
});
