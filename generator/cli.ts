/**
 * `npm run gen` writes generated/ from spec/; `npm run gen:check` fails with a diff when generated/
 * is not what spec/ produces (a hand edit or a forgotten regeneration).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDiagnostic } from './diagnostics.js';
import type { GeneratedFile } from './emitters/emitter.js';
import { runPipeline } from './pipeline.js';
import { writeGenerated } from './write-generated.js';

const rootArg = process.argv.indexOf('--root');
// --root lets tests run the CLI on a copy of the project; by default it is this checkout.
const rootDir = rootArg > 0 ? process.argv[rootArg + 1] : join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(rootDir, 'generated');

async function main(command: string | undefined): Promise<number> {
  if (command !== 'gen' && command !== 'check') {
    console.error('Usage: tsx generator/cli.ts gen|check');
    return 2;
  }
  const result = await runPipeline(rootDir);
  if (!result.ok) {
    for (const d of result.diagnostics) console.error(formatDiagnostic(d));
    console.error(`\n${result.diagnostics.length} problem(s) in spec/; nothing was written.`);
    return 1;
  }
  return command === 'gen' ? write(result.files) : check(result.files);
}

function write(files: GeneratedFile[]): number {
  const report = writeGenerated(outDir, files);
  console.log(`generated/: ${report.written.length} written, ${report.unchanged} unchanged, ${report.removed.length} removed.`);
  return 0;
}

function check(files: GeneratedFile[]): number {
  const fresh = mkdtempSync(join(tmpdir(), 'gen-check-'));
  try {
    for (const file of files) {
      mkdirSync(dirname(join(fresh, file.path)), { recursive: true });
      writeFileSync(join(fresh, file.path), file.content);
    }
    try {
      execFileSync('diff', ['-ruN', outDir, fresh], { encoding: 'utf8' });
      console.log(`generated/ is up to date (${files.length} files).`);
      return 0;
    } catch (e) {
      // diff exits with 1 when the trees differ; execFileSync's error then carries what it printed.
      const printed = e instanceof Error && 'stdout' in e ? e.stdout : undefined;
      const diff = (typeof printed === 'string' ? printed : '').split(fresh).join('<spec output>');
      console.error(diff.length > 20000 ? `${diff.slice(0, 20000)}\n... (diff truncated)` : diff);
      console.error('generated/ does not match spec/. Run `npm run gen` and commit the result; never edit generated/ by hand.');
      return 1;
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv[2]);
