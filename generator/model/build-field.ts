/** Normalizes one field: resolves its messages, limits and column, and reports what cannot be right. */
import type { FieldModel, MessageKey } from '../../common/model.js';
import { FORMAT_REASONS, formatMessageKey } from '../../common/named-formats.js';
import { errorMessage, type Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';
import type { RawField } from './spec-types.js';

const MESSAGE_KEYS: MessageKey[] = ['required', 'pattern', 'length', 'minLength', 'maxLength', 'minimum', 'maximum', 'type', 'enum', 'format', 'reference'];
const FILE_MESSAGE_KEYS: MessageKey[] = ['fileSize', 'fileName', 'fileType', 'fileContent'];

export function toColumnName(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

export function buildField(
  name: string, raw: RawField, source: SourceFile, defaults: Record<string, string>, diagnostics: Diagnostic[],
  basePath: (string | number)[] = ['fields'],
): FieldModel {
  const at = (...path: (string | number)[]) => source.positionOf([...basePath, name, ...path]);
  const report = (path: string[], message: string) => diagnostics.push({ ...at(...path), message });

  const minLength = raw.length ?? raw.minLength;
  const maxLength = raw.length ?? raw.maxLength;
  if (raw.length !== undefined && (raw.minLength !== undefined || raw.maxLength !== undefined)) {
    report(['length'], `Field '${name}' declares both length and minLength/maxLength: keep only one.`);
  }
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    report(['minLength'], `Field '${name}': minLength ${minLength} is greater than maxLength ${maxLength}.`);
  }
  if (raw.minimum !== undefined && raw.maximum !== undefined && raw.minimum > raw.maximum) {
    report(['minimum'], `Field '${name}': minimum ${raw.minimum} is greater than maximum ${raw.maximum}.`);
  }
  if (raw.pattern !== undefined) {
    try { new RegExp(raw.pattern, 'u'); } catch (e) {
      report(['pattern'], `Field '${name}': pattern is not a valid regular expression (${errorMessage(e)}). Quote it in single quotes and escape special characters with a backslash.`);
    }
  }
  const onlyFor = (key: keyof RawField, types: RawField['type'][]) => {
    if (raw[key] !== undefined && !types.includes(raw.type)) {
      report([key], `Field '${name}' of type ${raw.type} cannot have '${key}' (only ${types.join(', ')}).`);
    }
  };
  onlyFor('values', ['enum']);
  onlyFor('groups', ['enum']);
  onlyFor('colors', ['enum']);
  // A colour for a code the enum lacks would never show: a typo, said at its line.
  for (const code of Object.keys(raw.colors ?? {})) {
    if (raw.values && !(code in raw.values)) {
      diagnostics.push({ ...at('colors', code), message: `Field '${name}': colors names code '${code}', which is not one of its values (${Object.keys(raw.values).join(', ')}).` });
    }
  }
  if (raw.search === 'range' && !['date', 'datetime', 'integer', 'decimal'].includes(raw.type)) {
    report(['search'], `Field '${name}' of type ${raw.type} cannot be searched by range (only date, datetime, integer, decimal).`);
  }
  // A group may only name codes of the enum: a typo would silently make a status never match.
  for (const [group, codes] of Object.entries(raw.groups ?? {})) {
    codes.forEach((code, i) => {
      if (raw.values && !(code in raw.values)) {
        diagnostics.push({ ...at('groups', group, i), message: `Field '${name}': group '${group}' names code '${code}', which is not one of its values (${Object.keys(raw.values).join(', ')}).` });
      }
    });
  }
  onlyFor('entity', ['reference']);
  onlyFor('generate', ['string']);
  onlyFor('file', ['file']);
  if (raw.type === 'file') {
    if (!raw.file) report(['type'], `Field '${name}' is a file: declare what it accepts under 'file' (maxSize in bytes, accept: content types).`);
    for (const k of ['default', 'search', 'unique', 'index', 'editPermission', 'generate', 'writableBy', 'reservedValues', 'writableWhen'] as const) {
      if (raw[k] !== undefined) report([k], `Field '${name}' is a file: it cannot have '${k}' (the row keeps only a reference to the stored file).`);
    }
    if (raw.required) report(['required'], `Field '${name}' is a file: it cannot be required (a row is created first, its file uploaded after).`);
    if (raw.file?.namePattern !== undefined) {
      try { new RegExp(raw.file.namePattern, 'u'); } catch (e) {
        report(['file', 'namePattern'], `Field '${name}': file.namePattern is not a valid regular expression (${errorMessage(e)}).`);
      }
    }
  }
  for (const k of ['length', 'minLength', 'maxLength', 'pattern', 'format'] as const) onlyFor(k, ['string']);
  for (const k of ['minimum', 'maximum'] as const) onlyFor(k, ['integer', 'decimal']);
  for (const k of ['precision', 'scale'] as const) onlyFor(k, ['decimal']);
  // A value typed in parts (docs/spec-language.md#a-value-typed-in-parts): the pieces and the widget go together.
  const inParts = raw.ui?.widget === 'parts';
  if (inParts && raw.type !== 'string') report(['ui', 'widget'], `Field '${name}' of type ${raw.type} cannot be typed in parts (only string).`);
  if (inParts !== (raw.ui?.parts !== undefined)) report(['ui', inParts ? 'widget' : 'parts'], `Field '${name}': widget parts types the value in the pieces of 'parts', and parts need widget parts. Declare both or neither.`);
  if (raw.ui?.partsPrefixes !== undefined && !inParts) report(['ui', 'partsPrefixes'], `Field '${name}': partsPrefixes says which values are typed in parts: it needs widget parts.`);
  const partsLength = (raw.ui?.parts ?? []).reduce((sum, part) => sum + part.length, 0);
  if (inParts && maxLength !== undefined && partsLength > maxLength) report(['ui', 'parts'], `Field '${name}': its parts hold ${partsLength} characters, more than its maxLength ${maxLength}.`);
  if (raw.type === 'enum' && !raw.values && !raw.valuesFrom) report(['type'], `Field '${name}' is an enum: list its codes and labels under 'values' (or take them from the catalogue with valuesFrom).`);
  if (raw.type === 'reference' && !raw.entity) report(['type'], `Field '${name}' is a reference: name the target under 'entity'.`);
  if (raw.default !== undefined && !defaultFits(raw)) {
    report(['default'], `Field '${name}': default ${JSON.stringify(raw.default)} does not fit type ${raw.type}${raw.values ? ` (codes: ${Object.keys(raw.values).join(', ')})` : ''}.`);
  }

  const numeric = raw.type === 'integer' || raw.type === 'decimal';
  const own = raw.messages ?? {};
  // messages.yaml requires the common validation messages (fallback, format...); the file and writableBy
  // ones, and a named format's own, may be missing.
  const optional: Partial<Record<string, string>> = defaults;
  // FieldModel.messages (common/model.ts) names every key, but a field holds the file and writableBy messages only
  // when it is a file or has writableBy (below), and the server reads them only there.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the shared type claims more keys than a field has
  const messages = {} as Record<MessageKey, string>;
  for (const key of MESSAGE_KEYS) {
    const lengthFallback = (key === 'minLength' || key === 'maxLength') && raw.length !== undefined ? own.length : undefined;
    const typeDefault = key === 'type' && !numeric ? defaults.fallback : undefined;
    // A required text's implicit minLength 1 refuses an empty value: for the user that value is missing.
    const emptyIsMissing = key === 'minLength' && raw.required && minLength === undefined ? own.required : undefined;
    messages[key] = own[key] ?? lengthFallback ?? emptyIsMissing ?? typeDefault ?? optional[key] ?? defaults.fallback;
  }
  // A lookup's refusal: its own message, else the field's reference message, else the platform's.
  if (raw.lookup) messages.lookup = own.lookup ?? own.reference ?? optional.lookup ?? optional.reference ?? defaults.fallback;
  // Only file fields carry the file messages, so other fields' generated artifacts stay as they were.
  if (raw.type === 'file') for (const key of FILE_MESSAGE_KEYS) messages[key] = own[key] ?? optional[key] ?? defaults.fallback;
  // A named format says why a value fails; the field's own message, when it has one, covers every reason.
  if (raw.format && raw.type === 'string') {
    for (const reason of FORMAT_REASONS[raw.format]) {
      messages[formatMessageKey(reason)] = own.format ?? optional[formatDefaultKey(raw.format, reason)] ?? defaults.format;
    }
  }
  if (raw.withinScope) messages.withinScope = own.withinScope ?? own.reference ?? optional.reference ?? defaults.fallback;
  if (raw.withinScope && raw.type !== 'reference') report(['withinScope'], `Field '${name}' is not a reference: withinScope restricts which rows a reference may point at.`);
  if (raw.writableBy) messages.writableBy = own.writableBy ?? optional.writableBy ?? defaults.fallback;
  if (raw.readOnlyWhen !== undefined) messages.readOnlyWhen = own.readOnlyWhen ?? optional.readOnlyWhen ?? defaults.fallback;
  if (raw.hiddenWhen !== undefined) messages.hiddenWhen = own.hiddenWhen ?? optional.hiddenWhen ?? defaults.fallback;
  if (raw.enabledBy !== undefined) messages.enabledBy = own.enabledBy ?? optional.enabledBy ?? defaults.fallback;
  const when = {
    ...(raw.requiredWhen !== undefined ? { requiredWhen: raw.requiredWhen } : {}),
    ...(raw.readOnlyWhen !== undefined ? { readOnlyWhen: raw.readOnlyWhen } : {}),
    ...(raw.hiddenWhen !== undefined ? { hiddenWhen: raw.hiddenWhen } : {}),
  };
  if (raw.messages?.writableBy !== undefined && !raw.writableBy) report(['messages', 'writableBy'], `Field '${name}' has a writableBy message but no 'writableBy': declare who may write it, or remove the message.`);
  onlyFor('reservedValues', ['string', 'enum', 'reference']);
  (raw.reservedValues?.values ?? []).forEach((value, i) => {
    if (raw.type === 'enum' && raw.values && !(value in raw.values)) {
      diagnostics.push({ ...at('reservedValues', 'values', i), message: `Field '${name}': reserved value '${value}' is not one of its codes (${Object.keys(raw.values).join(', ')}).` });
    }
    if (raw.pattern !== undefined && !matchesPattern(raw.pattern, value)) {
      diagnostics.push({ ...at('reservedValues', 'values', i), message: `Field '${name}': reserved value '${value}' does not match the field's pattern, so nobody could write it anyway.` });
    }
  });

  return {
    name,
    column: toColumnName(name),
    type: raw.type,
    label: raw.label ?? name,
    required: raw.required ?? false,
    ...(raw.default !== undefined ? { default: raw.default } : {}),
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(raw.pattern !== undefined ? { pattern: raw.pattern } : {}),
    ...(raw.format && raw.type === 'string' ? { format: raw.format } : {}),
    ...(Object.keys(when).length ? { when } : {}),
    ...(raw.enabledBy !== undefined ? { enabledBy: raw.enabledBy } : {}),
    ...(raw.minimum !== undefined ? { minimum: raw.minimum } : {}),
    ...(raw.maximum !== undefined ? { maximum: raw.maximum } : {}),
    ...(raw.type === 'decimal' ? { precision: raw.precision ?? 15, scale: raw.scale ?? 2 } : {}),
    ...(raw.values ? { options: Object.entries(raw.values).map(([value, label]) => ({ value, label, ...(raw.colors?.[value] ? { color: raw.colors[value] } : {}) })) } : {}),
    ...(raw.groups ? { groups: raw.groups } : {}),
    ...(raw.search ? { search: raw.search } : {}),
    // The listed entity's key is known once every entity is built: check-lookups.ts fills `value` in.
    ...(raw.lookup ? { lookup: { entity: raw.lookup.entity, value: raw.lookup.value ?? '', filterBy: raw.lookup.filterBy ?? {}, fill: raw.lookup.fill ?? {} } } : {}),
    ...(raw.withinScope ? { withinScope: true as const } : {}),
    filterParam: raw.filterParam ?? name,
    readOnly: raw.readOnly ?? false,
    ...(raw.editPermission ? { editPermission: raw.editPermission } : {}),
    ...(raw.writableBy ? { writableBy: raw.writableBy } : {}),
    ...(raw.reservedValues ? { reservedValues: { values: raw.reservedValues.values, message: raw.reservedValues.message } } : {}),
    // Its names (row, caller, related rows) are checked with the entity's lifecycle (check-lifecycle.ts).
    ...(raw.writableWhen ? { writableWhen: { when: raw.writableWhen.when, message: raw.writableWhen.message } } : {}),
    unique: raw.unique ?? false,
    index: raw.index ?? false,
    messages,
    ui: raw.ui ?? {},
    ...(raw.renamedFrom ? { renamedFrom: raw.renamedFrom } : {}),
    ...(raw.secret ? { secret: true as const } : {}),
    ...(raw.generate ? { generate: raw.generate } : {}),
    ...(raw.type === 'file' && raw.file ? { file: { maxSize: raw.file.maxSize, accept: raw.file.accept, ...(raw.file.namePattern !== undefined ? { namePattern: raw.file.namePattern } : {}), ...(raw.file.success !== undefined ? { success: raw.file.success } : {}) } } : {}),
  };
}

/**
 * Where build-model puts a named format's platform message among the validation defaults
 * (spec/platform/messages.yaml `formats`), so a field resolves it as it resolves the others.
 */
export function formatDefaultKey(format: string, reason: string): string {
  return `formats.${format}.${reason}`;
}

/** An invalid pattern is reported on its own line: here it matches everything. */
function matchesPattern(pattern: string, value: string): boolean {
  try { return new RegExp(pattern, 'u').test(value); } catch { return true; }
}

function defaultFits(raw: RawField): boolean {
  const v = raw.default;
  if (v === null) return true;
  switch (raw.type) {
    case 'boolean': return typeof v === 'boolean';
    case 'integer': return Number.isInteger(v);
    case 'decimal': return typeof v === 'number';
    case 'enum': return typeof v === 'string' && raw.values !== undefined && v in raw.values;
    case 'date': return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    case 'datetime': return typeof v === 'string' && !Number.isNaN(Date.parse(v));
    default: return typeof v === 'string' || typeof v === 'number';
  }
}
