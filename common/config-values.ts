/**
 * Configuration values are text (the table stores text, GET config/{key} answers text); their declared type
 * says how to read them. Shared by the generator (defaults) and the server (overrides, config/exists).
 */
import type { ConfigKeyModel } from './model.js';

/** The message key (of spec/platform/messages.yaml `validation`) a wrong value gets. */
export type ConfigProblem = 'type' | 'pattern' | 'minimum' | 'maximum' | 'maxLength' | 'format' | 'fallback';

/** Spaces around list items and empty items are dropped: ' 30480, 08549,' is '30480,08549'. */
export function normalizeConfigValue(key: Pick<ConfigKeyModel, 'type'>, text: string): string {
  if (key.type === 'list') return configItems(text).join(',');
  return key.type === 'string' ? text : text.trim();
}

export function configItems(text: string | null): string[] {
  return (text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** undefined when the (normalized) text is a value of the key. */
export function configValueProblem(key: ConfigKeyModel, text: string): ConfigProblem | undefined {
  if (text.length > (key.maxLength ?? 4000)) return 'maxLength';
  const pattern = key.pattern ? new RegExp(key.pattern, 'u') : undefined;
  switch (key.type) {
    case 'integer': {
      if (!/^-?\d+$/.test(text)) return 'type';
      const n = Number(text);
      if (key.minimum !== undefined && n < key.minimum) return 'minimum';
      if (key.maximum !== undefined && n > key.maximum) return 'maximum';
      return undefined;
    }
    // 'type' is the numbers' message (Campo numerico): a wrong boolean gets the generic one, as fields do.
    case 'boolean': return text === 'true' || text === 'false' ? undefined : 'fallback';
    case 'date': return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text) ? undefined : 'format';
    case 'list': return pattern && configItems(text).some((i) => !pattern.test(i)) ? 'pattern' : undefined;
    default: return pattern && !pattern.test(text) ? 'pattern' : undefined;
  }
}

/**
 * config/exists/{key}/{value}: is `value` one of the key's values? For a list, one of its items (the ABI
 * codes of TRANSATO_DOWNLOAD_ASINCRONO_ABI); for any other type, the value itself.
 */
export function configHas(key: Pick<ConfigKeyModel, 'type'>, current: string | null, value: string): boolean {
  if (current === null) return false;
  return key.type === 'list' ? configItems(current).includes(value.trim()) : current === value;
}
