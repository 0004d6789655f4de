/**
 * vitest global setup (vitest.config.ts): builds the fixture spec's artifacts once per test run, before
 * any test file starts, and only when an input changed since the last build (the fixture's files, the
 * reused spec/ files, the generator). The build goes to a new folder that replaces the old one whole, so a
 * test never reads half a build.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { writeGenerated } from '../../generator/write-generated.js';
import { FIXTURE_BUILD_DIR, FIXTURE_STAMP_FILE } from './fixture-paths.js';
import { assembleFixture, fixtureInputsHash, generateFixture } from './fixture-spec.js';

export default async function buildFixture(): Promise<void> {
  const inputs = fixtureInputsHash();
  if (existsSync(FIXTURE_STAMP_FILE) && readFileSync(FIXTURE_STAMP_FILE, 'utf8') === inputs) return;
  mkdirSync(dirname(FIXTURE_BUILD_DIR), { recursive: true });
  const build = mkdtempSync(`${FIXTURE_BUILD_DIR}-`);
  try {
    assembleFixture(build);
    writeGenerated(join(build, 'generated'), await generateFixture(build));
    writeFileSync(join(build, basename(FIXTURE_STAMP_FILE)), inputs);
    rmSync(FIXTURE_BUILD_DIR, { recursive: true, force: true });
    renameSync(build, FIXTURE_BUILD_DIR);
  } catch (error) {
    rmSync(build, { recursive: true, force: true });
    throw error;
  }
}
