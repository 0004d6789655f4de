/**
 * A real server on the fixture spec (tests/fixtures/README.md) instead of the domain of spec/: the same
 * server, database and agents as createTestApp (test-app.ts), on the artifacts the global setup built
 * (fixture-setup.ts). Its calls are not recorded: tests/contract/operation-coverage.ts counts the calls of
 * the real document only, and fixture operations may share its operation ids.
 */
import { existsSync } from 'node:fs';
import { loadArtifacts, type Artifacts } from '../../server/artifacts.js';
import { FIXTURE_GENERATED_DIR } from './fixture-paths.js';
import { startApp, type TestAppOptions } from './test-app.js';

export function createFixtureApp(options: TestAppOptions = {}) {
  return startApp(fixtureArtifacts(), options);
}

/** The fixture's generated artifacts (model, document, demo data, migrations). */
export function fixtureArtifacts(): Artifacts {
  if (!existsSync(FIXTURE_GENERATED_DIR)) {
    throw new Error(`${FIXTURE_GENERATED_DIR} is missing: the fixture is built by vitest's global setup (vitest.config.ts, tests/support/fixture-setup.ts)`);
  }
  return loadArtifacts(FIXTURE_GENERATED_DIR);
}
