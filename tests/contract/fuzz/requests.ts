/**
 * Requests for one operation of generated/openapi.json, as fast-check arbitraries: valid ones (every
 * parameter and the body drawn from their schemas, keys and references often taken from the rows in the
 * database, keys in the body made to agree with the path) and invalid ones (one thing wrong: the body's
 * type, a missing, extra or wrongly typed field, too long, outside the pattern, enum or range, a bad path
 * parameter, an unknown or wrong query parameter, an unreadable body).
 */
import fc from 'fast-check';
import { fixedValues } from '../../../common/child-fixed.js';
import type { EntityModel } from '../../../common/model.js';
import type { DocumentOperation } from '../../../server/http/operations.js';
import type { RuntimeModel } from '../../../server/artifacts.js';
import { DEFAULT_HTTP_OPTIONS } from '../../../server/http/http-options.js';
import { isRecord } from '../../../server/records.js';
import { named, present } from '../../support/present.js';
import type { FuzzDocument, Param } from './document.js';
import { mainType, type Schema, SchemaValues } from './schema-values.js';

/** '16kb' -> 16384 (the units server/http/http-options.ts uses). */
const bytes = (limit: string) => {
  const [, n, unit] = present(/^(\d+)(kb|mb)$/i.exec(limit), `the size of limit ${limit}`);
  return Number(n) * (unit.toLowerCase() === 'kb' ? 1024 : 1024 * 1024);
};

export interface FuzzRequest {
  operationId: string;
  kind: 'valid' | 'invalid';
  /** What is wrong with an invalid request (or 'valid'). */
  why: string;
  /** The details[].field a 400 must name, when one field is wrong. */
  expectField?: string;
  /** Status and code other than 400 VALIDATION_ERROR an invalid request must get. */
  expect?: [number, string];
  /** Header parameters; IF_MATCH_CURRENT is replaced, at sending, by the ETag a GET of the path answers. */
  headers: Record<string, string>;
  method: string;
  /** Under the API base, parameters already encoded. */
  path: string;
  query: string;
  body?: unknown;
  raw?: { text: string; contentType: string; encoding?: string };
  /** Where the version for If-Match is read when it is not `path` itself (a file upload: its row). */
  versionPath?: string;
}

/** Values a fuzzed request may use for a property or parameter name (rows in the database, demo data). */
export interface Known {
  values: (name: string) => unknown[];
  /** Existing key tuples of the operation's entity, by path parameter name. */
  keys: Record<string, string>[];
  /** Path parameter values never to use (the test's own user and group, on writes). */
  avoidInPath: (value: string) => boolean;
}

const EXTRA = 'zzFuzzExtra';
/** What a write without its required If-Match gets, whatever else is wrong with it. */
const VERSION_REQUIRED: [number, string] = [428, 'VERSION_REQUIRED'];
export const IF_MATCH_CURRENT = '<the current version>';
const isIfMatch = (p: Param) => p.name.toLowerCase() === 'if-match';

export class OperationFuzzer {
  readonly params: Param[];
  readonly bodySchema?: Schema;
  readonly entity?: EntityModel;
  private readonly values: SchemaValues;
  private readonly upload?: FuzzRequest['raw'];

  constructor(doc: FuzzDocument, private readonly model: RuntimeModel, readonly op: DocumentOperation) {
    const item = present(doc.paths[op.path], `path ${op.path}`);
    const own = present(item.operations[op.method], `${op.method} ${op.path}`);
    this.params = [...item.parameters, ...(own.parameters ?? [])];
    this.bodySchema = own.requestBody?.content['application/json']?.schema;
    // A file upload (docs/spec-language.md#files): every request carries a small acceptable file, so what is
    // judged is the one thing made wrong elsewhere (path, query, header).
    const upload = own.requestBody?.content['multipart/form-data'];
    this.upload = upload ? uploadBody(upload.encoding?.file?.contentType ?? '') : undefined;
    this.entity = model.entities.find((e) => e.name === op.entity);
    this.values = new SchemaValues(doc);
  }

  get pathParams() { return this.params.filter((p) => p.in === 'path'); }
  get queryParams() { return this.params.filter((p) => p.in === 'query'); }
  get headerParams() { return this.params.filter((p) => p.in === 'header'); }

  /** Header values of a valid request: If-Match carries the row's current version, others their schema's. */
  private validHeaders(): fc.Arbitrary<Record<string, string>> {
    const parts = this.headerParams.map((p) => {
      const value = isIfMatch(p) ? fc.constant(IF_MATCH_CURRENT) : this.values.valid(p.schema).filter((v) => typeof v === 'string' && /^[\x20-\x7e]+$/.test(v)).map(String);
      return value.map((v) => [p.name, v] as const);
    });
    return fc.tuple(...parts).map((entries) => Object.fromEntries(entries));
  }

  request(known: Known): fc.Arbitrary<FuzzRequest> {
    return fc.oneof(this.valid(known), this.invalid(known));
  }

  valid(known: Known): fc.Arbitrary<FuzzRequest> {
    const body = this.bodySchema ? this.values.valid(this.bodySchema, known.values) : fc.constant(undefined);
    return fc.record({ path: this.validPath(known), query: this.validQuery(known), headers: this.validHeaders(), body })
      .map(({ path, query, headers, body: b }) => ({ ...this.build('valid', 'valid', path, query, this.align(b, path)), headers }));
  }

  invalid(known: Known): fc.Arbitrary<FuzzRequest> {
    const body = this.bodySchema ? this.values.valid(this.bodySchema, known.values) : fc.constant(undefined);
    // One thing wrong; everything else as in a valid request.
    const base = fc.record({ path: this.validPath(known), query: this.validQuery(known), headers: this.validHeaders(), body });
    const kinds: fc.Arbitrary<FuzzRequest>[] = [];
    for (const h of this.headerParams.filter((p) => p.required)) {
      // Without If-Match a write is 428 whatever else is wrong (the header's description in the document).
      kinds.push(base.map((b) => ({ ...this.build('invalid', `header ${h.name}: required, missing`, b.path, b.query, this.align(b.body, b.path)),
        headers: Object.fromEntries(Object.entries(b.headers).filter(([k]) => k !== h.name)), ...(isIfMatch(h) ? { expect: VERSION_REQUIRED } : {}) })));
    }
    const bodySchema = this.bodySchema;
    if (bodySchema) {
      kinds.push(fc.tuple(base, fc.nat()).chain(([b, pick]) => this.mutateBody(bodySchema, this.align(b.body, b.path), pick)
        .map((m) => this.build('invalid', m.why, b.path, b.query, m.value, m.field))));
      kinds.push(fc.tuple(base, fc.constantFrom(...unreadableBodies(mainType(this.values.resolve(bodySchema)) === 'array')))
        // An empty JSON body reads as {}: the answer names the missing fields, not 'body'.
        .map(([b, { why, ...raw }]) => ({ ...this.build('invalid', why, b.path, b.query, undefined, raw.text === '' ? undefined : 'body'), raw })));
    }
    kinds.push(fc.tuple(base, this.badQuery()).map(([b, q]) => this.build('invalid', q.why, b.path, [without(b.query, q.field), q.query].filter(Boolean).join('&'), this.align(b.body, b.path), q.field)));
    const required = this.queryParams.filter((p) => p.required);
    if (required.length) {
      kinds.push(fc.tuple(base, fc.constantFrom(...required)).map(([b, p]) => this.build('invalid', `query ${p.name}: required, missing`, b.path,
        without(b.query, p.name), this.align(b.body, b.path), p.name)));
    }
    const badPath = this.badPath();
    if (badPath) kinds.push(fc.tuple(badPath, base).map(([p, b]) => this.build('invalid', p.why, p.path, b.query, this.align(b.body, p.path), p.field)));
    // Every invalid request carries the valid headers unless the header is what is wrong.
    return fc.tuple(fc.oneof(...kinds), this.validHeaders()).map(([r, headers]) => this.overLimit(r.why.startsWith('header ') ? r : { ...r, headers }));
  }

  /**
   * A JSON body over the operation's size limit (16 kB for public operations, 1 MB for the others) is refused
   * before anything else is looked at, 413 BODY_TOO_LARGE (issue 12 item 10): a too-long field of the login
   * (100,000 characters) gets that, not the field's own message.
   */
  private overLimit(r: FuzzRequest): FuzzRequest {
    const limit = bytes(this.op.access === 'public' ? DEFAULT_HTTP_OPTIONS.publicBodyLimit : DEFAULT_HTTP_OPTIONS.bodyLimit);
    const json = r.raw ? (r.raw.contentType.startsWith('application/json') && !r.raw.encoding ? r.raw.text : '') : r.body === undefined ? '' : JSON.stringify(r.body);
    if (Buffer.byteLength(json) <= limit) return r;
    const { expectField: _field, ...rest } = r;
    return { ...rest, expect: [413, 'BODY_TOO_LARGE'] };
  }

  // ---- path -------------------------------------------------------------------------------------

  private validPath(known: Known): fc.Arbitrary<Record<string, string>> {
    const params = this.pathParams;
    if (!params.length) return fc.constant({});
    const random = fc.record(Object.fromEntries(params.map((p) => [p.name, this.values.valid(p.schema, known.values, p.name).map(String)
      .filter((v) => usableInPath(v) && !known.avoidInPath(v))])));
    const existing = known.keys.filter((k) => params.every((p) => typeof k[p.name] === 'string' && !known.avoidInPath(k[p.name])));
    return existing.length ? fc.oneof({ arbitrary: fc.constantFrom(...existing), weight: 3 }, { arbitrary: random, weight: 1 }) : random;
  }

  private badPath(): fc.Arbitrary<{ path: Record<string, string>; why: string; field: string }> | undefined {
    const params = this.pathParams;
    const options = params.flatMap((p) => {
      const s = this.values.resolve(p.schema);
      const bad: string[] = [];
      if (s.maxLength !== undefined) bad.push('9'.repeat(s.maxLength + 1), 'é'.repeat(s.maxLength + 1));
      if (s.pattern) {
        const re = new RegExp(s.pattern, 'u');
        bad.push(...["' OR 1=1 --", '<b>x</b>', '%', '１２３４５', 'abc def', 'ÀÉ', '😀😀😀', '..%2F..', '\u0000'].filter((v) => !re.test(v)));
      }
      if (!s.pattern && s.maxLength === undefined) return [];
      return [fc.record({
        value: fc.constantFrom(...bad.filter(usableInPath)),
        others: fc.record(Object.fromEntries(params.filter((o) => o !== p).map((o) => [o.name, this.values.valid(o.schema).map(String).filter(usableInPath)]))),
      }).map(({ value, others }) => ({ path: { ...others, [p.name]: value }, why: `bad path parameter ${p.name}`, field: p.name }))];
    });
    return options.length ? fc.oneof(...options) : undefined;
  }

  // ---- query ------------------------------------------------------------------------------------

  private validQuery(known: Known): fc.Arbitrary<string> {
    const params = this.queryParams;
    if (!params.length) return fc.constant('');
    const parts = params.map((p) => {
      // An empty value is not a value: OpenAPI's allowEmptyValue defaults to false, and the validator refuses it.
      const value = this.values.valid(p.schema, known.values, p['x-field'] ?? p.name).filter((v) => v !== null && v !== '')
        .map((v) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(v))}`);
      return p.required ? value : fc.option(value, { nil: '' });
    });
    return fc.tuple(...parts).map((ps) => ps.filter(Boolean).join('&'));
  }

  private badQuery(): fc.Arbitrary<{ query: string; why: string; field: string }> {
    const params = this.queryParams;
    const unknown = fc.constantFrom('zz_fuzz=1', 'zz_fuzz', 'zz_fuzz[a]=1', 'zz_fuzz=%27%20OR%201%3D1').map((q) => ({ query: q, why: 'unknown query parameter', field: 'zz_fuzz' }));
    const options: fc.Arbitrary<{ query: string; why: string; field: string }>[] = [unknown];
    for (const p of params) {
      const invalid = this.values.invalidScalar(p.schema);
      if (invalid) {
        options.push(invalid.map(({ value, why }) => ({ query: asQuery(p.name, value), why: `query ${p.name}: ${why}`, field: p.name })));
      }
    }
    return fc.oneof(...options);
  }

  // ---- body -------------------------------------------------------------------------------------

  private mutateBody(bodySchema: Schema, value: unknown, pick: number): fc.Arbitrary<{ value: unknown; why: string; field: string }> {
    const root = this.values.resolve(bodySchema);
    const sites = this.sites(root, value, []);
    const rootWrong = fc.constantFrom(...(mainType(root) === 'array' ? [{}, 'x', 5] : ['x', 5, true, [], [value]])).map((v) => ({ value: v, why: 'body of the wrong type', field: 'body' }));
    if (!sites.length) return rootWrong;
    const site = sites[pick % sites.length];
    const field = site.path.join('.');
    if (site.kind === 'missing') return fc.constant({ value: withValue(value, site.path, undefined), why: `${field}: required, missing`, field });
    if (site.kind === 'extra') {
      const at = [...site.path, EXTRA];
      return fc.constantFrom(1, 'x', null, {}).map((v) => ({ value: withValue(value, at, v), why: `${at.join('.')}: not in the schema`, field: at.join('.') }));
    }
    return site.invalid.map(({ value: v, why }) => ({ value: withValue(value, site.path, v), why: `${field}: ${why}`, field }));
  }

  /** Every place of a (valid) value where one mutation makes it invalid. */
  private sites(schema: Schema, value: unknown, path: (string | number)[]): Site[] {
    const s = this.values.resolve(schema);
    const out: Site[] = [];
    if (mainType(s) === 'object' && isRecord(value)) {
      const v = value;
      if (s.additionalProperties === false) out.push({ kind: 'extra', path });
      for (const name of s.required ?? []) if (!this.filledByPath(path, name)) out.push({ kind: 'missing', path: [...path, name] });
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        if (this.filledByPath(path, name)) continue;
        const invalid = this.values.invalidScalar(prop);
        if (invalid) out.push({ kind: 'value', path: [...path, name], invalid });
        if (v[name] !== undefined && v[name] !== null) out.push(...this.sites(prop, v[name], [...path, name]));
      }
    } else if (mainType(s) === 'array' && Array.isArray(value) && value.length) {
      out.push(...this.sites(s.items ?? {}, value[0], [...path, 0]));
      const invalidItem = this.values.invalidScalar(s.items ?? {});
      if (invalidItem) out.push({ kind: 'value', path: [...path, 0], invalid: invalidItem });
    }
    return out;
  }

  /** A top-level body field the server takes from the path (scoped create, update key): not fuzzed. */
  private filledByPath(path: (string | number)[], name: string): boolean {
    return path.length === 0 && this.pathParams.some((p) => p.name === name);
  }

  /**
   * Keys in the body agree with the path, and a child's link and fixed fields with its parent: the
   * document lets them be sent back as read, and the server refuses a different value (KEY_MISMATCH).
   */
  align(body: unknown, path: Record<string, string>): unknown {
    if (!this.entity || body === undefined || body === null || typeof body !== 'object') return body;
    const entity = this.entity;
    if (this.op.kind === 'childReplace') {
      const child = named(entity.children, present(this.op.child, `the child of ${this.op.operationId}`), `${entity.name} children`);
      return Array.isArray(body) ? body.map((item) => alignChild(item, child, path)) : body;
    }
    const out: Record<string, unknown> = { ...body };
    for (const [name, value] of Object.entries(path)) if (name in out || this.op.kind === 'create') out[name] = value;
    // A file a create carries (docs/spec-language.md#files): its bytes must be of its type, which the document cannot
    // say; a small acceptable one, as an upload's, or none (null) when no sample fits.
    for (const field of this.op.kind === 'create' ? entity.fields : []) {
      if (!field.file || !out[field.name] || typeof out[field.name] !== 'object') continue;
      const sample = fileSample(field.file.accept.join(','));
      if (sample) out[field.name] = { name: sample.name, contentType: sample.type, content: Buffer.from(sample.content).toString('base64') };
      else out[field.name] = null;
    }
    for (const child of entity.children) {
      const value = out[child.name];
      if (Array.isArray(value)) out[child.name] = value.map((item) => alignChild(item, child, out));
      else if (value && typeof value === 'object') out[child.name] = alignChild(value, child, out);
    }
    return out;
  }

  private build(kind: FuzzRequest['kind'], why: string, path: Record<string, string>, query: string, body: unknown, expectField?: string): FuzzRequest {
    const p = this.op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(path[name] ?? ''));
    // An upload's If-Match is the version of the row it belongs to (GET of the path without /<field>).
    const upload = this.upload ? { raw: this.upload, versionPath: p.replace(/\/[^/]+$/, '') } : {};
    return { operationId: this.op.operationId, kind, why, expectField, method: this.op.method, path: p, query, body, headers: {}, ...upload };
  }
}

const FILE_SAMPLES = new Map<string, [string, string]>([
  ['image/gif', ['logo.gif', 'GIF89a fuzz']], ['application/pdf', ['doc.pdf', '%PDF-1.4 fuzz']], ['text/plain', ['testo.txt', 'fuzz']], ['text/csv', ['dati.csv', 'a;b']],
]);

/** A small file of the first accepted type whose signature is plain ASCII (GIF, PDF, text); undefined: none fits. */
function fileSample(accepted: string): { name: string; type: string; content: string } | undefined {
  const type = accepted.split(',').map((t) => t.trim()).find((t) => FILE_SAMPLES.has(t));
  const sample = type ? FILE_SAMPLES.get(type) : undefined;
  return type && sample ? { name: sample[0], type, content: sample[1] } : undefined;
}

/** A multipart body with one file of the first accepted type whose signature is plain ASCII (GIF, PDF, text). */
function uploadBody(accepted: string): FuzzRequest['raw'] {
  const { name, type, content } = fileSample(accepted) ?? { name: 'logo.gif', type: 'image/gif', content: 'GIF89a fuzz' };
  const boundary = 'fuzzUploadBoundary';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    text: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  };
}

type Site = { kind: 'missing'; path: (string | number)[] } | { kind: 'extra'; path: (string | number)[] }
  | { kind: 'value'; path: (string | number)[]; invalid: fc.Arbitrary<{ value: unknown; why: string }> };

function alignChild(item: unknown, child: EntityModel['children'][number], parent: Record<string, unknown>): unknown {
  if (!isRecord(item)) return item;
  const out = { ...item };
  for (const [childField, parentField] of Object.entries(child.link)) if (out[childField] !== undefined && out[childField] !== null) out[childField] = parent[parentField] ?? null;
  // A computed fixed value (`{ expr }`) is worked out from the parent, as the server does.
  for (const [field, fixed] of Object.entries(fixedValues(child, parent))) if (out[field] !== undefined && out[field] !== null) out[field] = fixed;
  return out;
}

/** A copy of `value` with the element at `path` replaced (undefined: removed). */
function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    const index = Number(head);
    // The array keeps its length: an element removed stays as undefined, which JSON sends as null.
    copy[index] = withValue(copy[index], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = isRecord(value) ? { ...value } : {};
  const next = withValue(copy[head], rest, replacement);
  // An object loses the key.
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- copy is a fresh plain object
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** A query parameter carrying `value`: an object as name[k]=v, a list as a repeated name. */
function asQuery(name: string, value: unknown): string {
  const n = encodeURIComponent(name);
  if (Array.isArray(value)) return value.length ? value.map((v) => `${n}[]=${encodeURIComponent(String(v))}`).join('&') : `${n}[]=`;
  if (value && typeof value === 'object') return Object.keys(value).length ? Object.entries(value).map(([k, v]) => `${n}[${k}]=${encodeURIComponent(String(v))}`).join('&') : `${n}[x]=`;
  // A URL stays well under Node's 16 KB header limit: a long value is cut to what still breaks maxLength.
  return `${n}=${encodeURIComponent(String(value).slice(0, 1000))}`;
}

/** The query string without parameter `name`. */
const without = (query: string, name: string) => query.split('&').filter((q) => q && q.split('=')[0] !== encodeURIComponent(name)).join('&');

const usableInPath = (v: string) => v !== '' && v !== '.' && v !== '..';

function unreadableBodies(isArray: boolean): { text: string; contentType: string; encoding?: string; why: string }[] {
  return [
    { text: '{"a":', contentType: 'application/json', why: 'malformed JSON' },
    { text: '', contentType: 'application/json', why: 'empty body' },
    { text: "{'a': 1}", contentType: 'application/json', why: 'single-quoted JSON' },
    { text: 'codAbi=12345', contentType: 'application/x-www-form-urlencoded', why: 'a form instead of JSON' },
    { text: '<a>1</a>', contentType: 'text/xml', why: 'XML instead of JSON' },
    { text: isArray ? '{}' : '[]', contentType: 'application/json', why: 'body of the wrong type' },
    { text: 'null', contentType: 'application/json', why: 'null body' },
    { text: `{"x":"${'A'.repeat(1_100_000)}"}`, contentType: 'application/json', why: 'body over 1 MB' },
    { text: '{}', contentType: 'application/json', encoding: 'gzip', why: 'gzip that does not inflate' },
    { text: '{}', contentType: 'application/json; charset=latin-9', why: 'unknown charset' },
    { text: '\u0000', contentType: 'application/json', why: 'a NUL byte' },
  ];
}
