/**
 * How a configuration value (text on the wire: docs/spec-language.md#configuration-keys) reads on the
 * configuration page, and how the editor turns what was typed back into that text.
 */
import type { ApiAnswer } from '../../src/core/apiClient';

/** One key as GET config answers it (spec/platform/operazioni-piattaforma.yaml). */
export type ConfigEntry = ApiAnswer<'/config', 'get'>[number];
export type ConfigType = ConfigEntry['type'];

/** Italian reading of a value: Sì/No, dd/MM/yyyy, list items separated by commas; a dash when unset. */
export function showConfigValue(type: ConfigType, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (type) {
    case 'boolean': return value === 'true' ? 'Sì' : 'No';
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
    }
    case 'list': return value.split(',').map((item) => item.trim()).filter(Boolean).join(', ') || '—';
    default: return value;
  }
}

/** The text the API takes for what the editor holds: list items trimmed and comma-joined, the rest as typed. */
export function configValueToSend(type: ConfigType, typed: string): string {
  if (type === 'list') return typed.split(/[,;\n]/).map((item) => item.trim()).filter(Boolean).join(',');
  return typed.trim();
}

/** What the editor starts from: the value in force (a list one item per line is easier to edit). */
export function configValueToEdit(type: ConfigType, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return type === 'list' ? value.split(',').filter(Boolean).join('\n') : value;
}
