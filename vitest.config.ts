import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const EXCLUDE = ['tests/e2e/**', 'node_modules/**'];

/**
 * Files that change what a later file in the same process would see: they mock modules, stub globals or
 * environment variables, fake timers or spy on shared objects, set process.env at load time, or count
 * queries that a module cache warmed by another file saves (request-cost). They run isolated, each in a
 * fresh module graph. tests/ui goes there whole: its files stub browser globals.
 */
const ISOLATED = [
  'tests/ui/**/*.test.ts',
  'tests/server/request-cost.test.ts',
  'tests/server/platform/errors.test.ts',
  'tests/server/platform/child-upsert.test.ts',
  'tests/server/platform/exports.test.ts',
  'tests/server/platform/uploads.test.ts',
  'tests/server/exports.test.ts',
  'tests/server/download.test.ts',
  'tests/server/auth/federated-login.test.ts',
  'tests/server/db/loggable-error.test.ts',
  'tests/server/users-roles.test.ts',
  'tests/regression/unreadable-body.test.ts',
];

const common = {
  testTimeout: 30000,
  hookTimeout: 60000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    // Builds the fixture spec of the platform tests once per run (tests/fixtures/README.md), then the
    // migrated demo databases every test app starts from a copy of (tests/support/demo-template.ts). Set on
    // the root only: the projects below get what it provides and do not run it again.
    globalSetup: ['tests/support/fixture-setup.ts', 'tests/support/demo-template-setup.ts'],
    // Vitest's default leaves a core free, which on a 2-core machine runs the files one at a time. A test
    // file spends much of its time waiting (fsync, PostgreSQL, child processes), so two files per core
    // would not help and one per core halves the run: 4 domain files took 50 s with one worker, 28 s with two.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { ...common, name: 'isolated', include: ISOLATED, exclude: EXCLUDE } },
      // Every other file shares its worker's modules with the files that ran there before it: loading the
      // server, the generated artifacts and knex once per worker instead of once per file took the SQLite
      // suite from about 545 s to 300 s of CPU (measured on 2026-11-27). A file that leaves state behind
      // belongs in ISOLATED.
      { test: { ...common, name: 'shared', include: ['tests/**/*.test.ts'], exclude: [...EXCLUDE, ...ISOLATED], isolate: false } },
    ],
  },
});
