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
