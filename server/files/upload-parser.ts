/**
 * Reads the multipart body of a file upload (x-operation fileCheck / fileUpdate) with multer, after
 * authorize() and before the OpenAPI request validator: an anonymous or unauthorized caller's upload is
 * never read. The size limit is the field's own `file.maxSize`, enforced by multer while the bytes stream
 * in (never trusting Content-Length or the client): one byte more stops the upload with the spec's
 * message and 400, not 413 (busboy refuses a file that reaches its limit, so the limit is maxSize + 1;
 * the handler checks the size again). Only one part, named `file`, is accepted; the bytes stay in memory (the
 * limits of spec files are small) and reach the handler as `uploadOf(res)`.
 */
import type { RequestHandler, Response } from 'express';
import multer from 'multer';
import type { FieldModel, FileRuleModel } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import { ApiError } from '../http/api-error.js';
import { operationOf } from '../http/operation-routes.js';
import { ResponseSlot } from '../http/response-slot.js';
import { isRecord } from '../records.js';

export const UPLOAD_PART = 'file';
export const FILE_OPERATIONS = ['fileCheck', 'fileUpdate'];

export interface ReceivedUpload { name: string; contentType: string; bytes: Buffer }

type FileField = FieldModel & { file: FileRuleModel };

const received = new ResponseSlot<ReceivedUpload>('The upload (uploadParser)');

/** The file the request carried, once uploadParser() has read it; undefined when it sent none. */
export function uploadOf(res: Response): ReceivedUpload | undefined {
  return received.get(res);
}

export function uploadParser(model: RuntimeModel): RequestHandler {
  const parsers = new Map<string, RequestHandler>();
  const parserFor = (field: FileField) => {
    let parser = parsers.get(`${field.name}:${field.file.maxSize}`);
    if (!parser) {
      // preservePath: a name with '/' must reach the name check as sent, not cut to its last segment.
      parser = multer({ storage: multer.memoryStorage(), preservePath: true, limits: { fileSize: field.file.maxSize + 1, files: 1, fields: 0 } }).single(UPLOAD_PART);
      parsers.set(`${field.name}:${field.file.maxSize}`, parser);
    }
    return parser;
  };
  return (req, res, next) => {
    const op = operationOf(res) ?? {};
    if (!FILE_OPERATIONS.includes(op['x-operation'] ?? '') || !(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) { next(); return; }
    const field = model.entities.find((e) => e.name === op['x-entity'])?.fields.find((f): f is FileField => f.name === op['x-file'] && f.file !== undefined);
    if (!field) { next(new Error(`No file field ${op['x-entity']}.${op['x-file']}`)); return; }
    parserFor(field)(req, res, (error?: unknown) => {
      if (error) { next(refusal(error, field, model)); return; }
      const file = req.file;
      // The validator then sees the part the document requires (its bytes are not JSON Schema's business).
      req.body = file ? { [UPLOAD_PART]: '' } : {};
      if (file) received.set(res, { name: utf8Name(file.originalname), contentType: file.mimetype, bytes: file.buffer });
      next();
    });
  };
}

/** multer's refusals in Italian: over the size limit is the spec's size message; anything else malformed. */
function refusal(error: unknown, field: FieldModel, model: RuntimeModel): ApiError {
  const code = isRecord(error) && typeof error.code === 'string' ? error.code : undefined;
  if (code === 'LIMIT_FILE_SIZE') return new ApiError('VALIDATION_ERROR', [{ field: UPLOAD_PART, message: field.messages.fileSize }]);
  if (code && code.startsWith('LIMIT_')) return new ApiError('VALIDATION_ERROR', [{ field: 'body', message: model.messages.validation.unknownField }]);
  return new ApiError('VALIDATION_ERROR', [{ field: 'body', message: model.messages.validation.fallback }]);
}

/**
 * multer reads `filename="..."` as Latin-1 (busboy's default, which multer 2 does not change), while browsers
 * send the name's UTF-8 bytes: "logò.png" would arrive as "logÃ².png". A name whose characters are all bytes
 * and whose bytes are valid UTF-8 with a multi-byte sequence is read again as UTF-8 (a `filename*` name,
 * already decoded right, never is: its bytes do not form UTF-8 again).
 */
export function utf8Name(name: string): string {
  if (!Array.from(name).every((c) => c.charCodeAt(0) <= 0xff) || !/[\x80-\xff]/.test(name)) return name;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(name, 'latin1'));
  } catch {
    return name;
  }
}
