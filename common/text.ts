/**
 * The text of a value no type describes: a row's cell (SQLite and PostgreSQL answer numbers, booleans and
 * dates differently), a field of a body or of a JSON answer, a value of the spec. A scalar, null, undefined
 * and a Date read as String() writes them, so the many `String(value)` this replaces read the same. An
 * object or an array, which no scalar field holds, is written as JSON: String() would write
 * "[object Object]", which says nothing about what arrived.
 */
export function textOf(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number': case 'boolean': case 'bigint': case 'symbol': case 'undefined': case 'function':
      return String(value);
    case 'object':
      return value === null || value instanceof Date ? String(value) : JSON.stringify(value);
  }
}

/** Lower case without accents or surrounding spaces, for searches in Italian: "Caffè " and "CAFFE" compare equal. */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}
