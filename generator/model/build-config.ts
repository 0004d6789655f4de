/**
 * Normalizes the configuration keys (spec/platform/config.yaml): every default becomes the text the API
 * answers, and a default that does not fit its own type or pattern is a spec mistake, not a runtime surprise.
 */
import type { ConfigKeyModel } from '../../common/model.js';
import { errorMessage, type Diagnostic } from '../diagnostics.js';
import type { SpecFile } from '../validate/schema-check.js';
import type { RawConfigKey } from './spec-types.js';
import { configValueProblem } from '../../common/config-values.js';

export const CONFIG_MAX_LENGTH = 4000;

export function buildConfig(files: SpecFile<'config'>[], diagnostics: Diagnostic[]): ConfigKeyModel[] {
  const seen = new Map<string, string>();
  const out: ConfigKeyModel[] = [];
  for (const { raw: file, source } of files) {
    for (const [key, raw] of Object.entries(file.config)) {
      const at = (...path: string[]) => source.positionOf(['config', key, ...path]);
      if (seen.has(key)) {
        diagnostics.push({ ...source.positionOf(['config', key], { key: true }), message: `Configuration key ${key} is declared twice; the first is in ${seen.get(key)}.` });
        continue;
      }
      seen.set(key, source.file);
      if (raw.pattern !== undefined) {
        try { new RegExp(raw.pattern, 'u'); } catch (e) {
          diagnostics.push({ ...at('pattern'), message: `Configuration key ${key}: pattern is not a valid regular expression (${errorMessage(e)}).` });
          continue;
        }
      }
      const onlyFor = (name: 'pattern' | 'minimum' | 'maximum', types: RawConfigKey['type'][]) => {
        if (raw[name] !== undefined && !types.includes(raw.type)) diagnostics.push({ ...at(name), message: `Configuration key ${key} of type ${raw.type} cannot have '${name}' (only ${types.join(', ')}).` });
      };
      onlyFor('pattern', ['string', 'list']);
      onlyFor('minimum', ['integer']);
      onlyFor('maximum', ['integer']);
      const model: ConfigKeyModel = {
        key, type: raw.type, label: raw.label,
        ...(raw.description ? { description: raw.description } : {}),
        default: null,
        ...(raw.pattern !== undefined ? { pattern: raw.pattern } : {}),
        ...(raw.minimum !== undefined ? { minimum: raw.minimum } : {}),
        ...(raw.maximum !== undefined ? { maximum: raw.maximum } : {}),
        maxLength: raw.maxLength ?? CONFIG_MAX_LENGTH,
      };
      if (raw.default !== undefined && raw.default !== null) {
        const text = defaultText(raw);
        const problem = text === undefined ? 'type' : configValueProblem(model, text);
        if (problem || text === undefined) {
          diagnostics.push({ ...at('default'), message: `Configuration key ${key}: default ${JSON.stringify(raw.default)} does not fit type ${raw.type}${problem === 'type' || problem === 'fallback' ? '' : ` (${problem})`}.` });
          continue;
        }
        model.default = text;
      }
      out.push(model);
    }
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** The YAML default as the API's text; undefined when its YAML type cannot be that type. */
function defaultText(raw: RawConfigKey): string | undefined {
  const v = raw.default;
  switch (raw.type) {
    case 'list': return Array.isArray(v) && v.every((i) => typeof i === 'string' || typeof i === 'number') ? v.join(',') : undefined;
    case 'integer': return Number.isInteger(v) ? String(v) : undefined;
    case 'boolean': return typeof v === 'boolean' ? String(v) : undefined;
    default: return typeof v === 'string' ? v : undefined;
  }
}
