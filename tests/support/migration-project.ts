/**
 * A throwaway project for migration tests: spec files given as text, the real templates, and its own
 * generated/ that successive `gen()` calls build on, exactly as `npm run gen` does in the repository.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT_DIR } from '../../server/config.js';
import { runPipeline } from '../../generator/pipeline.js';
import { writeGenerated } from '../../generator/write-generated.js';
import { format, FUNCTIONS_FILE, MESSAGES_FILE, MINIMAL_FUNCTIONS, MINIMAL_MESSAGES } from './spec-helpers.js';

export interface MigrationProject {
  root: string;
  migrationsDir: string;
  /** Replaces the spec (platform files are added) and regenerates; returns the new migration files. */
  gen(files: Record<string, string>): Promise<{ created: string[]; diagnostics: string[] }>;
  migration(file: string): string;
  close(): void;
}

let clock = Date.UTC(2026, 10, 21, 8, 0, 0);

export function migrationProject(): MigrationProject {
  const root = mkdtempSync(join(tmpdir(), 'webpos-migrations-'));
  symlinkSync(join(ROOT_DIR, 'templates'), join(root, 'templates'));
  const migrationsDir = join(root, 'generated', 'migrations');
  const list = () => { try { return readdirSync(migrationsDir).sort(); } catch { return []; } };
  return {
    root,
    migrationsDir,
    async gen(files) {
      rmSync(join(root, 'spec'), { recursive: true, force: true });
      const all = { [FUNCTIONS_FILE]: MINIMAL_FUNCTIONS, [MESSAGES_FILE]: MINIMAL_MESSAGES, ...files };
      for (const [path, text] of Object.entries(all)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      const before = new Set(list());
      clock += 60_000; // one minute per run: distinct, ordered file names
      const result = await runPipeline(root, { now: () => new Date(clock) });
      if (!result.ok) return { created: [], diagnostics: result.diagnostics.map(format) };
      writeGenerated(join(root, 'generated'), result.files);
      return { created: list().filter((f) => !before.has(f)), diagnostics: [] };
    },
    migration: (file) => readFileSync(join(migrationsDir, file), 'utf8'),
    close: () => rmSync(root, { recursive: true, force: true }),
  };
}
