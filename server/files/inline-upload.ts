/**
 * Files carried by a create's JSON body (docs/spec-language.md#files, "A file with the create"): a file field's
 * value `{ name, contentType, content }`, the bytes in base64, checked with the same rules and messages as an
 * upload (size, name, type, magic bytes) and stored in the create's transaction, so the new row has its file from
 * the start: what a hook does once the row exists (a pay-by-mail request's mail) sees it.
 */
import { fileProblem, normalizedType } from '../../common/file-rules.js';
import type { EntityModel, FieldModel, FileRuleModel } from '../../common/model.js';
import { bytesMatchType } from '../../common/magic-bytes.js';
import type { Row } from '../crud/row-mapping.js';
import { ApiError } from '../http/api-error.js';
import { isRecord } from '../records.js';
import type { IncomingFile } from './store.js';

type FileField = FieldModel & { file: FileRuleModel };

/** The spec's message for a file that breaks the field's rule, in the order of seed 000 §5; undefined: accepted. */
export function fileRefusal(field: FileField, file: IncomingFile): string | undefined {
  return fileProblem(field.file, field.messages, { name: file.name, size: file.bytes.length, type: file.contentType })
    ?? (bytesMatchType(file.bytes, file.contentType) ? undefined : field.messages.fileContent);
}

/**
 * The files a create's body carries, by field, each checked: 400 VALIDATION_ERROR with the field's message on the
 * field. A field's text value (the id a GET answered) is not a file and stays ignored, as in any body.
 */
export function inlineFilesOf(entity: EntityModel, body: Row): Map<string, IncomingFile> {
  const files = new Map<string, IncomingFile>();
  const details: { field: string; message: string }[] = [];
  for (const field of entity.fields.filter((f): f is FileField => f.file !== undefined)) {
    const value = body[field.name];
    if (!isRecord(value)) continue;
    const { name, contentType, content } = value;
    if (typeof name !== 'string' || typeof contentType !== 'string' || typeof content !== 'string') {
      details.push({ field: field.name, message: field.messages.fileContent });
      continue;
    }
    const file = { name, contentType: normalizedType(contentType), bytes: Buffer.from(content, 'base64') };
    const problem = fileRefusal(field, file);
    if (problem) details.push({ field: field.name, message: problem });
    else files.set(field.name, file);
  }
  if (details.length) throw new ApiError('VALIDATION_ERROR', details);
  return files;
}
