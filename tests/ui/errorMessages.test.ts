import { describe, expect, it } from 'vitest';
import { createTransformErrors, detailsToErrorSchema, FALLBACK_MESSAGE, messagePath } from '../../ui/src/core/errorMessages';
import { validatorFor } from '../../ui/src/shell/form/validator';
import type { FormDef } from '../../ui/src/core/types';
import form from './fixtures/Banca.form.json';

const def: FormDef = form;
const transform = createTransformErrors(def);

function validate(data: Record<string, unknown>) {
  return validatorFor(def.schema).validateFormData(data, def.schema, undefined, transform, def.uiSchema);
}

describe('messagePath', () => {
  it('drops the leading dot and array indexes', () => {
    expect(messagePath('.codAbi')).toBe('codAbi');
    expect(messagePath('codAbi')).toBe('codAbi');
    expect(messagePath('.group.groupName')).toBe('group.groupName');
    expect(messagePath('.modelliPos.0.codModpos')).toBe('modelliPos.codModpos');
    expect(messagePath(undefined)).toBe('');
  });
});

describe('transformErrors with the real rjsf validator (Ajv 2020)', () => {
  it('gives the spec message for a 4-digit ABI, with its two spaces', () => {
    const { errors } = validate({ codAbi: '1234', nomeBcc: 'Banca', group: { groupName: 'G' } });
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) {
      expect(e.message).toBe('Il campo  deve essere di 5 cifre');
      expect(e.stack).toBe('Il campo  deve essere di 5 cifre');
    }
  });

  it('maps nested required, array items and defaults, never English', () => {
    const { errors, errorSchema } = validate({ codAbi: '12345', group: {}, modelliPos: [{ codModpos: 'x' }], durataContrattoFat: 'a' });
    const messages = errors.map((e) => e.message);
    expect(messages).toContain('Gruppo obbligatorio');
    expect(messages).toContain("Questo campo e' obbligatorio");
    expect(messages).toContain('Il campo  deve essere di 3 cifre.');
    expect(messages).toContain('Campo numerico');
    for (const m of messages) expect(m).not.toMatch(/must|should|property/i);
    expect(errorSchema.group?.groupName?.__errors).toEqual(['Gruppo obbligatorio']);
  });

  it('falls back to a generic Italian text for keywords without a message', () => {
    const { errors } = validate({ codAbi: '12345', nomeBcc: 'x', group: { groupName: 'g', extra: 1 } });
    expect(errors.map((e) => e.message)).toEqual([FALLBACK_MESSAGE]);
  });

  it('accepts a valid bank', () => {
    expect(validate({ codAbi: '12345', nomeBcc: 'Banca', group: { groupName: 'G' } }).errors).toEqual([]);
  });
});

describe('detailsToErrorSchema', () => {
  it('puts each server detail under its dotted path', () => {
    const schema = detailsToErrorSchema([
      { field: 'codAbi', message: 'Il campo  deve essere di 5 cifre' },
      { field: 'group.groupName', message: 'Obbligatorio' },
      { field: 'modelliPos.0.codModpos', message: 'Errato' },
    ]);
    expect(schema).toMatchObject({
      codAbi: { __errors: ['Il campo  deve essere di 5 cifre'] },
      group: { groupName: { __errors: ['Obbligatorio'] } },
      modelliPos: { 0: { codModpos: { __errors: ['Errato'] } } },
    });
  });
});
