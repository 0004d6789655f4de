/**
 * `api.export`: every entity with a list operation is exportable (CSV and Excel) unless it says
 * `export: false`. Columns default to the list's columns (what the user sees on screen), else to every
 * field; a secret field is never exported, and naming one is a mistake rather than a silent drop. A file field
 * (a list's download button) is left out of the default columns: its value is only the stored file's id.
 */
import type { ExportModel, FieldModel } from '../../common/model.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';
import type { RawEntity } from './spec-types.js';

export function buildExport(raw: RawEntity, fields: FieldModel[], hasList: boolean, source: SourceFile, diagnostics: Diagnostic[]): ExportModel | undefined {
  const spec = raw.api?.export;
  if (spec === false || !hasList) return undefined;
  const declared = typeof spec === 'object' ? spec : {};
  const names = fields.map((f) => f.name);
  const secret = new Set(fields.filter((f) => f.secret).map((f) => f.name));
  (declared.columns ?? []).forEach((name, i) => {
    if (!names.includes(name)) {
      diagnostics.push({ ...source.positionOf(['api', 'export', 'columns', i]), message: `Export column '${name}' is not a field of ${raw.entity}.${didYouMean(name, names)}` });
    } else if (secret.has(name)) {
      diagnostics.push({ ...source.positionOf(['api', 'export', 'columns', i]), message: `Export column '${name}' is a secret field: secret fields are never exported.` });
    }
  });
  const files = new Set(fields.filter((f) => f.type === 'file').map((f) => f.name));
  const columns = declared.columns ?? (raw.list?.columns ?? names).filter((n) => !files.has(n));
  return {
    formats: declared.formats ?? ['csv', 'xlsx'],
    columns: columns.filter((n) => names.includes(n) && !secret.has(n)),
    ...(declared.emptyMessage ? { emptyMessage: declared.emptyMessage } : {}),
  };
}
