/**
 * Notifica: who created it and when are the server's to fill (seed 000 §3). On update they are read back
 * from the stored row, so a client can neither set them on create nor change them later.
 */
import { Repository } from '../../crud/repository.js';
import type { EntityHooks } from '../hooks.js';

export const notificaHooks: EntityHooks = {
  async beforeSave({ trx, entity, row, caller }) {
    const stored = await new Repository(entity).find(trx, { id: row.id });
    if (!stored) {
      row.creatoDa = caller?.username ?? null;
      row.creatoIl = new Date().toISOString();
      return;
    }
    row.creatoDa = stored.creatoDa ?? null;
    row.creatoIl = stored.creatoIl ?? null;
  },
};
