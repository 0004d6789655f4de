/**
 * Data-scope dimensions (docs/spec-language.md#data-scope): an entity's narrower dimensions need the wider
 * ones, and the bindings' dataScope binds each caller value to a dimension it fits; mistakes are reported
 * at the line the analyst wrote.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSpecDir } from '../../generator/load/read-spec-dir.js';
import { parseSourceFile } from '../../generator/load/source-file.js';
import { resolveSources, specFileReader } from '../../generator/pipeline.js';
import { ROOT_DIR } from '../../server/config.js';
import { present } from '../support/present.js';
import { BANCA_YAML, format, loadSpecWithError } from '../support/spec-helpers.js';

const FILE = 'spec/platform/bindings.yaml';
const TEXT = readFileSync(join(ROOT_DIR, FILE), 'utf8');
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

function bindingErrors(text: string): string[] {
  const sources = readSpecDir(ROOT_DIR).sources.filter((s) => s.file !== FILE);
  sources.push(present(parseSourceFile(FILE, text).source, FILE));
  const { model, diagnostics } = resolveSources(sources, [], specFileReader(ROOT_DIR));
  expect(model).toBeUndefined();
  return diagnostics.map(format);
}

describe('scope dimensions of an entity', () => {
  it('refuse a merchant dimension without a bank, at its line', () => {
    const spec = BANCA_YAML.replace('table: banca\n', 'table: banca\nscope: { merchant: nomeBcc }\n');
    const found = loadSpecWithError({ 'spec/banca.yaml': spec }, 'scope.merchant needs scope.bank');
    expect(found.line).toBe(lineOf(spec, 'scope:'));
  });

  it('refuse a dimension naming a field the entity lacks', () => {
    const spec = BANCA_YAML.replace('table: banca\n', 'table: banca\nscope: { bank: codAbi, merchant: codEser }\n');
    expect(loadSpecWithError({ 'spec/banca.yaml': spec }, "Scope field 'codEser'").line).toBe(lineOf(spec, 'scope:'));
  });
});

describe('dataScope of the bindings', () => {
  it('refuses a caller value on a dimension it does not fit', () => {
    const text = TEXT.replace('merchant: ownMerchant', 'merchant: ownBank');
    const line = lineOf(text, 'merchant: ownBank');
    // At the value: the second ownBank of the line.
    const column = text.split('\n')[line - 1].lastIndexOf('ownBank') + 1;
    expect(bindingErrors(text)).toEqual([`${FILE}:${line}:${column}: dataScope.merchant: ownBank restricts bank, not merchant.`]);
  });

  it('refuses a value outside the vocabulary, through the JSON Schema', () => {
    expect(bindingErrors(TEXT.replace('branch: ownBranch', 'branch: ownCab')).join('\n')).toContain('ownCab');
  });
});
