/**
 * `referenceData: true` (docs/spec-language.md#references): the list operation carries `x-reference-data`, so a
 * compact search needs a session only, and the manifest tells the shell to offer the select to everyone; an
 * entity that is also scoped is refused at the flag's line.
 */
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../generator/emitters/manifest.js';
import { present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const withFlag = (extra: string) => BANCA_YAML.replace('permission: ANAG_BANCHE\n', `permission: ANAG_BANCHE\n${extra}`);

describe('referenceData', () => {
  it('marks the list operation and the manifest entity; without it, neither', () => {
    const flagged = present(loadSpec({ 'spec/banca.yaml': withFlag('referenceData: true\n') }).model, 'the model');
    expect(openApiJson(flagged).paths['/banche'].get['x-reference-data']).toBe(true);
    expect(buildManifest(flagged).entities.Banca.referenceData).toBe(true);

    const plain = present(loadSpec({ 'spec/banca.yaml': BANCA_YAML }).model, 'the model');
    expect(openApiJson(plain).paths['/banche'].get['x-reference-data']).toBeUndefined();
    expect(buildManifest(plain).entities.Banca.referenceData).toBeUndefined();
  });

  it('refuses referenceData on a scoped entity, at the flag\'s line', () => {
    const spec = withFlag('referenceData: true\nscope: { bank: codAbi }\n');
    const found = loadSpecWithError({ 'spec/banca.yaml': spec }, 'Banca is referenceData, which every signed-in user searches, and has a scope');
    expect(found.line).toBe(spec.split('\n').findIndex((l) => l.startsWith('referenceData:')) + 1);
  });
});
