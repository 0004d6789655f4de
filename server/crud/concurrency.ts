/**
 * Optimistic concurrency for every generated resource (issue 5 item 6). A row's version is a strong ETag:
 * a hash of the row as the API answers it, children included, so it needs no column and changes with any
 * stored value, whoever wrote it. GET, create, update and the child calls answer it; update, delete and
 * child replace need it back in If-Match (428 without, 412 when the row changed). The service compares it
 * inside the write's transaction, after locking the row (Repository.findForUpdate), so of two writes
 * sent with the same version exactly one succeeds.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ApiError } from '../http/api-error.js';
import type { Row } from './row-mapping.js';

/** The ETag of a row (with its children): a quoted, URL-safe SHA-256 prefix of its canonical JSON. */
export function versionOf(row: Row): string {
  return `"${createHash('sha256').update(canonicalJson(row)).digest('base64url').slice(0, 27)}"`;
}

/** Sets the ETag header and hands the row back, for `res.json(withVersion(res, row))`. */
export function withVersion(res: Response, row: Row): Row {
  res.set('ETag', versionOf(row));
  return row;
}

/**
 * The versions the client says it has (If-Match: "a", "b"). Weak tags (W/"...") never match a strong
 * comparison; '*' would skip the check altogether, so it counts as no version at all.
 */
export function ifMatchOf(req: Request): string[] {
  const header = req.header('If-Match') ?? '';
  const tags = header.split(',').map((t) => t.trim()).filter((t) => t !== '' && t !== '*');
  if (!tags.length) throw new ApiError('VERSION_REQUIRED');
  // A client that drops the quotes means the same version.
  return tags.map((t) => (t.startsWith('"') || t.startsWith('W/') ? t : `"${t}"`));
}

/** Throws 412 unless `current` (the row as GET would answer it now) is one of the versions sent. */
export function checkVersion(current: Row, expected: readonly string[] | undefined): void {
  if (expected && !expected.includes(versionOf(current))) throw new ApiError('VERSION_CONFLICT');
}

/** JSON with object keys sorted at every level: the same row always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
