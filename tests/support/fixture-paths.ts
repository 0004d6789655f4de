/**
 * Where the fixture spec's generated artifacts live during a test run (tests/fixtures/README.md): built
 * by the vitest global setup (tests/support/fixture-setup.ts), read by createFixtureApp.
 */
import { join } from 'node:path';
import { ROOT_DIR } from '../../server/config.js';

/** The assembled spec (spec/), its generated/ and the hash of the inputs they were built from. */
export const FIXTURE_BUILD_DIR = join(ROOT_DIR, 'test-results', 'fixture');
export const FIXTURE_GENERATED_DIR = join(FIXTURE_BUILD_DIR, 'generated');
export const FIXTURE_STAMP_FILE = join(FIXTURE_BUILD_DIR, 'inputs.sha256');
