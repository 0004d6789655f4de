/**
 * A data-scope dimension taken through a reference (docs/spec-language.md#a-dimension-through-a-reference):
 * `scope: { branch: { through: pdvid } }` on Terminale, whose store (Negozio) carries the branch. `npm run gen`
 * builds it into the model and refuses, at file:line:col, a `through` naming a missing or non-reference field, or a
 * reference to an entity whose scope has no field of its own for that dimension.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSpecDir } from '../../generator/load/read-spec-dir.js';
import { parseSourceFile } from '../../generator/load/source-file.js';
import { resolveSources, specFileReader } from '../../generator/pipeline.js';
import { ROOT_DIR } from '../../server/config.js';
import { present } from '../support/present.js';
import { format } from '../support/spec-helpers.js';

const FILE = 'spec/esercenti/terminale.yaml';
const TEXT = readFileSync(join(ROOT_DIR, FILE), 'utf8');
const SCOPE = 'scope: { bank: abi, branch: { through: pdvid }, merchant: codEser, store: pdvid }';

function resolve(text: string) {
  const sources = readSpecDir(ROOT_DIR).sources.filter((s) => s.file !== FILE);
  sources.push(present(parseSourceFile(FILE, text).source, FILE));
  return resolveSources(sources, [], specFileReader(ROOT_DIR));
}

/** The diagnostics of the spec with Terminale's scope line replaced, and where `needle` is on that line. */
function errorsWith(through: string): { errors: string[]; at: string } {
  const text = TEXT.replace(SCOPE, SCOPE.replace('through: pdvid', `through: ${through}`));
  const { model, diagnostics } = resolve(text);
  expect(model).toBeUndefined();
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.startsWith('scope:')) + 1;
  return { errors: diagnostics.map(format), at: `${FILE}:${line}:${lines[line - 1].indexOf(`through: ${through}`) + 'through: '.length + 1}` };
}

describe('scope: { branch: { through: <reference> } }', () => {
  it('builds the dimension through the reference, with the entity it points to, and keeps the own ones as they are', () => {
    expect(TEXT).toContain(SCOPE);
    const { model, diagnostics } = resolve(TEXT);
    expect(diagnostics.map(format)).toEqual([]);
    const terminale = model?.entities.find((e) => e.name === 'Terminale');
    expect(terminale?.scope).toEqual({ bank: 'abi', merchant: 'codEser', store: 'pdvid' });
    expect(terminale?.scopeThrough).toEqual({ branch: { field: 'pdvid', entity: 'Negozio' } });
    expect(model?.entities.find((e) => e.name === 'Negozio')?.scopeThrough).toBeUndefined();
  });

  it('refuses a field the entity lacks, at its position', () => {
    const { errors, at } = errorsWith('negozio');
    expect(errors.find((e) => e.includes("Scope reference field 'negozio'"))).toMatch(new RegExp(`^${at}: `));
  });

  it('refuses a field that is not a reference, at its position', () => {
    const { errors, at } = errorsWith('posid');
    expect(errors).toContain(`${at}: scope.branch.through must name a reference field: 'posid' is a string, so it points at no row that carries the branch.`);
  });

  it('refuses a reference to an entity whose scope has no such dimension of its own, at its position', () => {
    const { errors, at } = errorsWith('abi');
    expect(errors).toEqual([`${at}: scope.branch.through 'abi' points at Banca, whose scope has no branch field of its own: the branch must be carried by the referenced row.`]);
  });

  it('refuses a malformed value through the JSON Schema', () => {
    const text = TEXT.replace(SCOPE, SCOPE.replace('{ through: pdvid }', '{ via: pdvid }'));
    const { model, diagnostics } = resolve(text);
    expect(model).toBeUndefined();
    expect(diagnostics.map(format).join('\n')).toContain(FILE);
  });
});
