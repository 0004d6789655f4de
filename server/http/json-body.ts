/**
 * Reads JSON bodies (issue 12 item 10). It runs after authorize(), so a caller without a session never
 * gets a body of an operation that needs one read at all (401 first), and the size limit is the
 * operation's: small for the public ones (login, password reset and change), larger with a session.
 *
 * The nesting depth is checked on the raw bytes, in body-parser's `verify` hook, before JSON.parse: a body
 * of a million '[' was parsed and then walked by every recursive step after it (the validator, the NUL
 * check), which overflowed the stack (a 500) after blocking the event loop. The scan is one linear pass.
 */
import express, { type Request, type RequestHandler } from 'express';
import { ApiError } from './api-error.js';
import type { HttpOptions } from './http-options.js';
import { operationOf } from './operation-routes.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * True when arrays and objects nest deeper than `max`, counting only brackets outside strings. Malformed
 * JSON is not this function's business: JSON.parse refuses it afterwards.
 */
export function nestedDeeperThan(codes: ArrayLike<number>, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    if (inString) {
      if (c === BACKSLASH) i++; // the escaped character, a quote included, is part of the string
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(c)) depth--;
  }
  return false;
}

/**
 * The body's characters to scan. UTF-8 bytes can be scanned as they are (no byte of a multi-byte sequence
 * is ASCII); other charsets body-parser accepts (utf-16) are decoded first, so a byte of a wide character
 * cannot pass for a quote or a bracket. A charset the platform cannot decode is refused as unreadable.
 */
function charactersOf(body: Buffer, encoding: string | null): ArrayLike<number> {
  if (!encoding || /^utf-?8$/i.test(encoding)) return body;
  let text: string;
  try {
    text = new TextDecoder(encoding).decode(body);
  } catch {
    throw Object.assign(new Error(`unsupported charset ${encoding}`), { status: 415, type: 'charset.unsupported' });
  }
  return toCodes(text);
}

function toCodes(text: string): Uint16Array {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return codes;
}

function jsonParser(limit: string, maxDepth: number): RequestHandler {
  return express.json({
    limit,
    verify: (_req, _res, body, encoding) => {
      // body-parser passes a thrown error on with its own status (400), so the error handler sees the ApiError.
      if (nestedDeeperThan(charactersOf(body, encoding), maxDepth)) throw new ApiError('BODY_TOO_DEEP');
    },
  });
}

/** No bytes at all: body-parser reads that as `{}`, which an operation whose fields are all optional would accept. */
function sentNothing(req: Request): boolean {
  return req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0;
}

/**
 * The JSON body reader for the operation the request calls (operation-routes.ts), by its `x-access`. An operation
 * whose body the document requires refuses a request that sends none, as an unreadable body (400, Italian).
 */
export function jsonBody(options: Pick<HttpOptions, 'publicBodyLimit' | 'bodyLimit' | 'maxBodyDepth'>): RequestHandler {
  const anyone = jsonParser(options.publicBodyLimit, options.maxBodyDepth);
  const withSession = jsonParser(options.bodyLimit, options.maxBodyDepth);
  return (req, res, next) => {
    const operation = operationOf(res);
    if (operation?.bodyRequired && sentNothing(req)) {
      next(Object.assign(new Error('the request has no body'), { status: 400, type: 'entity.missing' }));
      return;
    }
    (operation?.['x-access'] === 'public' ? anyone : withSession)(req, res, next);
  };
}
