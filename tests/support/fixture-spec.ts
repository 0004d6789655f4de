/**
 * The fixture spec of the platform tests (tests/fixtures/README.md): the spec/ files that
 * tests/fixtures/compose.yaml names plus the fixture's own files under tests/fixtures/spec/, assembled into
 * one spec folder and generated as `npm run gen` generates spec/. Diagnostics name the files where they
 * are in the repository, so a mistake in the fixture reads like one in spec/.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { parse } from 'yaml';
import type { GeneratedFile } from '../../generator/emitters/emitter.js';
import { runPipeline } from '../../generator/pipeline.js';
import { ROOT_DIR } from '../../server/config.js';

export const FIXTURE_SPEC_DIR = join(ROOT_DIR, 'tests', 'fixtures', 'spec');
const COMPOSE_FILE = join(ROOT_DIR, 'tests', 'fixtures', 'compose.yaml');
/** The fixture's own files go here in the assembled folder, beside the reused spec/ files. */
const OWN_FOLDER = 'spec/fixture';
/** Migration names carry the generation time: a fixed one makes every build the same bytes. */
const GENERATED_AT = new Date(Date.UTC(2026, 0, 1));
/** Besides the spec, the generator's output depends on its own code and templates. */
const GENERATOR_FOLDERS = ['generator', 'common', 'templates'];

/** One file of the assembled spec: its path there and in the repository (both '/'-separated, relative). */
interface FixtureFile { assembled: string; original: string }

export function fixtureFiles(): FixtureFile[] {
  const reused = reusedFiles().map((original) => ({ assembled: original, original }));
  const own = filesUnder(FIXTURE_SPEC_DIR).filter((f) => /\.ya?ml$/.test(f)).map((f) => ({
    assembled: `${OWN_FOLDER}/${f}`,
    original: relative(ROOT_DIR, join(FIXTURE_SPEC_DIR, f)).split(sep).join('/'),
  }));
  return [...reused, ...own];
}

/** The spec/ files compose.yaml lists under `reuse:`. */
function reusedFiles(): string[] {
  const data: unknown = parse(readFileSync(COMPOSE_FILE, 'utf8'));
  const reuse = typeof data === 'object' && data !== null && 'reuse' in data ? data.reuse : undefined;
  if (!Array.isArray(reuse) || !reuse.every((f): f is string => typeof f === 'string' && f.startsWith('spec/'))) {
    throw new Error(`${relative(ROOT_DIR, COMPOSE_FILE)}: 'reuse' must be a list of paths under spec/`);
  }
  return reuse;
}

/**
 * Writes the assembled spec under `root`/spec and links the templates, so that `root` is a project the
 * pipeline can run on.
 */
export function assembleFixture(root: string): void {
  for (const file of fixtureFiles()) {
    const target = join(root, file.assembled);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, readFileSync(join(ROOT_DIR, file.original)));
  }
  symlinkSync(join(ROOT_DIR, 'templates'), join(root, 'templates'));
}

/** Runs the whole pipeline on an assembled fixture; a diagnostic is an error naming the repository file. */
export async function generateFixture(root: string): Promise<GeneratedFile[]> {
  const result = await runPipeline(root, { now: () => GENERATED_AT });
  if (result.ok) return result.files;
  const original = new Map(fixtureFiles().map((f) => [f.assembled, f.original]));
  const lines = result.diagnostics.map((d) => `${original.get(d.file) ?? d.file}:${d.line}:${d.column}: ${d.message}`);
  throw new Error(`The fixture spec has ${lines.length} problem(s):\n${lines.join('\n')}`);
}

/** A hash of everything the fixture's artifacts are made from: when it changes, they are built again. */
export function fixtureInputsHash(): string {
  const hash = createHash('sha256');
  const inputs = [
    relative(ROOT_DIR, COMPOSE_FILE),
    ...fixtureFiles().map((f) => f.original),
    ...GENERATOR_FOLDERS.flatMap((folder) => filesUnder(join(ROOT_DIR, folder)).map((f) => `${folder}/${f}`)),
  ];
  for (const path of inputs) hash.update(`${path}\0`).update(readFileSync(join(ROOT_DIR, path))).update('\0');
  return hash.digest('hex');
}

/** Every file under `dir`, relative and '/'-separated, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}
