/**
 * An entity's data-scope dimensions (common/data-scope.ts): each names a field of the entity, or a reference
 * field through which the referenced row carries it, and the narrower dimensions come with the wider ones they
 * sit in. A merchant or store dimension without a bank would leave those rows open to every bank user, since
 * bank users are restricted by bank only.
 */
import { SCOPE_DIMENSIONS, type ScopeDimension, type ScopeMap, type ScopeThrough } from '../../common/data-scope.js';
import type { Diagnostic } from '../diagnostics.js';
import type { PathSegment, SourceFile } from '../load/source-file.js';
import type { RawEntity, RawScope } from './spec-types.js';

const NEEDS = { merchant: 'bank', store: 'merchant', branch: undefined, bank: undefined, group: undefined } as const;

export function checkScope(
  scope: RawScope, source: SourceFile, diagnostics: Diagnostic[],
  checkField: (name: string, path: PathSegment[], what: string) => void,
  fields: RawEntity['fields'] = {},
): void {
  for (const dimension of SCOPE_DIMENSIONS) {
    const field = scope[dimension];
    if (field === undefined) continue;
    if (typeof field === 'string') checkField(field, ['scope', dimension], 'Scope field');
    else {
      const path = ['scope', dimension, 'through'];
      checkField(field.through, path, 'Scope reference field');
      const raw = fieldOf(fields, field.through);
      if (raw && raw.type !== 'reference') {
        diagnostics.push({ ...source.positionOf(path), message: `scope.${dimension}.through must name a reference field: '${field.through}' is a ${raw.type}, so it points at no row that carries the ${dimension}.` });
      }
    }
    const wider = NEEDS[dimension];
    if (wider && scope[wider] === undefined) {
      diagnostics.push({
        ...source.positionOf(['scope', dimension]),
        message: `scope.${dimension} needs scope.${wider}: bank users are restricted by their banks, so without it they would see every ${dimension === 'store' ? 'store' : 'merchant'}'s rows.`,
      });
    }
  }
}

/** The dimensions the row carries, and those it takes through a reference (the referenced entity from the field). */
export function splitScope(scope: RawScope, fields: RawEntity['fields']): { scope: ScopeMap; through: Partial<Record<ScopeDimension, ScopeThrough>> } {
  const own: ScopeMap = {};
  const through: Partial<Record<ScopeDimension, ScopeThrough>> = {};
  for (const dimension of SCOPE_DIMENSIONS) {
    const value = scope[dimension];
    if (typeof value === 'string') own[dimension] = value;
    else if (value) through[dimension] = { field: value.through, entity: fieldOf(fields, value.through)?.entity ?? '' };
  }
  return { scope: own, through };
}

/** The raw field of that name, if the entity has it. */
function fieldOf(fields: RawEntity['fields'], name: string): RawEntity['fields'][string] | undefined {
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}
