/**
 * ContrattoCompagnia (seed 002 §3, §5 "a terminal id of 8 characters triggers lookup of sign, address and VAT
 * number"): a new contract copies, from its terminal, the store's sign, address and branch and the merchant's name
 * and VAT number. They are copied rather than joined because a contract is a document: it keeps what was printed
 * when the store later changes. The spec's `lookup` has already refused a terminal of another bank; the branch
 * copied here is what a branch user's data scope reads.
 */
import { entityByName } from '../../../common/model.js';
import { Repository } from '../../crud/repository.js';
import type { Row } from '../../crud/row-mapping.js';
import type { EntityHooks } from '../hooks.js';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** "Via Roma 5, 20121 Milano (MI)", leaving out the parts the store lacks. */
function addressOf(store: Row): string | null {
  const street = [text(store.addr), text(store.numeroCivico)].filter(Boolean).join(' ');
  const town = [text(store.cap), text(store.localita)].filter(Boolean).join(' ');
  const province = text(store.provincia);
  const parts = [street, province ? `${town} (${province})` : town].filter((p) => p !== '');
  return parts.length ? parts.join(', ') : null;
}

export const contrattoHooks: EntityHooks = {
  async beforeSave({ trx, model, entity, row, caller }) {
    // Only a contract added by a user: what was copied when it was added stays; demo rows say their own.
    if (!caller || await new Repository(entity).find(trx, { id: row.id })) return;
    const terminal = await new Repository(entityByName(model, 'Terminale')).find(trx, { posid: row.termid });
    if (!terminal) return;
    const store = await new Repository(entityByName(model, 'Negozio')).find(trx, { pdvid: terminal.pdvid });
    const merchant = await new Repository(entityByName(model, 'Esercente')).find(trx, { codEser: terminal.codEser });
    row.cab = store?.cab ?? merchant?.cab ?? null;
    row.insegnaPdv = store?.insegna ?? null;
    row.indirizzoPdv = store ? addressOf(store) : null;
    row.descEserc = merchant?.ds ?? null;
    row.partitaIvaEserc = merchant?.pivaEser ?? merchant?.codFiscaleEser ?? store?.pIva ?? null;
  },
};
