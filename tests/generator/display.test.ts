/**
 * An entity's `display` (docs/spec-language.md#references): it names rows where others refer to them, outside
 * the referenced entity's scope, so a secret field may not be part of it.
 */
import { describe, expect, it } from 'vitest';
import { BANCA_YAML, loadSpecWithError } from '../support/spec-helpers.js';

describe('display', () => {
  it('refuses a secret display field at its line', () => {
    const spec = BANCA_YAML.replace('list:\n', '  chiave: { type: string, label: Chiave, secret: true }\nlist:\n').replace('table: banca\n', 'table: banca\ndisplay: [codAbi, chiave]\n');
    const found = loadSpecWithError({ 'spec/banca.yaml': spec }, "Display field 'chiave' of Banca is secret");
    expect(found.line).toBe(spec.split('\n').findIndex((l) => l.startsWith('display:')) + 1);
  });
});
