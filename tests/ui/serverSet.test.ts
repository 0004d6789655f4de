/**
 * The form shows server-set fields (readOnly in its schema) and never sends them: the API refuses them
 * ('Campo non previsto', docs/spec-language.md#server-set-fields). Checked on the generated movement form.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config';
import { withoutServerSet } from '../../ui/src/core/serverSet';

const form = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'forms', 'MovimentoMagazzino.json'), 'utf8'));

describe('withoutServerSet', () => {
  it('drops id and who decided the movement, keeps what the user typed', () => {
    const row = { id: 'mov-1', codAbi: '60855', codModpos: '101', tipoMov: 'R+', qtaMov: 2, dataMov: '2026-03-10', statoMov: 'S', utenteEsito: 'x', dataEsito: null, notaEsito: null };
    expect(withoutServerSet(form.schema, row)).toEqual({ codAbi: '60855', codModpos: '101', tipoMov: 'R+', qtaMov: 2, dataMov: '2026-03-10', statoMov: 'S' });
  });

  it('walks into children and lists', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, g: { type: 'object', properties: { id: { readOnly: true }, b: {} } }, l: { type: 'array', items: { type: 'object', properties: { id: { readOnly: true }, c: {} } } } } };
    expect(withoutServerSet(schema, { a: 'x', g: { id: 1, b: 2 }, l: [{ id: 1, c: 3 }] })).toEqual({ a: 'x', g: { b: 2 }, l: [{ c: 3 }] });
  });
});
