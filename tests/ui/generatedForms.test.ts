/**
 * The real generated forms through the real rjsf validator: every client-side error the UI can show for
 * them is Italian, and the bank code gives the spec's exact message (seed 000 §5).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTransformErrors } from '../../ui/src/core/errorMessages';
import { recordAt } from '../../ui/src/core/guards';
import type { FormDef } from '../../ui/src/core/types';
import { validatorFor } from '../../ui/src/shell/form/validator';
import { present } from '../support/present';

const formsDir = join(fileURLToPath(new URL('../..', import.meta.url)), 'generated/forms');
// generated/ is committed: no forms is a broken checkout, and must fail rather than leave this file with no tests.
const forms: FormDef[] = existsSync(formsDir)
  ? readdirSync(formsDir).filter((f) => f.endsWith('.json')).map((f): FormDef => JSON.parse(readFileSync(join(formsDir, f), 'utf8')))
  : [];

function validate(form: FormDef, data: unknown) {
  return validatorFor(form.schema).validateFormData(data, form.schema, undefined, createTransformErrors(form), form.uiSchema);
}

describe('generated forms', () => {
  it('generated/forms holds the forms', () => {
    expect(forms.length).toBeGreaterThan(0);
  });

  it('Banca: a 4-digit ABI gives exactly "Il campo  deve essere di 5 cifre"', () => {
    const banca = present(forms.find((f) => f.entity === 'Banca'), 'generated/forms/Banca.json');
    const { errors } = validate(banca, { codAbi: '1234', nomeBcc: 'Banca', group: {} });
    expect(errors.map((e) => [e.property, e.message])).toEqual([['.codAbi', 'Il campo  deve essere di 5 cifre']]);
  });

  it.each(forms.map((f) => [f.entity, f] as const))('%s: empty and wrong-typed data produce only Italian messages', (_name, form) => {
    const props = Object.keys(recordAt(form.schema, 'properties') ?? {});
    const wrong = Object.fromEntries(props.map((p) => [p, 12.5]));
    // A form whose required fields are all read-only (a merchant's profile: only optional PEC and SDI to change)
    // has nothing to require of an empty one; wrong types it still refuses.
    const required: unknown = form.schema.required;
    const requires = Array.isArray(required) && required.length > 0;
    for (const data of requires ? [{}, wrong] : [wrong]) {
      const { errors } = validate(form, data);
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) expect(e.message).not.toMatch(/\b(must|should|property|NOT)\b/);
    }
  });
});
