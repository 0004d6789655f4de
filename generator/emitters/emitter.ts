/**
 * The one contract every artifact generator follows: read the normalized model, return files.
 * Emitters never touch the disk or raw YAML; the CLI writes what they return, all or nothing.
 */
import type { Model } from '../../common/model.js';

export interface GeneratedFile {
  /** Path relative to generated/, forward slashes. */
  path: string;
  content: string;
}

export interface EmitContext {
  /** Renders templates/<name>.hbs with `data`. */
  render(template: string, data: unknown): string;
}

export interface Emitter {
  name: string;
  emit(model: Model, ctx: EmitContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}

/** Stable, diff-friendly JSON: two-space indent and a final newline. */
export function jsonFile(path: string, value: unknown): GeneratedFile {
  return { path, content: `${JSON.stringify(value, null, 2)}\n` };
}
