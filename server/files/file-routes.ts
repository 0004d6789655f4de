/**
 * The three operations of every file field (x-operation fileGet, fileCheck, fileUpdate; x-file names the
 * field), for the bank logo `GET banche/{codAbi}/logo`, `POST banche/{codAbi}/logo/check` and
 * `PUT banche/{codAbi}/logo`. The row is read through the entity service, so its permission and bank scope
 * hold as for GET and PUT of the row: another bank's row is 404, as if it did not exist.
 */
import type { Request, Response } from 'express';
import { normalizedType } from '../../common/file-rules.js';
import type { FieldModel, FileRuleModel } from '../../common/model.js';
import type { Caller } from '../domain/auth/caller.js';
import type { EntityService } from '../crud/entity-service.js';
import { ifMatchOf, versionOf, withVersion } from '../crud/concurrency.js';
import { keyFromPath } from '../crud/path-key.js';
import type { Row } from '../crud/row-mapping.js';
import { ApiError } from '../http/api-error.js';
import { present } from '../lookup.js';
import { fileRefusal } from './inline-upload.js';
import { fileInAudit, type FileStore, type StoredFileMeta } from './store.js';
import { UPLOAD_PART, uploadOf, type ReceivedUpload } from './upload-parser.js';
import { textOf } from '../../common/text.js';

type FileHandler = (s: EntityService, req: Request, res: Response, caller: Caller, fieldName?: string) => Promise<void>;

export const fileHandlers: Record<string, FileHandler> = {
  fileGet: async (s, req, res, caller, name) => {
    const row = await s.get(keyFromPath(s.entity, req), caller);
    const id = row[present(name, 'x-file of a fileGet operation')];
    const stored = id ? await storeOf(s).read(s.db, textOf(id)) : undefined;
    if (!stored) throw new ApiError('FILE_NOT_FOUND');
    res.set({
      'Content-Type': stored.meta.contentType,
      'Content-Length': String(stored.bytes.length),
      'Content-Disposition': contentDisposition(stored.meta.name),
      // The browser must not guess another type (an "image" that sniffs as HTML), nor run anything in it.
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      // No ETag here: an upload's If-Match is the row's version (GET of the row), as for any update.
      'Cache-Control': 'private, no-cache',
    });
    res.status(200).end(stored.bytes);
  },
  fileCheck: async (s, req, res, caller, name) => {
    await s.get(keyFromPath(s.entity, req), caller);
    checkUpload(fieldOf(s, name), uploadOf(res));
    res.json({ valid: true });
  },
  fileUpdate: async (s, req, res, caller, name) => {
    const field = fieldOf(s, name);
    const upload = checkUpload(field, uploadOf(res));
    const store = storeOf(s);
    const saved = await s.writeValues(keyFromPath(s.entity, req), caller, { ifMatch: ifMatchOf(req), onSaved: (row) => { res.set('ETag', versionOf(row)); } },
      async (trx, current) => {
        const stored = await store.put(trx, upload);
        // The old file goes in the same transaction: replacing never leaves an orphan.
        if (current[field.name]) await store.remove(trx, String(current[field.name]));
        return { [field.name]: stored.id };
      },
      // The audit trail shows the file's name, size and sha256, never its bytes.
      async (trx, row) => ({ ...row, [field.name]: row[field.name] ? describe(await store.meta(trx, String(row[field.name]))) : null }));
    res.json(withVersion(res, saved));
  },
};

/** Seed 000 §5 rules, in their order, then the bytes against the declared type; 400 with the spec message. */
function checkUpload(field: FieldModel & { file: FileRuleModel }, upload: ReceivedUpload | undefined): ReceivedUpload {
  if (!upload) throw new ApiError('VALIDATION_ERROR', [{ field: UPLOAD_PART, message: field.messages.required }]);
  const contentType = normalizedType(upload.contentType);
  const problem = fileRefusal(field, { ...upload, contentType });
  if (problem) throw new ApiError('VALIDATION_ERROR', [{ field: UPLOAD_PART, message: problem }]);
  return { ...upload, contentType };
}

function describe(meta: StoredFileMeta | undefined): Row | null {
  return meta ? fileInAudit(meta) : null;
}

/**
 * `attachment` with an ASCII-only, quote-free name plus the exact name in RFC 5987 form: no header
 * injection, and the browser saves the file under its real name instead of rendering it in the API's origin.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\;]/g, '_').trim() || 'file';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function fieldOf(s: EntityService, name: string | undefined): FieldModel & { file: FileRuleModel } {
  const field = s.entity.fields.find((f): f is FieldModel & { file: FileRuleModel } => f.name === name && f.file !== undefined);
  if (!field) throw new Error(`${s.entity.name}.${name ?? '(no x-file)'} is not a file field`);
  return field;
}

function storeOf(s: EntityService): FileStore {
  if (!s.files) throw new Error('No file store configured (server/files/index.ts)');
  return s.files;
}
