/**
 * Italian validation messages for rjsf. Ajv's texts are English and must never reach a user (STACK.md), so
 * every client error is rewritten from the form's `messages` (by dotted path without array indexes and Ajv
 * keyword), then `defaultMessages`, then a generic Italian text. Server `details` go the other way: from a
 * dotted body path to rjsf's `extraErrors` tree.
 */
import { ErrorSchemaBuilder, type ErrorSchema, type RJSFValidationError } from '@rjsf/utils';
import type { ErrorDetail } from './apiError';
import { formatMessage, isNamedFormat } from '../../../common/named-formats';
import { isRecord } from './guards';

export const FALLBACK_MESSAGE = 'Valore non valido';

/**
 * Ajv reports a failed `then` twice: once for the real keyword inside it and once as `if` on the parent.
 * The second says nothing a user can act on.
 */
const NOISE_KEYWORDS = new Set(['if']);

/** `.modelliPos.0.codModpos` / `modelliPos.0.codModpos` -> `modelliPos.codModpos`. */
export function messagePath(property: string | undefined): string {
  if (!property) return '';
  return property
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\['([^']*)'\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .join('.');
}

/** `.modelliPos.0.iban` / `.modelliPos[0]['iban']` -> `modelliPos.0.iban`: where the value is in the form data. */
export function valuePath(property: string): string {
  return property.replace(/\[(\d+)\]/g, '.$1').replace(/\['([^']*)'\]/g, '.$1').replace(/^\./, '');
}

/** Ajv keywords that the generator's message tables know under another name. */
const KEYWORD_ALIASES: Partial<Record<string, string>> = {
  additionalProperties: 'unknownField',
  unevaluatedProperties: 'unknownField',
};

/** A form's message tables (a FormDef's, or a transition input's): any path, keyword or alias may be absent. */
interface MessageTables {
  messages: Partial<Record<string, Partial<Record<string, string>>>>;
  defaultMessages: Partial<Record<string, string>>;
}

export function italianMessage(form: MessageTables, path: string, keyword: string | undefined): string {
  const key = keyword ?? '';
  const alias = KEYWORD_ALIASES[key];
  return form.messages[path]?.[key]
    ?? form.defaultMessages[key]
    ?? (alias ? form.defaultMessages[alias] : undefined)
    ?? form.defaultMessages.fallback
    ?? FALLBACK_MESSAGE;
}

/**
 * rjsf `transformErrors`: same errors, Italian `message` and `stack`. `valueAt` reads the value an error is
 * about (rjsf's `.a.0.b` property), for the named formats whose message says why (`BBAN non valido`).
 */
export function createTransformErrors(form: MessageTables, valueAt: (property: string) => unknown = () => undefined) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors
      .filter((error) => !NOISE_KEYWORDS.has(error.name ?? ''))
      .map((error) => {
        const path = messagePath(error.property);
        const format = error.name === 'format' && isRecord(error.params) ? error.params.format : undefined;
        const precise = isNamedFormat(format) ? formatMessage(format, valueAt(error.property ?? ''), form.messages[path] ?? {}) : undefined;
        const message = precise ?? italianMessage(form, path, error.name);
        return { ...error, message, stack: message };
      });
}

/** Server `details` -> rjsf `extraErrors`, so each message sits under its own field. */
export function detailsToErrorSchema(details: readonly ErrorDetail[]): ErrorSchema {
  const builder = new ErrorSchemaBuilder();
  for (const detail of details) {
    const path = detail.field.replace(/^\.+/, '');
    if (path) builder.addErrors(detail.message, path);
    else builder.addErrors(detail.message);
  }
  return builder.ErrorSchema;
}
