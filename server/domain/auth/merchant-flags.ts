/**
 * Functions that depend on the caller's merchant (functions.yaml `requiresMerchantFlag`, Model.merchantFlags):
 * a merchant caller whose own merchant's row (bindings.yaml `merchantEntity`) has the flag off holds no grant of
 * the function, so its menu, its pages and every operation behind it answer as to anyone without the grant.
 * Bank and assistance callers are not affected. The flags of each merchant are kept (KeptPerVersion) until the
 * merchants' table is written: one read by key per merchant and write, never per request (request-cost.test.ts).
 */
import type { Knex } from 'knex';
import { entityByName, type Model } from '../../../common/model.js';
import type { Caller } from './caller.js';
import { KeptPerVersion } from './kept-per-version.js';

/** The caller as the merchant's flags allow: itself when nothing is withheld. */
export type MerchantGate = (db: Knex, caller: Caller) => Promise<Caller>;

export function merchantGate(model: Pick<Model, 'entities' | 'bindings' | 'merchantFlags'>): MerchantGate {
  const flags = model.merchantFlags;
  const name = model.bindings?.merchantEntity;
  if (!flags || !name) return (_db, caller) => Promise.resolve(caller);
  const entity = entityByName(model, name);
  const columnOf = (field: string | undefined) => {
    const found = entity.fields.find((f) => f.name === field);
    if (!found) throw new Error(`merchantEntity ${name}: no field ${String(field)} (run npm run gen)`);
    return found.column;
  };
  const bank = columnOf(entity.scope.bank);
  const code = columnOf(entity.scope.merchant);
  const gated = Object.entries(flags).map(([fn, field]) => ({ fn, column: columnOf(field) }));
  const kept = new KeptPerVersion<readonly string[]>([entity.table], 30_000, 5000);
  return async (db, caller) => {
    if (caller.kind !== 'merchant' || !caller.merchant) return caller;
    const own = caller.merchant;
    const withheld = await kept.get(db, `${own.bank}\u0000${own.code}`, async () => {
      const row: Record<string, unknown> | undefined = await db(entity.table).where(bank, own.bank).where(code, own.code).first(gated.map((g) => g.column));
      // No row of its merchant: nothing is switched on.
      return Object.freeze(gated.filter((g) => !truthy(row?.[g.column])).map((g) => g.fn));
    });
    return withheld.length ? withholding(caller, withheld) : caller;
  };
}

/** The caller without any grant of `functions`, a wildcard one included (holds() checks `withheld`). */
function withholding(caller: Caller, functions: readonly string[]): Caller {
  return { ...caller, grants: grantsWithout(caller.grants, functions), withheld: functions };
}

/**
 * The grants left, one array per kept grants and kept withheld list (both live until their tables are written):
 * holds() indexes a grants array once, so a new array on every request would index it again on every request.
 */
const remaining = new WeakMap<readonly string[], WeakMap<readonly string[], string[]>>();
function grantsWithout(grants: string[], functions: readonly string[]): string[] {
  let byWithheld = remaining.get(grants);
  if (byWithheld === undefined) remaining.set(grants, (byWithheld = new WeakMap()));
  let left = byWithheld.get(functions);
  if (left === undefined) {
    left = grants.filter((g) => !functions.includes(g.split(':')[0]));
    byWithheld.set(functions, left);
  }
  return left;
}

function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}
