/**
 * ScontoImmediato (spec/esercenti/sconto-immediato.yaml): what seed 001 §5 asks of a store's immediate or Ventis City
 * discount that the spec cannot say, since it reads every terminal of the store and their models:
 * - "all installed terminals and new models must be compatible" (the model's flgScontoImmediato) and "not from
 *   warehouse" (a terminal taken from the bank's stock, desProvenienza BC), with §8's two messages;
 * - "Must not be below category minimum" (the store's merchant category, scontoMinimo);
 * - one active discount per store and service: a new request while one is active is refused (ours).
 * Checked on a request and on every change of an active discount, in the save's transaction; a deactivated one is
 * history and is not checked again. A store that is not the row's merchant's, bank's and branch's is left to the
 * entity's check (its message), so nothing of another merchant's store is read out here.
 */
import { textOf } from '../../../common/text.js';
import { ApiError } from '../../http/api-error.js';
import type { EntityHooks } from '../hooks.js';

// Seed 001 §8, verbatim; the seed's "..." is the list of the store's terminals that are not compatible.
const incompatibleTerminals = (list: string) =>
  `Attenzione: i seguenti terminali non sono compatibili: ${list}. Per richiedere il servizio tutti i modelli presenti nel negozio devono essere compatibili.`;
const FROM_WAREHOUSE = 'Attenzione: è necessario che i modelli richiesti non siano a magazzino.';
// Ours, to confirm: the seed quotes no message for these.
const belowCategory = (minimum: string) => `Lo sconto non può essere inferiore al minimo della categoria merceologica del negozio (${minimum}%)`;
const ALREADY_ACTIVE = 'Per questo negozio il servizio è già attivo: modificare lo sconto attivo o disattivarlo prima di una nuova richiesta';

const percent = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });
const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

export const scontoImmediatoHooks: EntityHooks = {
  async beforeSave({ read, caller, row }) {
    if (!caller || row.stato !== 'A') return; // demo rows; a deactivated discount
    const store = (await read('Negozio').listAll(undefined, { pdvid: row.pdvid })).at(0);
    if (!store || store.codEser !== row.codEser || store.abi !== row.abi || store.cab !== row.cab) return;

    const active = await read('ScontoImmediato').listAll(undefined, { pdvid: row.pdvid, tipo: row.tipo, stato: 'A' });
    if (active.some((other) => other.idSconto !== row.idSconto)) throw new ApiError('VALIDATION_ERROR', [{ field: 'tipo', message: ALREADY_ACTIVE }]);

    // The store's terminals in service (a disabled one takes no payments), in order, with their models.
    const terminals = (await read('Terminale').listAll(undefined, { pdvid: row.pdvid }))
      .filter((t) => t.enable !== false)
      .sort((a, b) => textOf(a.posid).localeCompare(textOf(b.posid)));
    const models = new Map<string, boolean>();
    for (const code of new Set(terminals.map((t) => textOf(t.codModpos)))) {
      const model = (await read('PosGenerico').listAll(undefined, { codModpos: code })).at(0);
      models.set(code, model?.flgScontoImmediato === true);
    }
    const incompatible = terminals.filter((t) => !models.get(textOf(t.codModpos)));
    if (incompatible.length > 0) {
      throw new ApiError('VALIDATION_ERROR', [{ field: 'pdvid', message: incompatibleTerminals(incompatible.map((t) => textOf(t.posid)).join(', ')) }]);
    }
    if (terminals.some((t) => t.desProvenienza === 'BC')) throw new ApiError('VALIDATION_ERROR', [{ field: 'pdvid', message: FROM_WAREHOUSE }]);

    const category = isSet(store.abcid) ? (await read('CategoriaMerceologica').listAll(undefined, { abcid: store.abcid })).at(0) : undefined;
    if (!category || !isSet(category.scontoMinimo)) return;
    const minimum = Number(category.scontoMinimo);
    const below = ['scontoMin', 'scontoCoupon'].filter((field) => isSet(row[field]) && Number(row[field]) < minimum);
    if (below.length > 0) throw new ApiError('VALIDATION_ERROR', below.map((field) => ({ field, message: belowCategory(percent.format(minimum)) })));
  },
};
