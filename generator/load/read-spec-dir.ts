/** Reads every *.yaml under spec/ in a stable order (sorted paths), so output never depends on the file system. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { parseSourceFile, type SourceFile } from './source-file.js';

export function readSpecDir(rootDir: string, specDir = 'spec'): { sources: SourceFile[]; diagnostics: Diagnostic[] } {
  const sources: SourceFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const absolute of listYamlFiles(join(rootDir, specDir))) {
    const file = relative(rootDir, absolute).split(sep).join('/');
    const parsed = parseSourceFile(file, readFileSync(absolute, 'utf8'));
    diagnostics.push(...parsed.diagnostics);
    if (parsed.source) sources.push(parsed.source);
  }
  return { sources, diagnostics };
}

function listYamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listYamlFiles(path));
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}
