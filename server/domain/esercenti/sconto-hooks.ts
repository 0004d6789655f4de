/**
 * ScontoImmediato (spec/esercenti/sconto-immediato.yaml): what seed 001 §5 asks of a store's immediate or Ventis City
 * discount that the spec cannot say, since it reads every terminal of the store and their models:
 * - "all installed terminals and new models must be compatible" (the model's flgScontoImmediato) and "not from
 *   warehouse" (a terminal taken from the bank's stock, desProvenienza BC), with §8's two messages;
 * - §8 "Immediate discounts with open technical actions: warning listing terminals, contact the provider": a store
 *   whose terminals have an open maintenance ticket (TicketManutenzione, its stato in the group `aperti`: the technical
 *   intervention of the provider on that terminal, an installation, replacement or repair) is refused, naming each
 *   terminal and its intervention: the discount is configured on the terminals, which the provider is working on;
 * - "Must not be below category minimum" (the store's merchant category, scontoMinimo);
 * Checked on a request and on every change of an active discount, in the save's transaction; a deactivated one is
 * history and is not checked again. A store that is not the row's merchant's, bank's and branch's is left to the
 * entity's check (its message), so nothing of another merchant's store is read out here.
 */
import { textOf } from '../../../common/text.js';
import { ApiError } from '../../http/api-error.js';
import { entityByName } from '../../../common/model.js';
import type { RuntimeModel } from '../../artifacts.js';
import type { EntityHooks, SaveContext } from '../hooks.js';

// Seed 001 §8, verbatim; the seed's "..." is the list of the store's terminals that are not compatible.
const incompatibleTerminals = (list: string) =>
  `Attenzione: i seguenti terminali non sono compatibili: ${list}. Per richiedere il servizio tutti i modelli presenti nel negozio devono essere compatibili.`;
const FROM_WAREHOUSE = 'Attenzione: è necessario che i modelli richiesti non siano a magazzino.';
// Ours, to confirm: the seed quotes no message for these. Seed 001 §8 says what the first tells: the terminals, and
// that the provider is to be contacted.
const openInterventions = (list: string) =>
  `Attenzione: sui seguenti terminali sono in corso interventi tecnici: ${list}. Per richiedere il servizio contattare il fornitore dei terminali.`;
const belowCategory = (minimum: string) => `Lo sconto non può essere inferiore al minimo della categoria merceologica del negozio (${minimum}%)`;

const percent = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });
const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

export const scontoImmediatoHooks: EntityHooks = {
  async beforeSave({ read, model, caller, row }) {
    if (!caller || row.stato !== 'A') return; // demo rows; a deactivated discount
    const store = (await read('Negozio').listAll(undefined, { pdvid: row.pdvid })).at(0);
    if (!store || store.codEser !== row.codEser || store.abi !== row.abi || store.cab !== row.cab) return;


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
    const open = await openInterventionsOf(read, model, terminals.map((t) => textOf(t.posid)));
    if (open.length > 0) throw new ApiError('VALIDATION_ERROR', [{ field: 'pdvid', message: openInterventions(open.join(', ')) }]);

    const category = isSet(store.abcid) ? (await read('CategoriaMerceologica').listAll(undefined, { abcid: store.abcid })).at(0) : undefined;
    if (!category || !isSet(category.scontoMinimo)) return;
    const minimum = Number(category.scontoMinimo);
    const below = ['scontoMin', 'scontoCoupon'].filter((field) => isSet(row[field]) && Number(row[field]) < minimum);
    if (below.length > 0) throw new ApiError('VALIDATION_ERROR', below.map((field) => ({ field, message: belowCategory(percent.format(minimum)) })));
  },
};

/**
 * The store's terminals with an open technical intervention, each once with what the provider is doing on it
 * (`30480001 (Sostituzione POS)`): the maintenance tickets of the terminal whose state is one of the spec's `aperti`.
 */
async function openInterventionsOf(read: SaveContext['read'], model: RuntimeModel, posids: string[]): Promise<string[]> {
  const aperti = new Set(entityByName(model, 'TicketManutenzione').fields.find((f) => f.name === 'stato')?.groups?.aperti ?? []);
  const open: string[] = [];
  for (const posid of posids) {
    const tickets = (await read('TicketManutenzione').listAll(undefined, { termId: posid })).filter((t) => aperti.has(textOf(t.stato)));
    const kinds = [...new Set(tickets.map((t) => textOf(t.tipoDesc)).filter((k) => k !== ''))].sort((a, b) => a.localeCompare(b));
    if (tickets.length > 0) open.push(kinds.length > 0 ? `${posid} (${kinds.join(', ')})` : posid);
  }
  return open;
}
