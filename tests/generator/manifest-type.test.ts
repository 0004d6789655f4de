/**
 * generated/types/manifest.ts and the manifest emitter share one schema (generator/emitters/manifest-type.ts):
 * the committed manifest satisfies it, and it refuses what the UI could not read.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { MANIFEST_KEYWORDS, manifestSchema, SHELL_LAYOUTS } from '../../generator/emitters/manifest-type';

const manifest: Record<string, unknown> = JSON.parse(readFileSync(new URL('../../generated/manifest.json', import.meta.url), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: true, keywords: MANIFEST_KEYWORDS }).compile(manifestSchema);

const pagesSchema: { properties: { shells: { additionalProperties: { properties: { layout: { enum: string[] } } } } } } =
  JSON.parse(readFileSync(new URL('../../generator/schema/pages.schema.json', import.meta.url), 'utf8'));

describe('manifest schema', () => {
  it("knows the same shell layouts as the spec's schema (each has a frame in ui/src/shell/layouts.tsx)", () => {
    expect(pagesSchema.properties.shells.additionalProperties.properties.layout.enum).toEqual(SHELL_LAYOUTS);
  });

  it('accepts generated/manifest.json', () => {
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a missing part, an unknown key and an unknown route kind', () => {
    const { routes: _routes, ...withoutRoutes } = manifest;
    expect(validate(withoutRoutes)).toBe(false);
    expect(validate({ ...manifest, extra: 1 })).toBe(false);
    expect(validate({ ...manifest, routes: [{ path: '/x', kind: 'wizard', entity: 'Banca' }] })).toBe(false);
  });
});
