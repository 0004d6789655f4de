/**
 * generated/openapi.json as the fuzzer reads it. The server holds the document as an open record
 * (server/artifacts.ts), so the parts the fuzzer walks (path items, parameters, request bodies, schemas) are
 * checked here once, and a document it could not read fails the file at once, naming the part, rather
 * than drawing requests from a shape it misread. Keywords the fuzzer does not use are left out.
 */
import { isRecord } from '../../../server/records.js';
import type { Schema } from './schema-values.js';

export interface Param { name: string; in: string; required?: boolean; schema: Schema; 'x-field'?: string }
/** A request body's content type: its schema and, for a multipart upload, the file part's accepted types. */
export interface MediaType { schema: Schema; encoding?: { file?: { contentType?: string } } }
export interface Operation { parameters?: Param[]; requestBody?: { content: Record<string, MediaType> } }
/** A path's operations by HTTP method, and the parameters they share. */
export interface PathItem { parameters: Param[]; operations: Partial<Record<string, Operation>> }
export interface FuzzDocument { paths: Record<string, PathItem>; components?: { schemas?: Record<string, Schema> } }

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function unreadable(where: string, what: string): never {
  throw new Error(`generated/openapi.json: ${where} is not ${what}`);
}

function object(value: unknown, where: string): Record<string, unknown> {
  return isRecord(value) ? value : unreadable(where, 'an object');
}

function text(value: unknown, where: string): string {
  return typeof value === 'string' ? value : unreadable(where, 'text');
}

function number(value: unknown, where: string): number {
  return typeof value === 'number' ? value : unreadable(where, 'a number');
}

function flag(value: unknown, where: string): boolean {
  return typeof value === 'boolean' ? value : unreadable(where, 'true or false');
}

function list<T>(value: unknown, where: string, item: (value: unknown, where: string) => T): T[] {
  return Array.isArray(value) ? value.map((v, i) => item(v, `${where}[${i}]`)) : unreadable(where, 'a list');
}

function byName<T>(value: unknown, where: string, item: (value: unknown, where: string) => T): Record<string, T> {
  return Object.fromEntries(Object.entries(object(value, where)).map(([name, v]) => [name, item(v, `${where}.${name}`)]));
}

function schema(value: unknown, where: string): Schema {
  const s = object(value, where);
  const at = (keyword: string) => `${where}.${keyword}`;
  const out: Schema = {};
  if (s.$ref !== undefined) out.$ref = text(s.$ref, at('$ref'));
  if (s.type !== undefined) out.type = Array.isArray(s.type) ? list(s.type, at('type'), text) : text(s.type, at('type'));
  if (s.properties !== undefined) out.properties = byName(s.properties, at('properties'), schema);
  if (s.required !== undefined) out.required = list(s.required, at('required'), text);
  if (s.additionalProperties !== undefined) {
    out.additionalProperties = typeof s.additionalProperties === 'boolean' ? s.additionalProperties : schema(s.additionalProperties, at('additionalProperties'));
  }
  if (s.items !== undefined) out.items = schema(s.items, at('items'));
  if (s.enum !== undefined) out.enum = list(s.enum, at('enum'), (v) => v);
  if (s.pattern !== undefined) out.pattern = text(s.pattern, at('pattern'));
  if (s.minLength !== undefined) out.minLength = number(s.minLength, at('minLength'));
  if (s.maxLength !== undefined) out.maxLength = number(s.maxLength, at('maxLength'));
  if (s.minItems !== undefined) out.minItems = number(s.minItems, at('minItems'));
  if (s.maxItems !== undefined) out.maxItems = number(s.maxItems, at('maxItems'));
  if (s.minimum !== undefined) out.minimum = number(s.minimum, at('minimum'));
  if (s.maximum !== undefined) out.maximum = number(s.maximum, at('maximum'));
  if (s.format !== undefined) out.format = text(s.format, at('format'));
  if (s.anyOf !== undefined) out.anyOf = list(s.anyOf, at('anyOf'), schema);
  if (s.oneOf !== undefined) out.oneOf = list(s.oneOf, at('oneOf'), schema);
  if (s.default !== undefined) out.default = s.default;
  return out;
}

function param(value: unknown, where: string): Param {
  const p = object(value, where);
  const out: Param = { name: text(p.name, `${where}.name`), in: text(p.in, `${where}.in`), schema: schema(p.schema, `${where}.schema`) };
  if (p.required !== undefined) out.required = flag(p.required, `${where}.required`);
  if (p['x-field'] !== undefined) out['x-field'] = text(p['x-field'], `${where}.x-field`);
  return out;
}

function mediaType(value: unknown, where: string): MediaType {
  const m = object(value, where);
  const out: MediaType = { schema: schema(m.schema, `${where}.schema`) };
  if (m.encoding !== undefined) {
    const file = object(m.encoding, `${where}.encoding`).file;
    if (file === undefined) out.encoding = {};
    else {
      const contentType = object(file, `${where}.encoding.file`).contentType;
      out.encoding = { file: contentType === undefined ? {} : { contentType: text(contentType, `${where}.encoding.file.contentType`) } };
    }
  }
  return out;
}

function operation(value: unknown, where: string): Operation {
  const o = object(value, where);
  const out: Operation = {};
  if (o.parameters !== undefined) out.parameters = list(o.parameters, `${where}.parameters`, param);
  if (o.requestBody !== undefined) {
    const body = object(o.requestBody, `${where}.requestBody`);
    out.requestBody = { content: byName(body.content, `${where}.requestBody.content`, mediaType) };
  }
  return out;
}

function pathItem(value: unknown, where: string): PathItem {
  const item = object(value, where);
  const parameters = item.parameters === undefined ? [] : list(item.parameters, `${where}.parameters`, param);
  const operations = Object.fromEntries(HTTP_METHODS.filter((m) => item[m] !== undefined).map((m) => [m, operation(item[m], `${where}.${m}`)]));
  return { parameters, operations };
}

/** The document's paths and component schemas, checked. */
export function fuzzDocument(openapi: Record<string, unknown>): FuzzDocument {
  const paths = byName(openapi.paths, 'paths', pathItem);
  if (openapi.components === undefined) return { paths };
  const { schemas } = object(openapi.components, 'components');
  return { paths, components: schemas === undefined ? {} : { schemas: byName(schemas, 'components.schemas', schema) } };
}
