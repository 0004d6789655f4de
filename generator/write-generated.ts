/**
 * Writes the pipeline's files into generated/: a file whose content is already on disk is left alone (its
 * mtime too, so watchers only see real changes) and a file the pipeline no longer produces is removed.
 * Shared by `npm run gen` (generator/cli.ts) and `npm run dev` (scripts/dev.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { GeneratedFile } from './emitters/emitter.js';

export interface WriteReport {
  /** Paths relative to generated/, with '/' separators. */
  written: string[];
  unchanged: number;
  removed: string[];
}

export function writeGenerated(outDir: string, files: GeneratedFile[]): WriteReport {
  const wanted = new Set(files.map((f) => f.path));
  const report: WriteReport = { written: [], unchanged: 0, removed: [] };
  for (const file of files) {
    const target = join(outDir, file.path);
    if (existsSync(target) && readFileSync(target, 'utf8') === file.content) { report.unchanged++; continue; }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    report.written.push(file.path);
  }
  for (const existing of listFiles(outDir)) {
    if (!wanted.has(existing)) { rmSync(join(outDir, existing)); report.removed.push(existing); }
  }
  return report;
}

/** Every file under `dir`, relative and '/'-separated, sorted; [] when `dir` does not exist. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return out.sort();
}
