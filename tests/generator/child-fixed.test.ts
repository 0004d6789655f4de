/**
 * A child's `fixed` value computed from the parent (docs/spec-language.md#children, common/child-fixed.ts): the
 * model carries the expression, the server evaluates it on the parent row, and `npm run gen` refuses at its line
 * an expression that reads a name the parent lacks. Seed 000 §6, seed 001 §9: bank 99999's group is of type P.
 */
import { describe, expect, it } from 'vitest';
import { fixedValues } from '../../common/child-fixed.js';
import { present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const BANCA = 'spec/anagrafiche/banca.yaml';
const GRUPPO = 'spec/sicurezza/gruppo.yaml';
const GRUPPO_YAML = `entity: Gruppo
table: gruppo
key: groupName
permission: ANAG_BANCHE
fields:
  groupName: { type: string, label: Gruppo, required: true }
  groupType: { type: enum, label: Tipo, values: { B: Banca, P: Agente push } }
`;

/** The bank with its group child, whose type is `fixed` as written in `value`. */
const withGroup = (value: string) => ({
  [GRUPPO]: GRUPPO_YAML,
  [BANCA]: BANCA_YAML.replace('list:\n', () => `children:
  group:
    entity: Gruppo
    kind: one
    link: { groupName: codAbi }
    fixed: { groupType: ${value} }
list:
`),
});

describe("a child's fixed value", () => {
  it('an expression over the parent gives each parent its value; a constant stays a constant', () => {
    const { model, diagnostics } = loadSpec(withGroup(`{ expr: { if: [{ '==': [{ var: codAbi }, '99999'] }, P, B] } }`));
    expect(diagnostics).toEqual([]);
    const child = present(model?.entities.find((e) => e.name === 'Banca'), 'Banca').children[0];
    expect(fixedValues(child, { codAbi: '99999' })).toEqual({ groupType: 'P' });
    expect(fixedValues(child, { codAbi: '30480' })).toEqual({ groupType: 'B' });
    const constant = present(loadSpec(withGroup('B')).model?.entities.find((e) => e.name === 'Banca'), 'Banca').children[0];
    expect(fixedValues(constant, { codAbi: '99999' })).toEqual({ groupType: 'B' });
  });

  it("refuses, at its line, an expression that reads a name the parent lacks, and suggests the field", () => {
    const d = loadSpecWithError(withGroup(`{ expr: { if: [{ '==': [{ var: codAbl }, '99999'] }, P, B] } }`), 'Fixed value');
    expect(d.message).toBe("Fixed value of 'groupType' reads 'codAbl', which is not a field of Banca. Did you mean 'codAbi'?");
    expect(d).toMatchObject({ file: BANCA });
    expect(d.line).toBe(BANCA_YAML.split('\n').indexOf('list:') + 6);
  });

  it('refuses an object that is no expression', () => {
    const { model, diagnostics } = loadSpec(withGroup('{ value: P }'));
    expect(model).toBeUndefined();
    expect(diagnostics.length).toBeGreaterThan(0);
  });
});
