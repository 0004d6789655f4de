/**
 * Every schema of generated/openapi.json compiles, so a schema mistake of the domain's document fails here,
 * not as a 500. (The error bodies themselves are tested on the fixture: tests/server/platform/errors.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config.js';

describe('generated/openapi.json', () => {
  const doc: { components: { schemas: Record<string, unknown> } } = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'openapi.json'), 'utf8'));
  const names = Object.keys(doc.components.schemas);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');

  it('declares the component schemas of every entity', () => {
    expect(names).toEqual(expect.arrayContaining(['Banca', 'BancaInput', 'BancaPage', 'Filiale', 'PosFisico', 'PosGenerico', 'Gruppo', 'Error']));
  });

  it.each(names)('schema %s compiles with Ajv 2020', (name) => {
    expect(() => ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` })).not.toThrow();
  });
});
