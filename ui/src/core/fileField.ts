/**
 * A file field of a generated form (docs/spec-language.md#files): its rule comes in the field's
 * `ui:options.file`, its messages in the form's message table, and the check before uploading is the
 * server's own (common/file-rules.ts), so the user reads the same Italian message without a round trip.
 */
import { fileProblem, type FileFacts } from '../../../common/file-rules';
import type { FileRuleModel } from '../../../common/model';
import { isRecord, isStringArray, recordAt } from './guards';
import type { FormDef } from './types';

export function fileRuleOf(form: Pick<FormDef, 'uiSchema'>, field: string): FileRuleModel | undefined {
  const rule = recordAt(recordAt(form.uiSchema, field), 'ui:options')?.file;
  return isFileRule(rule) ? rule : undefined;
}

function isFileRule(value: unknown): value is FileRuleModel {
  return isRecord(value) && typeof value.maxSize === 'number' && isStringArray(value.accept)
    && (value.namePattern === undefined || typeof value.namePattern === 'string') && (value.success === undefined || typeof value.success === 'string');
}

/** The message the server would answer for this file (size, name, type), or undefined when it may be sent. */
export function fileProblemInForm(form: Pick<FormDef, 'uiSchema' | 'messages' | 'defaultMessages'>, field: string, file: FileFacts): string | undefined {
  const rule = fileRuleOf(form, field);
  if (!rule) return undefined;
  return fileProblem(rule, { ...form.defaultMessages, ...form.messages[field] }, file, form.defaultMessages.fallback);
}

/** Whether the stored file can be shown as an image preview (the rule accepts only images). */
export function isImageRule(rule: FileRuleModel | undefined): boolean {
  return Boolean(rule && rule.accept.every((t) => t.startsWith('image/')));
}

/** A file a create form sends with the row (docs/spec-language.md#files, "A file with the create"). */
export interface InlineFile { name: string; contentType: string; content: string }

/** The file as a create's body carries it: its name, its type and its bytes in base64. */
export async function inlineFileOf(file: Pick<File, 'name' | 'type' | 'arrayBuffer'>): Promise<InlineFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name, contentType: file.type, content: btoa(binary) };
}
