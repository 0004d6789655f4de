/**
 * Whether a file's bytes are really of the content type it claims (its "magic bytes"): a .png that is a
 * renamed script or HTML page is refused even though its name and type say image. Only the types a spec
 * may accept (generator/schema/entity.schema.json, fileRule.accept) are known here.
 */
const starts = (bytes: Buffer, ...prefix: number[]) => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const CHECKS: Partial<Record<string, (bytes: Buffer) => boolean>> = {
  'image/png': (b) => starts(b, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  'image/jpeg': (b) => starts(b, 0xff, 0xd8, 0xff),
  'image/gif': (b) => starts(b, ...ascii('GIF87a')) || starts(b, ...ascii('GIF89a')),
  'application/pdf': (b) => starts(b, ...ascii('%PDF-')),
  // Text has no signature: it must at least be UTF-8 without NUL bytes (not a binary in disguise).
  'text/plain': isText,
  'text/csv': isText,
};

export function bytesMatchType(bytes: Buffer, contentType: string): boolean {
  const check = CHECKS[contentType];
  return check !== undefined && check(bytes);
}

function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
