/**
 * Promozione: the associated banks are a list of every bank's codes, but a caller whose data scope is not
 * every bank (a bank user granted ASS_BO) may move in and out only banks of their own scope; the others'
 * associations stay as they are. The form offers exactly those (the banks list is scoped), so this only
 * refuses a request built by hand. Assistance (scope 'all') is unrestricted.
 */
import { entityByName } from '../../../common/model.js';
import { Repository } from '../../crud/repository.js';
import { ApiError } from '../../http/api-error.js';
import { named } from '../../lookup.js';
import { expectRecords } from '../../records.js';
import { inScope } from '../auth/caller.js';
import type { EntityHooks } from '../hooks.js';

const CHILD = 'bancheAssociate';

export const promozioneHooks: EntityHooks = {
  async beforeSave({ trx, model, entity, caller, row, body }) {
    const sent = body[CHILD];
    if (!caller || caller.scope === 'all' || !Array.isArray(sent)) return;
    const items = expectRecords(sent, `${entity.name}.${CHILD}`);
    const child = named(entity.children, CHILD, `${entity.name} children`);
    const link = Object.fromEntries(Object.entries(child.link).map(([childField, parentField]) => [childField, row[parentField]]));
    const stored = await new Repository(entityByName(model, child.entity)).findWhere(trx, link);
    const before = new Set(stored.map((r) => String(r.codAbi)));
    const after = new Set(items.map((i) => String(i.codAbi)));
    const moved = [...before].filter((k) => !after.has(k)).concat([...after].filter((k) => !before.has(k)));
    if (moved.some((k) => !inScope(caller, k))) throw new ApiError('FORBIDDEN');
  },
};
