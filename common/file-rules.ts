/**
 * The checks of a file field (type: file) that need only the file's name, size and declared type: the
 * form runs them before uploading and the server runs them again on what it received, with the same
 * spec messages (seed 000 §5: size first, then the name). Whether the bytes really are of the declared
 * type (magic bytes) is common/magic-bytes.ts (the server on every upload, the generator on demo files).
 */
import type { FieldModel, FileRuleModel } from './model.js';
import { STORED_FILE_NAME_MAX } from './stored-files.js';

export interface FileFacts { name: string; size: number; type: string }

/** The spec message of the first rule the file breaks, or undefined when it may be uploaded. */
export function fileProblem(rule: FileRuleModel, messages: Partial<Record<string, string>>, file: FileFacts, fallback = ''): string | undefined {
  const say = (key: string) => messages[key] ?? fallback;
  if (file.size > rule.maxSize) return say('fileSize');
  if (!nameAllowed(rule, file.name)) return say('fileName');
  if (!rule.accept.includes(normalizedType(file.type))) return say('fileType');
  return undefined;
}

function nameAllowed(rule: FileRuleModel, name: string): boolean {
  if (name.length === 0 || name.length > STORED_FILE_NAME_MAX) return false;
  return rule.namePattern === undefined || new RegExp(rule.namePattern, 'u').test(name);
}

/** `image/png; charset=...` and `IMAGE/PNG` name the same type. */
export function normalizedType(type: string): string {
  return type.split(';')[0].trim().toLowerCase();
}

/** The file fields of an entity's fields, with their rule (type guard for callers). */
export function fileFields(fields: readonly FieldModel[]): (FieldModel & { file: FileRuleModel })[] {
  return fields.filter((f): f is FieldModel & { file: FileRuleModel } => f.type === 'file' && f.file !== undefined);
}
