/**
 * The bindings' `dataScope` (common/data-scope.ts): what restricts each kind of caller. Checked against
 * the entities' scopes so a kind that would see nothing anywhere, or a value bound to the wrong
 * dimension, fails `npm run gen` at its line instead of hiding every row at run time.
 */
import { CALLER_KINDS, type DataScopeBindings, type ScopeDimension, type ScopeValue } from '../../common/data-scope.js';
import type { EntityModel } from '../../common/model.js';
import type { Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';

/** The dimensions each caller value makes sense on: a merchant code restricts a merchant field, not a bank. */
const FITS: Record<ScopeValue, readonly ScopeDimension[]> = {
  groupTree: ['bank', 'group'],
  ownBranch: ['branch'],
  ownGroup: ['group'],
  ownBank: ['bank'],
  ownMerchant: ['merchant'],
  assignedStores: ['store'],
};

export function buildDataScope(raw: DataScopeBindings, entities: EntityModel[], source: SourceFile, diagnostics: Diagnostic[]): DataScopeBindings {
  for (const kind of CALLER_KINDS) {
    const { all, needs, restrict = {} } = raw[kind];
    const at = (...path: string[]) => source.positionOf(['bindings', 'dataScope', kind, ...path]);
    if (all && (needs || Object.keys(restrict).length)) diagnostics.push({ ...at('all'), message: `dataScope.${kind}: 'all' sees every row; leave out needs and restrict.` });
    for (const [dimension, value] of Object.entries(restrict)) {
      if (!FITS[value].some((d) => d === dimension)) {
        diagnostics.push({ ...at('restrict', dimension), message: `dataScope.${kind}: ${value} restricts ${FITS[value].join(' or ')}, not ${dimension}.` });
      }
    }
    if (needs && entities.length && !entities.some((e) => needs.some((d) => e.scope[d] !== undefined))) {
      diagnostics.push({ ...at('needs'), message: `dataScope.${kind}: no entity has a ${needs.join(' or ')} dimension, so this kind of caller would see no row at all.` });
    }
  }
  return raw;
}
