/**
 * Checks each spec file against the JSON Schema of its kind (generator/schema/*.schema.json), the same
 * schemas an analyst's editor uses, and turns Ajv's errors into messages that say how to fix the file.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { PathSegment, SourceFile } from '../load/source-file.js';

export const SPEC_KINDS = ['entity', 'functions', 'messages', 'demo', 'pages', 'operations', 'dropEntities', 'config', 'bindings'] as const;
export type SpecKind = (typeof SPEC_KINDS)[number];

const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true });
// Schemas may refer to one another (operations reuse the entity's field definition), so add all first.
for (const kind of SPEC_KINDS) {
  const url = new URL(`../schema/${kind}.schema.json`, import.meta.url);
  const schema: unknown = JSON.parse(readFileSync(fileURLToPath(url), 'utf8'));
  if (!isObject(schema)) throw new Error(`generator/schema/${kind}.schema.json is not a JSON Schema object`);
  ajv.addSchema(schema, `${kind}.schema.json`);
}
const validators = new Map<SpecKind, ValidateFunction>(SPEC_KINDS.map((kind) => [kind, ajv.getSchema(`${kind}.schema.json`)!]));

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A file's kind is named by its distinctive top-level key (`entity:`, `functions:` ...). */
export function kindOf(data: unknown): SpecKind | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  return SPEC_KINDS.find((kind) => kind in data);
}

export function checkAgainstSchema(source: SourceFile): { kind?: SpecKind; diagnostics: Diagnostic[] } {
  const kind = kindOf(source.data);
  if (!kind) {
    return {
      diagnostics: [{
        ...source.positionOf([]),
        message: `Unknown kind of spec file: start it with one of the top-level keys ${SPEC_KINDS.join(', ')}.`,
      }],
    };
  }
  const validate = validators.get(kind)!;
  if (validate(source.data)) return { kind, diagnostics: [] };
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const error of validate.errors ?? []) {
    const converted = toDiagnostic(source, error);
    if (!converted) continue;
    const id = `${converted.line}:${converted.column}:${converted.message}`;
    if (!seen.has(id)) { seen.add(id); diagnostics.push(converted); }
  }
  return { kind, diagnostics };
}

function toDiagnostic(source: SourceFile, error: ErrorObject): Diagnostic | undefined {
  const path = pointerToPath(error.instancePath);
  const where = path.length ? `'${path.join('.')}'` : 'the file';
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(error.params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: object })?.properties ?? {});
      return {
        ...source.positionOf([...path, key], { key: true }),
        message: `Unknown key '${key}' in ${where}.${didYouMean(key, allowed)}`,
      };
    }
    case 'required':
      return { ...source.positionOf(path), message: `Missing required key '${error.params.missingProperty}' in ${where}.` };
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map(String);
      return {
        ...source.positionOf(path),
        message: `Value '${String(error.data)}' is not allowed for ${where}.${didYouMean(String(error.data), allowed)}`,
      };
    }
    case 'pattern':
      return { ...source.positionOf(path), message: `Value '${String(error.data)}' of ${where} must match ${error.params.pattern}.` };
    case 'propertyNames':
      return undefined; // reported by the nested 'pattern' error on the offending name
    case 'oneOf':
    case 'anyOf':
    case 'if':
      return undefined; // the branch errors say more
    default:
      return { ...source.positionOf(path), message: `${where} ${error.message ?? 'is not valid'}.` };
  }
}

function pointerToPath(pointer: string): PathSegment[] {
  if (!pointer) return [];
  return pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
