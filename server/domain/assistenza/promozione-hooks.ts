/**
 * Promozione: the associated banks are a list of every bank's codes, but a caller whose data scope is not
 * every bank (a bank user granted ASS_BO) may move in and out only banks of their own scope; the others'
 * associations stay as they are. The form offers exactly those (the banks list is scoped), so this only
 * refuses a request built by hand. Assistance (scope 'all') is unrestricted.
 */
import { ApiError } from '../../http/api-error.js';
import { inScope } from '../auth/caller.js';
import type { EntityHooks } from '../hooks.js';

const CHILD = 'bancheAssociate';

export const promozioneHooks: EntityHooks = {
  async beforeSave({ trx, caller, row, body }) {
    const items = body[CHILD] as { codAbi?: unknown }[] | undefined;
    if (!caller || caller.scope === 'all' || !Array.isArray(items)) return;
    const stored = await trx('promozione_banca').where({ config_id: row.configId }).select({ codAbi: 'cod_abi' });
    const before = new Set(stored.map((r: { codAbi: unknown }) => String(r.codAbi)));
    const after = new Set(items.map((i) => String(i.codAbi)));
    const moved = [...before].filter((k) => !after.has(k)).concat([...after].filter((k) => !before.has(k)));
    if (moved.some((k) => !inScope(caller, k))) throw new ApiError('FORBIDDEN');
  },
};
