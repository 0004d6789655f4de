/**
 * Issue 13 item 3: the product's code uses its libraries through their public API. Reaching into one (its
 * private state, its own copy of a module, a step picked by function name, a method replaced on an object it
 * built) breaks silently on an upgrade. This scans the source folders for the ways it was done before; an
 * exception is written here with its reason, like those of .dependency-cruiser.cjs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config.js';
import { present } from '../support/present.js';

const FOLDERS = ['server', 'common', 'generator', 'ui/src', 'scripts'];

const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: /\._(writable|readable)State\b/, what: "a stream's private state (use writableLength, writableNeedDrain, 'drain')" },
  { pattern: /\bcreateRequire\(/, what: "createRequire: loading a library's own copy of a module to patch it" },
  { pattern: /\.name [!=]== '\w+Middleware'/, what: "a library's middleware picked by its function name" },
  { pattern: /from '(knex|express-openapi-validator|exceljs|better-sqlite3|sqlite3|pg|multer|path-to-regexp)\/[^']+'/, what: "a library's sub-module (only its package entry is public)" },
  { pattern: /\.prepare = /, what: "a driver's prepare() replaced" },
];

/** Deliberate, measured exceptions: file, the rule it breaks, why. */
const EXCEPTIONS: { file: string; what: string; reason: string }[] = [
  {
    file: 'server/db/statement-cache.ts',
    what: "a driver's prepare() replaced",
    reason: 'knex prepares every statement again and has no public hook to keep them; the cache saves 13-21% of '
      + 'the CPU of a read (bench/README.md, finding 3). better-sqlite3 prepare() is public, the call is knex\'s.',
  },
  {
    file: 'generator/model/check-menu-icons.ts',
    what: "createRequire: loading a library's own copy of a module to patch it",
    reason: 'createRequire only resolves where @tabler/icons-react is installed, to read the list of icon names it '
      + 'publishes (the package has no exports map and no API that lists its icons); nothing is loaded or patched.',
  },
];

function sources(folder: string): string[] {
  return readdirSync(join(ROOT_DIR, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|cjs|mjs)$/.test(entry.name))
    .map((entry) => relative(ROOT_DIR, join(entry.parentPath, entry.name)));
}

describe('no library internals', () => {
  it('the source folders reach no library internals but the listed exceptions', () => {
    const found: string[] = [];
    for (const file of FOLDERS.flatMap(sources)) {
      const lines = readFileSync(join(ROOT_DIR, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const { pattern, what } of FORBIDDEN) {
          if (pattern.test(line) && !EXCEPTIONS.some((e) => e.file === file && e.what === what)) found.push(`${file}:${i + 1}: ${what}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('each exception still applies (a fixed one leaves the list)', () => {
    for (const { file, what } of EXCEPTIONS) {
      const { pattern } = present(FORBIDDEN.find((f) => f.what === what), `the forbidden use ${what}`);
      expect(pattern.test(readFileSync(join(ROOT_DIR, file), 'utf8')), file).toBe(true);
    }
  });
});
