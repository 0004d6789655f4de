/**
 * Sends a custom operation's text file (operations `response: { file: text }`): UTF-8 text as an
 * attachment. The file name is reduced to safe characters so it cannot break the header.
 */
import type { Response } from 'express';
import { isRecord } from '../records.js';

export interface TextFile { fileName: string; content: string }

/** What a handler of a `file: text` operation answers. */
export function isTextFile(value: unknown): value is TextFile {
  return isRecord(value) && typeof value.fileName === 'string' && typeof value.content === 'string';
}

export function sendTextFile(res: Response, file: TextFile): void {
  const safe = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_') || 'file.txt';
  res.status(200)
    .set('Content-Type', 'text/plain; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${safe}"`)
    .send(file.content);
}
