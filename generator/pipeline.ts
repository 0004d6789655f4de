/**
 * spec/ -> files for generated/, as a pure function of the spec text: load, check against the
 * language's JSON Schema, resolve into the model, run every emitter. Any diagnostic stops the run
 * before a single file is produced, so a wrong spec never leaves half an output.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sortDiagnostics, type Diagnostic } from './diagnostics.js';
import { emitters } from './emitters/index.js';
import type { GeneratedFile } from './emitters/emitter.js';
import { readSpecDir } from './load/read-spec-dir.js';
import type { SourceFile } from './load/source-file.js';
import { buildModel } from './model/build-model.js';
import type { SpecFileReader } from './model/demo-files.js';
import { templateRenderer } from './render-template.js';
import { listFiles } from './write-generated.js';
import { checkAgainstSchema, noSpecFiles } from './validate/schema-check.js';
import type { Model } from '../common/model.js';

export type PipelineResult = { ok: true; files: GeneratedFile[]; model: Model } | { ok: false; diagnostics: Diagnostic[] };

export interface PipelineOptions {
  specDir?: string;
  /** Where the previous output lives (incremental migrations build on it); generated/ by default. */
  generatedDir?: string;
  now?: () => Date;
}

export async function runPipeline(rootDir: string, options: PipelineOptions = {}): Promise<PipelineResult> {
  const { sources, diagnostics } = readSpecDir(rootDir, options.specDir ?? 'spec');
  const resolved = resolveSources(sources, diagnostics, specFileReader(rootDir));
  const model = resolved.model;
  if (!model) return { ok: false, diagnostics: sortDiagnostics(resolved.diagnostics) };
  const existing = readGenerated(join(rootDir, options.generatedDir ?? 'generated'));
  const reported: Diagnostic[] = [];
  const byFile = new Map(sources.map((s) => [s.file, s]));
  const ctx = {
    render: templateRenderer(rootDir),
    existing: (path: string) => existing.get(path),
    now: options.now ?? (() => new Date()),
    report: (d: Diagnostic) => { reported.push(d); },
    positionOf: (file: string, path: readonly (string | number)[]) => byFile.get(file)?.positionOf(path) ?? { file, line: 1, column: 1 },
  };
  // All started before any is awaited: an emitter that works off the main thread (types) overlaps the others.
  const files: GeneratedFile[] = (await Promise.all(emitters.map(async (emitter) => emitter.emit(model, ctx)))).flat();
  if (reported.length) return { ok: false, diagnostics: sortDiagnostics(reported) };
  return { ok: true, files: files.sort((a, b) => a.path.localeCompare(b.path)), model };
}

/** The files of the previous run, by path relative to generated/. */
function readGenerated(dir: string): Map<string, string> {
  return new Map(listFiles(dir).map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
}

/** The checking half of the pipeline, on already-parsed sources (tests feed it inline YAML). */
export function resolveSources(sources: SourceFile[], diagnostics: Diagnostic[] = [], readSpecFile?: SpecFileReader): { model?: Model; diagnostics: Diagnostic[] } {
  const specs = noSpecFiles();
  for (const source of sources) diagnostics.push(...checkAgainstSchema(source, specs));
  if (diagnostics.length) return { diagnostics: sortDiagnostics(diagnostics) };
  const built = buildModel(specs, readSpecFile);
  return built.model ? built : { diagnostics: sortDiagnostics(built.diagnostics) };
}

/** The files of the project's tree a spec names by path (demo files), read from the root. */
export function specFileReader(rootDir: string): SpecFileReader {
  return (path) => {
    const absolute = join(rootDir, path);
    return existsSync(absolute) && statSync(absolute).isFile() ? readFileSync(absolute) : undefined;
  };
}
