import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Builds the fixture spec of the platform tests once per run (tests/fixtures/README.md), then the
    // migrated demo databases every test app starts from a copy of (tests/support/demo-template.ts).
    globalSetup: ['tests/support/fixture-setup.ts', 'tests/support/demo-template-setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    // Vitest's default leaves a core free, which on a 2-core machine runs the files one at a time. A test
    // file spends much of its time waiting (fsync, PostgreSQL, child processes), so two files per core
    // would not help and one per core halves the run: 4 domain files took 50 s with one worker, 28 s with two.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
