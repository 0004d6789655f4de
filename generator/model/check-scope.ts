/**
 * An entity's data-scope dimensions (common/data-scope.ts): each names a field of the entity, and the
 * narrower dimensions come with the wider ones they sit in. A merchant or store dimension without a bank
 * would leave those rows open to every bank user, since bank users are restricted by bank only.
 */
import { SCOPE_DIMENSIONS, type ScopeMap } from '../../common/data-scope.js';
import type { Diagnostic } from '../diagnostics.js';
import type { PathSegment, SourceFile } from '../load/source-file.js';

const NEEDS = { merchant: 'bank', store: 'merchant', branch: undefined, bank: undefined, group: undefined } as const;

export function checkScope(
  scope: ScopeMap, source: SourceFile, diagnostics: Diagnostic[],
  checkField: (name: string, path: PathSegment[], what: string) => void,
): void {
  for (const dimension of SCOPE_DIMENSIONS) {
    const field = scope[dimension];
    if (field === undefined) continue;
    checkField(field, ['scope', dimension], 'Scope field');
    const wider = NEEDS[dimension];
    if (wider && scope[wider] === undefined) {
      diagnostics.push({
        ...source.positionOf(['scope', dimension]),
        message: `scope.${dimension} needs scope.${wider}: bank users are restricted by their banks, so without it they would see every ${dimension === 'store' ? 'store' : 'merchant'}'s rows.`,
      });
    }
  }
}
