/**
 * Every schema of generated/openapi.json compiles with the Ajv the server validates with, so a schema mistake of
 * the domain's document fails here, in CI, not as a 500 in front of a user: the server compiles a path's schemas at
 * its first request (server/http/validation.ts) and no longer all of them at start, which took a third of each
 * start. (The error bodies themselves are tested on the fixture: tests/server/platform/errors.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../common/json-schema-validator.js';
import { ROOT_DIR } from '../../server/config.js';

describe('generated/openapi.json', () => {
  const doc: { components: { schemas: Record<string, unknown> } } = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'openapi.json'), 'utf8'));
  const names = Object.keys(doc.components.schemas);
  const ajv = schemaValidator();
  ajv.addSchema(doc, 'openapi.json');

  it('declares the component schemas of every entity', () => {
    expect(names).toEqual(expect.arrayContaining(['Banca', 'BancaInput', 'BancaPage', 'Filiale', 'PosFisico', 'PosGenerico', 'Gruppo', 'Error']));
  });

  it.each(names)('schema %s compiles with the server\'s Ajv 2020', (name) => {
    expect(() => ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` })).not.toThrow();
  });
});
