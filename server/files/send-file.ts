/**
 * Sends a stored file as the answer of a custom operation with `response: { file: binary }` (a notification's
 * attachment for the users who receive it): octet-stream under its original name, never rendered by the
 * browser in the API's origin. The same headers as GET of a file field (file-routes.ts).
 */
import type { Response } from 'express';
import { isRecord } from '../records.js';
import { contentDisposition } from './file-routes.js';

export interface BinaryFile { name: string; bytes: Buffer }

/** What a handler of a `file: binary` operation answers. */
export function isBinaryFile(value: unknown): value is BinaryFile {
  return isRecord(value) && typeof value.name === 'string' && Buffer.isBuffer(value.bytes);
}

export function sendBinaryFile(res: Response, file: BinaryFile): void {
  res.set({
    'Content-Type': 'application/octet-stream',
    'Content-Length': String(file.bytes.length),
    'Content-Disposition': contentDisposition(file.name),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-cache',
  });
  res.status(200).end(file.bytes);
}
