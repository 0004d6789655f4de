/**
 * A small JSON Schema (OpenAPI 3.1 subset) -> fast-check generator, for the contract fuzzer: valid values
 * of a schema, and single mutations that make a value invalid. It knows the keywords generated/openapi.json
 * uses: $ref, type (also ["string","null"]), properties, required, additionalProperties:false, items,
 * enum, pattern, minLength/maxLength, minimum/maximum, format date/date-time and the named formats, anyOf/oneOf.
 *
 * The server validates with Ajv's coerceTypes on (server/http/validation.ts), body included: a scalar of
 * another scalar type that converts losslessly (5 for a string, "12" for an integer, "true" for a flag,
 * null for a flag or a number) is accepted. So the wrong-type values here are the ones that never convert:
 * objects and arrays for scalars, non-numeric text for numbers, other text for flags, scalars for objects.
 */
import fc from 'fast-check';
import { formatProblem, isNamedFormat } from '../../../common/named-formats.js';
import { INVALID_SAMPLES, VALID_SAMPLES } from '../../support/format-samples.js';
import { present } from '../../support/present.js';

export type Schema = {
  $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; required?: string[];
  additionalProperties?: boolean | Schema; items?: Schema; enum?: unknown[]; pattern?: string;
  minLength?: number; maxLength?: number; minimum?: number; maximum?: number; format?: string; minItems?: number; maxItems?: number;
  anyOf?: Schema[]; oneOf?: Schema[]; default?: unknown;
};

/** Strings that break naive SQL, HTML, LIKE, template or path handling, and awkward Unicode. */
export const NASTY_STRINGS = [
  "' OR '1'='1", "'; DROP TABLE banca; --", '" OR ""="', '1; SELECT * FROM utente', "\\'; --",
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '&amp;&lt;&gt;&#39;', ']]><!--',
  '%', '_', '%_\\', '\\', '"', "'", '${7*7}', '{{7*7}}', '../../etc/passwd', '?a=b&c=d#x', '/',
  'null', 'undefined', 'NaN', 'true', '0', '-1', '1e309', '   ', ' x ', '\t\r\n',
  'àèìòù€£', 'Ωμέγα', 'ع ر ب ي', '中文字符', '😀👍🏽👨‍👩‍👧', 'e\u0301', '\u202Eevil', '\u200B', '\uFEFF', 'ﬁ', 'İı', 'ß',
];

/** Unicode code points, as Ajv counts minLength/maxLength (a surrogate pair is one). */
export const codePoints = (s: string) => Array.from(s).length;

const typesOf = (s: Schema): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);
export const nullable = (s: Schema) => typesOf(s).includes('null') || (s.enum?.includes(null) ?? false);
/** The one non-null type of a schema (every schema of the document has at most one). */
export const mainType = (s: Schema) => typesOf(s).find((t) => t !== 'null') ?? (s.properties ? 'object' : s.items ? 'array' : undefined);

export class SchemaValues {
  constructor(private readonly doc: { components?: { schemas?: Record<string, Schema> } }) {}

  resolve(s: Schema): Schema {
    let out = s;
    for (let i = 0; out.$ref && i < 20; i++) out = present(this.doc.components?.schemas?.[out.$ref.slice(out.$ref.lastIndexOf('/') + 1)], `schema ${out.$ref}`);
    return out;
  }

  /** Does a scalar conform (used to keep only the demo-data values a field accepts)? */
  conforms(schema: Schema, value: unknown): boolean {
    const s = this.resolve(schema);
    if (value === null) return nullable(s);
    if (s.enum) return s.enum.includes(value);
    const t = mainType(s);
    if (t === 'string') {
      if (typeof value !== 'string') return false;
      if (s.minLength !== undefined && codePoints(value) < s.minLength) return false;
      if (s.maxLength !== undefined && codePoints(value) > s.maxLength) return false;
      if (s.pattern && !new RegExp(s.pattern, 'u').test(value)) return false;
      if (s.format === 'date' && !isDate(value)) return false;
      if (s.format === 'date-time' && Number.isNaN(Date.parse(value))) return false;
      if (isNamedFormat(s.format) && formatProblem(s.format, value)) return false;
      return true;
    }
    if (t === 'integer' || t === 'number') {
      if (typeof value !== 'number' || (t === 'integer' && !Number.isInteger(value))) return false;
      return (s.minimum === undefined || value >= s.minimum) && (s.maximum === undefined || value <= s.maximum);
    }
    if (t === 'boolean') return typeof value === 'boolean';
    return false;
  }

  /** Valid values of a schema; `pool(name)` offers known values (demo data, rows created so far) for a property. */
  valid(schema: Schema, pool: (name: string) => unknown[] = () => [], name = ''): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((a) => this.valid(a, pool, name)));
    const own = this.validOwn(s, pool, name);
    const known = pool(name).filter((v) => v !== null && this.conforms(s, v));
    const withKnown = known.length ? fc.oneof({ arbitrary: own, weight: 1 }, { arbitrary: fc.constantFrom(...known), weight: 2 }) : own;
    return nullable(s) && mainType(s) !== 'object' ? fc.oneof({ arbitrary: withKnown, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : withKnown;
  }

  private validOwn(s: Schema, pool: (name: string) => unknown[], name: string): fc.Arbitrary<unknown> {
    if (s.enum) return fc.constantFrom(...s.enum.filter((v) => v !== null));
    switch (mainType(s)) {
      case 'string': return this.validString(s);
      case 'integer': return validInteger(s);
      case 'number': return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
      case 'boolean': return fc.boolean();
      // Within the schema's own bounds: a list of selected rows needs at least one (minItems).
      case 'array': return fc.array(this.valid(s.items ?? {}, pool, name), { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(3, s.maxItems ?? 3)) });
      case 'object': {
        const props = s.properties ?? {};
        const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, this.valid(v, pool, k)]));
        const record = fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
        return nullable(s) ? fc.oneof({ arbitrary: record, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : record;
      }
      default: return fc.constant(null);
    }
  }

  private validString(s: Schema): fc.Arbitrary<string> {
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? 200;
    const fits = (v: string) => codePoints(v) >= min && codePoints(v) <= max && !v.includes('\u0000');
    if (s.format === 'date') return validDate();
    if (s.format === 'date-time') return validDateTime();
    if (isNamedFormat(s.format)) return fc.constantFrom(...VALID_SAMPLES[s.format]).filter(fits);
    if (s.pattern) {
      const re = new RegExp(s.pattern, 'u');
      const matching = fc.stringMatching(new RegExp(s.pattern)).filter((v) => fits(v) && re.test(v));
      const nastyOk = NASTY_STRINGS.filter((v) => fits(v) && re.test(v));
      return nastyOk.length ? fc.oneof(matching, fc.constantFrom(...nastyOk)) : matching;
    }
    const pad = (v: string) => {
      const cps = Array.from(v).slice(0, max);
      while (cps.length < min) cps.push('x');
      return cps.join('');
    };
    return fc.oneof(
      { arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }), weight: 3 },
      { arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, 40) }).map((v) => pad(v.replaceAll('\u0000', ''))), weight: 2 },
      { arbitrary: fc.constantFrom(...NASTY_STRINGS).map(pad), weight: 3 },
      // As long as allowed, in characters of 1 to 4 UTF-8 bytes: limits count characters, not bytes.
      { arbitrary: fc.constantFrom('x', 'è', '€', '😀').map((c) => c.repeat(s.maxLength ?? 5000)), weight: 1 },
    ).filter(fits);
  }

  /** One way to make a value of `schema` invalid, with the reason; undefined when nothing about it can be wrong. */
  invalidScalar(schema: Schema): fc.Arbitrary<{ value: unknown; why: string }> | undefined {
    const s = this.resolve(schema);
    const options: fc.Arbitrary<{ value: unknown; why: string }>[] = [];
    const tag = (why: string, arb: fc.Arbitrary<unknown>) => options.push(arb.map((value) => ({ value, why })));
    const t = mainType(s);
    tag('wrong type', fc.constantFrom(...wrongTypeValues(t)));
    const allowed = s.enum;
    if (allowed) tag('not in enum', fc.constantFrom('ZZ', 'b', 'Banca', ' B', 'B ', 'null').filter((v) => !allowed.includes(v)));
    if (t === 'string' && !s.enum) {
      if (s.maxLength !== undefined) {
        const max = s.maxLength;
        tag('too long', fc.oneof(fc.constant('9'.repeat(max + 1)), fc.constant('😀'.repeat(max + 1)), fc.constant('A'.repeat(100_000))));
      }
      if ((s.minLength ?? 0) > 0) tag('too short', fc.constant(''));
      if (s.pattern) {
        const re = new RegExp(s.pattern, 'u');
        tag('breaks the pattern', fc.constantFrom(...[...NASTY_STRINGS, '１２３４５', '12345\n', 'abc', 'A'.repeat(60)].filter((v) => !re.test(v) && v !== '')));
      }
      if (isNamedFormat(s.format)) tag(`not a ${s.format}`, fc.constantFrom(...INVALID_SAMPLES[s.format].map(([value]) => value)));
      if (s.format === 'date') tag('bad date', fc.constantFrom('2024-02-30', '2023-02-29', '2024-13-01', '2024-00-10', '24-01-01', '2024/01/01', '2024-1-1', 'oggi', '2024-01-01T00:00:00Z'));
      if (s.format === 'date-time') tag('bad date-time', fc.constantFrom('2024-01-01', '2024-01-01T25:00:00Z', '2024-01-01 10:00', 'ieri', '2024-01-01T10:00:00+25:00'));
      tag('NUL character', fc.constant(s.pattern || s.format ? '\u0000' : 'a\u0000b'));
    }
    if (t === 'integer' || t === 'number') {
      if (s.minimum !== undefined) tag('below minimum', fc.constantFrom(s.minimum - 1, s.minimum - 1000, -1e20));
      if (s.maximum !== undefined) tag('above maximum', fc.constantFrom(s.maximum + 1, 1e20));
      if (t === 'integer') tag('not an integer', fc.constantFrom(1.5, '2.5', '1e-3'));
    }
    return options.length ? fc.oneof(...options) : undefined;
  }
}

function wrongTypeValues(t: string | undefined): unknown[] {
  switch (t) {
    case 'string': return [{}, { a: 1 }, [], ['x']];
    case 'integer': case 'number': return ['abc', 'dodici', '1,5', {}, [1]];
    case 'boolean': return ['forse', 'si', 2, -1, {}, []];
    case 'object': return ['x', 5, true, [], [{}]];
    case 'array': return ['x', 5, true, {}];
    default: return [{}];
  }
}

/**
 * Integers within the schema's range; where it gives no bound, within a 32-bit column's, which the server
 * enforces (server/crud/column-range.ts) although the document does not declare it yet.
 */
const COLUMN = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };

function validInteger(s: Schema): fc.Arbitrary<number> {
  const min = s.minimum ?? COLUMN.minimum;
  const max = s.maximum ?? COLUMN.maximum;
  const edges = [min, max, 0, 1, -1].filter((v) => v >= min && v <= max);
  return fc.oneof({ arbitrary: fc.integer({ min, max }), weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 1 });
}

function isDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true });

function validDate(): fc.Arbitrary<string> {
  return fc.oneof(day.map((d) => d.toISOString().slice(0, 10)), fc.constantFrom('2024-02-29', '2000-02-29', '1970-01-01', '2099-12-31'));
}

function validDateTime(): fc.Arbitrary<string> {
  return fc.oneof(
    day.map((d) => d.toISOString()),
    day.map((d) => d.toISOString().replace('.000Z', '+02:00').replace(/\.\d{3}Z$/, '-05:30')),
    fc.constantFrom('2024-02-29T23:59:59Z', '1970-01-01T00:00:00.000Z'),
  );
}
