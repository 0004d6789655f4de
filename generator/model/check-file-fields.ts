/**
 * A file field (type: file) holds only a reference to a stored file: it cannot be part of the key, a filter,
 * the compact format, an index, the list's sort or a rule, because none of those could mean anything for an
 * upload. Each misuse is reported at its own position (file:line:col). A list column may name it: the list
 * shows a download button on the rows that have a file (seed 002 §7: invoices are listed and downloaded).
 */
import type { Diagnostic } from '../diagnostics.js';
import type { PathSegment, SourceFile } from '../load/source-file.js';
import type { RawEntity } from './spec-types.js';

export function checkFileFieldUses(raw: RawEntity, source: SourceFile, diagnostics: Diagnostic[]): void {
  const files = new Set(Object.entries(raw.fields).filter(([, f]) => f.type === 'file').map(([name]) => name));
  if (!files.size) return;
  const refuse = (name: string, path: PathSegment[], what: string) => {
    if (files.has(name)) diagnostics.push({ ...source.positionOf(path), message: `File field '${name}' cannot be ${what}: the row keeps only a reference to the stored file.` });
  };
  const key = Array.isArray(raw.key) ? raw.key : [raw.key];
  key.forEach((k, i) => refuse(k, Array.isArray(raw.key) ? ['key', i] : ['key'], 'a key field'));
  (raw.api?.compact ?? []).forEach((f, i) => refuse(f, ['api', 'compact', i], 'a compact field'));
  (raw.list?.filters ?? []).forEach((f, i) => refuse(f, ['list', 'filters', i], 'a list filter'));
  if (raw.list?.sort) refuse(raw.list.sort.replace(/^-/, ''), ['list', 'sort'], 'the sort field');
  (raw.indexes ?? []).forEach((ix, i) => ix.fields.forEach((f, j) => refuse(f, ['indexes', i, 'fields', j], 'in an index')));
  (raw.rules ?? []).forEach((rule, i) => {
    for (const f of Object.keys(rule.when ?? {})) refuse(f, ['rules', i, 'when', f], 'a rule condition');
    for (const f of Object.keys(rule.set)) refuse(f, ['rules', i, 'set', f], 'set by a rule');
  });
}
