/**
 * Notifica: who created it and when are the server's to fill (seed 000 §3). On update they are read back
 * from the stored row, so a client can neither set them on create nor change them later.
 */
import type { EntityHooks } from '../hooks.js';

export const notificaHooks: EntityHooks = {
  async beforeSave({ trx, row, caller }) {
    const stored: { creato_da: string | null; creato_il: string | Date | null } | undefined =
      await trx('notifica').where('id', String(row.id)).first('creato_da', 'creato_il');
    if (!stored) {
      row.creatoDa = caller?.username ?? null;
      row.creatoIl = new Date().toISOString();
      return;
    }
    row.creatoDa = stored.creato_da;
    row.creatoIl = stored.creato_il === null ? null : new Date(stored.creato_il).toISOString();
  },
};
