/**
 * Checks each spec file against the JSON Schema of its kind (generator/schema/*.schema.json), the same
 * schemas an analyst's editor uses, and turns Ajv's errors into messages that say how to fix the file.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { PathSegment, SourceFile } from '../load/source-file.js';
import type { RawSpecs } from '../model/spec-types.js';

// `report` before `entity`: a report file names its entity with an `entity:` key too; `dashboard` before `report`,
// which a dashboard file names.
export const SPEC_KINDS = ['dashboard', 'report', 'entity', 'functions', 'messages', 'demo', 'pages', 'operations', 'dropEntities', 'config', 'bindings'] as const satisfies readonly (keyof RawSpecs)[];
export type SpecKind = (typeof SPEC_KINDS)[number];

/** A spec file its kind's JSON Schema accepted, with its data as the raw shape that schema describes. */
export interface SpecFile<K extends SpecKind> { raw: RawSpecs[K]; source: SourceFile }
/** The checked spec files, by kind. */
export type SpecFiles = { [K in SpecKind]: SpecFile<K>[] };

export function noSpecFiles(): SpecFiles {
  return { dashboard: [], report: [], entity: [], functions: [], messages: [], demo: [], pages: [], operations: [], dropEntities: [], config: [], bindings: [] };
}

const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true });
// Schemas may refer to one another (operations reuse the entity's field definition), so add all first.
for (const kind of SPEC_KINDS) {
  const url = new URL(`../schema/${kind}.schema.json`, import.meta.url);
  const schema: unknown = JSON.parse(readFileSync(fileURLToPath(url), 'utf8'));
  if (!isObject(schema)) throw new Error(`generator/schema/${kind}.schema.json is not a JSON Schema object`);
  ajv.addSchema(schema, `${kind}.schema.json`);
}

/**
 * The kind's validator, a type guard for the kind's raw shape: generator/model/spec-types.ts describes in
 * TypeScript what generator/schema/<kind>.schema.json checks (Ajv compiles it once and keeps it).
 */
function validatorOf<K extends SpecKind>(kind: K): ValidateFunction<RawSpecs[K]> {
  const validate = ajv.getSchema<RawSpecs[K]>(`${kind}.schema.json`);
  if (!validate) throw new Error(`generator/schema/${kind}.schema.json did not compile`);
  return validate;
}
// Compile every schema now: a broken schema fails the generator at start, not at the first file of its kind.
for (const kind of SPEC_KINDS) validatorOf(kind);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A file's kind is named by its distinctive top-level key (`entity:`, `functions:` ...). */
export function kindOf(data: unknown): SpecKind | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  return SPEC_KINDS.find((kind) => kind in data);
}

/** Checks one file; a file its kind's schema accepts joins `into`, under its kind. */
export function checkAgainstSchema(source: SourceFile, into: SpecFiles): Diagnostic[] {
  const kind = kindOf(source.data);
  if (!kind) {
    return [{
      ...source.positionOf([]),
      message: `Unknown kind of spec file: start it with one of the top-level keys ${SPEC_KINDS.join(', ')}.`,
    }];
  }
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const errors = fileUnderKind(kind, source, into[kind]);
  for (const error of errors) {
    const converted = toDiagnostic(source, error);
    if (!converted) continue;
    const id = `${converted.line}:${converted.column}:${converted.message}`;
    if (!seen.has(id)) { seen.add(id); diagnostics.push(converted); }
  }
  // A refused file is left out of the model, so it must be reported even if every error was one of those
  // left to their branches' (the schemas' branches are disjoint, so this is a safety net).
  if (errors.length && !diagnostics.length) {
    diagnostics.push({ ...source.positionOf([]), message: `The file does not match generator/schema/${kind}.schema.json.` });
  }
  return diagnostics;
}

/** Adds the file to the files of its kind as the kind's raw shape; Ajv's errors when the schema refuses it. */
function fileUnderKind<K extends SpecKind>(kind: K, source: SourceFile, filesOfKind: SpecFile<K>[]): ErrorObject[] {
  const validate = validatorOf(kind);
  const data = source.data;
  if (!validate(data)) return validate.errors ?? [];
  filesOfKind.push({ raw: data, source });
  return [];
}

function toDiagnostic(source: SourceFile, error: ErrorObject): Diagnostic | undefined {
  const path = pointerToPath(error.instancePath);
  const where = path.length ? `'${path.join('.')}'` : 'the file';
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(error.params.additionalProperty);
      const properties: unknown = error.parentSchema?.properties;
      const allowed = isObject(properties) ? Object.keys(properties) : [];
      return {
        ...source.positionOf([...path, key], { key: true }),
        message: `Unknown key '${key}' in ${where}.${didYouMean(key, allowed)}`,
      };
    }
    case 'required':
      return { ...source.positionOf(path), message: `Missing required key '${error.params.missingProperty}' in ${where}.` };
    case 'enum': {
      const allowedValues: unknown = error.params.allowedValues;
      const allowed = Array.isArray(allowedValues) ? allowedValues.map(String) : [];
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
