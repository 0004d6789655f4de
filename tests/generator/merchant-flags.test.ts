/**
 * Functions that depend on the caller's merchant (docs/spec-language.md#functions-that-depend-on-the-merchant), on
 * the fixture spec: CAT_VETRINE requires the fixture Esercente's `vetrine`, bindings.yaml names Esercente as
 * `merchantEntity`. The model carries the function's flag and its plain label; a misspelt, non-boolean or unbound
 * flag, and a merchantEntity that is not the merchants' rows, are reported at file:line:col.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../generator/load/source-file.js';
import { resolveSources } from '../../generator/pipeline.js';
import { ROOT_DIR } from '../../server/config.js';
import { fixtureFiles } from '../support/fixture-spec.js';
import { present } from '../support/present.js';
import { format } from '../support/spec-helpers.js';

const FUNCTIONS = 'tests/fixtures/spec/platform/functions.yaml';
const BINDINGS = 'spec/platform/bindings.yaml';
const ESERCENTE = 'tests/fixtures/spec/catalogo/esercente.yaml';
const original = (file: string) => readFileSync(join(ROOT_DIR, file), 'utf8');

/** The fixture spec, with some of its files' text replaced. */
function resolveWith(replaced: Record<string, string> = {}) {
  const sources = fixtureFiles().map(({ original: file }) => present(parseSourceFile(file, replaced[file] ?? original(file)).source, file));
  return resolveSources(sources);
}
function errorsOf(replaced: Record<string, string>): string[] {
  const { model, diagnostics } = resolveWith(replaced);
  expect(model).toBeUndefined();
  return diagnostics.map(format);
}
const lineOf = (file: string, needle: string) => original(file).split('\n').findIndex((l) => l.includes(needle)) + 1;
const withFlag = (flag: string) => ({ [FUNCTIONS]: original(FUNCTIONS).replace('requiresMerchantFlag: vetrine', `requiresMerchantFlag: ${flag}`) });

describe('requiresMerchantFlag', () => {
  it('puts the function and its flag in the model, and its label in the catalogue', () => {
    const { model, diagnostics } = resolveWith();
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    expect(resolved.merchantFlags).toEqual({ CAT_VETRINE: 'vetrine' });
    expect(resolved.functions.CAT_VETRINE).toBe('Vetrine dei negozi');
    expect(resolved.bindings?.merchantEntity).toBe('Esercente');
  });

  it('reports a flag the merchants\' entity lacks at the flag, with the closest boolean field', () => {
    const line = lineOf(FUNCTIONS, 'requiresMerchantFlag: vetrine');
    const column = original(FUNCTIONS).split('\n')[line - 1].indexOf('vetrine }') + 1;
    expect(errorsOf(withFlag('vetrina'))).toEqual([
      `${FUNCTIONS}:${line}:${column}: Function CAT_VETRINE: Esercente has no field vetrina. Did you mean 'vetrine'?`,
    ]);
  });

  it('reports a flag that is not a boolean field', () => {
    expect(errorsOf(withFlag('ragioneSociale'))).toEqual([
      expect.stringMatching(/:\d+:\d+: Function CAT_VETRINE: Esercente\.ragioneSociale is a string, a merchant flag must be a boolean field\.$/),
    ]);
  });

  it('reports a flag with no merchantEntity in the bindings', () => {
    const bindings = original(BINDINGS).replace(/^ {2}merchantEntity: .*$/m, '');
    expect(errorsOf({ [BINDINGS]: bindings })).toEqual([
      expect.stringMatching(new RegExp(`^${FUNCTIONS}:\\d+:\\d+: Function CAT_VETRINE requires the merchant flag vetrine, but spec/platform/bindings\\.yaml names no merchantEntity`)),
    ]);
  });

  it('reports a merchantEntity that is unknown, or not the merchants\' own rows, at its line', () => {
    const line = lineOf(BINDINGS, 'merchantEntity:');
    expect(errorsOf({ [BINDINGS]: original(BINDINGS).replace('merchantEntity: Esercente', 'merchantEntity: Esercenti') })).toEqual([
      `${BINDINGS}:${line}:19: merchantEntity: no entity is named Esercenti. Did you mean 'Esercente'?`,
    ]);
    const noMerchant = original(ESERCENTE).replace('scope: { bank: codAbi, branch: cab, merchant: codEser }', 'scope: { bank: codAbi, branch: cab }');
    expect(errorsOf({ [ESERCENTE]: noMerchant })).toEqual([
      expect.stringMatching(new RegExp(`^${BINDINGS}:${line}:19: merchantEntity: Esercente must be the merchants' own rows`)),
    ]);
  });

  it('refuses an object without its flag (the JSON Schema)', () => {
    const text = original(FUNCTIONS).replace('{ label: Vetrine dei negozi, requiresMerchantFlag: vetrine }', '{ label: Vetrine dei negozi }');
    expect(errorsOf({ [FUNCTIONS]: text }).length).toBeGreaterThan(0);
  });
});
