/**
 * The one contract every artifact generator follows: read the normalized model, return files.
 * Emitters never touch the disk or raw YAML; the CLI writes what they return, all or nothing.
 * An emitter whose output depends on what it wrote before (migrations) reads it through `existing`.
 */
import type { Model } from '../../common/model.js';
import type { Diagnostic, SourcePosition } from '../diagnostics.js';
import type { PathSegment } from '../load/source-file.js';

export interface GeneratedFile {
  /** Path relative to generated/, forward slashes. */
  path: string;
  content: string;
}

export interface EmitContext {
  /** Renders templates/<name>.hbs with `data`. */
  render(template: string, data: unknown): string;
  /** The current text of a file under generated/ (path relative to it), if there is one. */
  existing(path: string): string | undefined;
  /** The clock, for names that carry a time stamp (tests pin it). */
  now(): Date;
  /** A spec mistake only an emitter can see; any report fails the run before a file is written. */
  report(diagnostic: Diagnostic): void;
  /** Where `path` is in spec file `file` (as EntityModel.source names it), for reports. */
  positionOf(file: string, path: readonly PathSegment[]): SourcePosition;
}

export interface Emitter {
  name: string;
  emit: (model: Model, ctx: EmitContext) => GeneratedFile[] | Promise<GeneratedFile[]>;
}

/** Stable, diff-friendly JSON: two-space indent and a final newline. */
export function jsonFile(path: string, value: unknown): GeneratedFile {
  return { path, content: `${JSON.stringify(value, null, 2)}\n` };
}
