/**
 * The fixture spec of the platform tests (tests/fixtures/README.md) is a valid spec that generates the
 * same bytes on every run, and between its own files and the spec/ files it reuses it writes every key of
 * the language, so a platform test can count on finding each feature there.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { GeneratedFile } from '../../generator/emitters/emitter.js';
import { ROOT_DIR } from '../../server/config.js';
import { assembleFixture, fixtureFiles, generateFixture } from '../support/fixture-spec.js';

/** Keys the fixture leaves out, each with where the feature is tested instead. */
const NOT_IN_FIXTURE: Record<string, string> = {
  migrate: 'migration declarations: tests/server/migrations-keep-data.test.ts changes a spec of its own step by step',
  renamedFrom: 'the same',
  slots: 'time slots of a report dimension: spec/statistiche/transato.yaml, tested by tests/server/statistiche-transato.test.ts (the fixture has no time of day)',
  exclude: "a measure's own exclusions (the report's `exclude` is in the fixture): tests/generator/report-peers.test.ts on a spec of its own, spec/statistiche/statistiche-dashboard.yaml tested by tests/server/statistiche-dashboard.test.ts",
  fields: "a report dimension of several fields (every entity has its `fields`): tests/generator/report-peers.test.ts on a spec of its own, spec/statistiche/statistiche-dashboard.yaml tested by tests/server/statistiche-dashboard.test.ts",
  peers: 'a report compared with its peers needs a reference whose rows carry a shared trait: tests/generator/report-peers.test.ts on a spec of its own, spec/statistiche/confronto-settore.yaml tested by tests/server/statistiche-confronto-settore.test.ts',
};

type Yaml = Record<string, unknown>;
const isObject = (v: unknown): v is Yaml => typeof v === 'object' && v !== null && !Array.isArray(v);
const schemaOf = (name: string): Yaml => JSON.parse(readFileSync(join(ROOT_DIR, 'generator', 'schema', name), 'utf8'));
/** The object under `key`; a schema without it is not the one these tests were written for. */
const objectAt = (value: Yaml, key: string): Yaml => {
  const found = value[key];
  if (!isObject(found)) throw new Error(`the JSON Schema has no object ${key}`);
  return found;
};
/** The keys a JSON Schema object definition allows. */
const keysOf = (definition: unknown): string[] => (isObject(definition) && isObject(definition.properties) ? Object.keys(definition.properties) : []);

const roots: string[] = [];
async function build(): Promise<GeneratedFile[]> {
  const root = mkdtempSync(join(tmpdir(), 'webpos-fixture-'));
  roots.push(root);
  assembleFixture(root);
  return generateFixture(root);
}
afterAll(() => { for (const root of roots) rmSync(root, { recursive: true, force: true }); });

describe('the fixture spec', () => {
  let first: GeneratedFile[];
  beforeAll(async () => { first = await build(); });

  it('generates every artifact without a diagnostic', () => {
    const paths = first.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['model.json', 'openapi.json', 'manifest.json', 'demo-data.json', 'schema-snapshot.json', 'forms/Ordine.json', 'types/api.ts']));
    expect(paths.filter((p) => p.startsWith('migrations/'))).toHaveLength(1);
  });

  it('gives the same bytes on a second run', async () => {
    expect(await build()).toEqual(first);
  });
});

describe('the fixture uses every key of the language', () => {
  const sources = fixtureFiles().map((f): unknown => parse(readFileSync(join(ROOT_DIR, f.original), 'utf8'))).filter(isObject);
  const entities = sources.filter((s) => typeof s.entity === 'string');
  const values = (objects: Yaml[], key: string): Yaml[] => objects.flatMap((o) => (isObject(o[key]) ? Object.values(o[key]) : [])).filter(isObject);
  const used = (objects: Yaml[]) => new Set(objects.flatMap((o) => Object.keys(o)));
  const missing = (allowed: string[], objects: Yaml[]) => allowed.filter((k) => !used(objects).has(k) && !(k in NOT_IN_FIXTURE));

  const entitySchema = schemaOf('entity.schema.json');
  const defs = objectAt(entitySchema, '$defs');

  it('every key of an entity, its api, its fields, children, rules, states and transitions', () => {
    expect(missing(keysOf(entitySchema), entities)).toEqual([]);
    expect(missing(keysOf(defs.api), entities.map((e) => e.api).filter(isObject))).toEqual([]);
    expect(missing(keysOf(defs.field), values(entities, 'fields'))).toEqual([]);
    expect(missing(keysOf(defs.fileRule), values(entities, 'fields').map((f) => f.file).filter(isObject))).toEqual([]);
    const fieldUi = objectAt(objectAt(objectAt(defs, 'field'), 'properties'), 'ui');
    const uis = values(entities, 'fields').map((f) => f.ui).filter(isObject);
    // Form hints the fixture has not needed yet: each is written, and shown, by a spec/ file.
    const uiElsewhere = ['placeholder', 'hidden', 'copy']; // spec/esercenti/negozio.yaml, spec/profilo/profilo-negozio.yaml, spec/pwmail/pagamento-mail.yaml
    expect(missing(keysOf(fieldUi), uis).filter((k) => !uiElsewhere.includes(k))).toEqual([]);
    expect(missing(keysOf(objectAt(objectAt(fieldUi, 'properties'), 'parts').items), uis.flatMap((u) => (Array.isArray(u.parts) ? u.parts : [])).filter(isObject))).toEqual([]);
    expect(missing(keysOf(defs.child), values(entities, 'children'))).toEqual([]);
    const states = entities.map((e) => e.states).filter(isObject);
    expect(missing(keysOf(defs.states), states)).toEqual([]);
    // The map form (several machines, `states: { <name>: { field, transitions } }`) counts too.
    const machines = states.flatMap((s) => (typeof s.field === 'string' ? [s] : Object.values(s).filter(isObject)));
    expect(missing(keysOf(defs.transition), values(machines, 'transitions'))).toEqual([]);
  });

  it('a field of every type', () => {
    const types = objectAt(objectAt(objectAt(defs, 'field'), 'properties'), 'type').enum;
    if (!Array.isArray(types)) throw new Error('the field definition lists no types');
    expect(types.filter((t) => !values(entities, 'fields').some((f) => f.type === t))).toEqual([]);
  });

  it('every key of the pages file, of a page and of a shell', () => {
    const pagesSchema = schemaOf('pages.schema.json');
    const pagesFiles = sources.filter((s) => Array.isArray(s.pages));
    expect(missing(keysOf(pagesSchema), pagesFiles)).toEqual([]);
    const pages = pagesFiles.flatMap((f) => (Array.isArray(f.pages) ? f.pages : [])).filter(isObject);
    expect(missing(keysOf(objectAt(objectAt(pagesSchema, 'properties'), 'pages').items), pages)).toEqual([]);
    expect(missing(keysOf(objectAt(objectAt(pagesSchema, 'properties'), 'shells').additionalProperties), values(pagesFiles, 'shells'))).toEqual([]);
    expect(missing(keysOf(objectAt(objectAt(pagesSchema, 'properties'), 'menuGroups').additionalProperties), values(pagesFiles, 'menuGroups'))).toEqual([]);
  });

  it('every key of a menu entry, on an entity and on a page', () => {
    const pages = sources.flatMap((f) => (Array.isArray(f.pages) ? f.pages : [])).filter(isObject);
    expect(missing(keysOf(defs.menu), entities.map((e) => e.menu).filter(isObject))).toEqual([]);
    const pageMenu = objectAt(objectAt(objectAt(objectAt(schemaOf('pages.schema.json'), 'properties'), 'pages'), 'items'), 'properties').menu;
    expect(missing(keysOf(pageMenu), pages.map((p) => p.menu).filter(isObject))).toEqual([]);
  });

  it('every key of a report, its measures, dimensions and charts', () => {
    const reportSchema = schemaOf('report.schema.json');
    const reports = sources.filter((s) => typeof s.report === 'string');
    const properties = objectAt(reportSchema, 'properties');
    expect(missing(keysOf(reportSchema), reports)).toEqual([]);
    expect(missing(keysOf(objectAt(properties, 'measures').additionalProperties), values(reports, 'measures'))).toEqual([]);
    expect(missing(keysOf(objectAt(properties, 'dimensions').additionalProperties), values(reports, 'dimensions'))).toEqual([]);
    expect(missing(keysOf(objectAt(properties, 'charts').items), reports.flatMap((r) => (Array.isArray(r.charts) ? r.charts : [])).filter(isObject))).toEqual([]);
  });

  it('every key of a dashboard and of its charts, and a list with a summary', () => {
    const dashboardSchema = schemaOf('dashboard.schema.json');
    const dashboards = sources.filter((s) => typeof s.dashboard === 'string');
    expect(missing(keysOf(dashboardSchema), dashboards)).toEqual([]);
    expect(missing(keysOf(objectAt(objectAt(dashboardSchema, 'properties'), 'charts').items), dashboards.flatMap((d) => (Array.isArray(d.charts) ? d.charts : [])).filter(isObject))).toEqual([]);
    expect(entities.map((e) => e.list).filter(isObject).some((l) => typeof l.summary === 'string')).toBe(true);
  });

  it('every key of an operation', () => {
    const operations = values(sources, 'operations');
    const operationSchema = objectAt(schemaOf('operations.schema.json'), '$defs').operation;
    expect(missing(keysOf(operationSchema), operations)).toEqual([]);
  });
});
