/**
 * `readAbove: true` (docs/spec-language.md#data-scope): the model carries it for the server's reads; an entity
 * without a `group` dimension is refused at the flag's line (there is no group chain to read up).
 */
import { describe, expect, it } from 'vitest';
import { present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const withFlag = (extra: string) => BANCA_YAML.replace('permission: ANAG_BANCHE\n', `permission: ANAG_BANCHE\n${extra}`);

describe('readAbove', () => {
  it('is carried into the model with the group dimension; absent, it is absent', () => {
    const flagged = present(loadSpec({ 'spec/banca.yaml': withFlag('scope: { group: codAbi }\nreadAbove: true\n') }).model, 'the model');
    expect(flagged.entities[0].readAbove).toBe(true);
    const plain = present(loadSpec({ 'spec/banca.yaml': withFlag('scope: { group: codAbi }\n') }).model, 'the model');
    expect(plain.entities[0].readAbove).toBeUndefined();
  });

  it('refuses readAbove without a group dimension, at the flag\'s line', () => {
    const spec = withFlag('scope: { bank: codAbi }\nreadAbove: true\n');
    const found = loadSpecWithError({ 'spec/banca.yaml': spec }, 'Banca has readAbove but no scope group');
    expect(found.line).toBe(spec.split('\n').findIndex((l) => l.startsWith('readAbove:')) + 1);
  });
});
