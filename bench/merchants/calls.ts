/**
 * The calls the merchants suite measures (bench/suites/merchants.ts): the merchant search (seed 001 §7, 40 a
 * page) by each of its filters alone, and the three requests that open a merchant's record with 30 stores
 * (the merchant, its first page of ten stores, the open store's terminals). Each request of a series asks for
 * another merchant, so no answer comes from a cache: request k of a caller reads the k-th value of its pool.
 * The company name and the type cannot be searched alone (requireOneFilter, seed 001 §5): they go with the bank.
 */
import { BENCH_MERCHANT, VOLUME, type MerchantShape } from '../volume/fixture.js';
import { ACTIVITIES, SURNAMES, contractNumber, merchantCode, taxCode, terminalId, terminalIndex, terminalMid, vatNumber } from '../volume/merchant-rows.js';

export type Caller = 'bank' | 'assistance';
export interface Call { id: string; label: string; path: (k: number) => string }

/** The merchants suite's data: two stores a merchant, two terminals a store, one merchant in 50 at bank 30480. */
export const MERCHANTS_SHAPE: MerchantShape = { storesPerMerchant: 2, terminalsPerStore: 2, benchBankEvery: 50 };

/** The k-th merchant a caller searches for: one of bank 30480's for the bank caller, any for assistance. */
function merchantOf(caller: Caller, k: number): number {
  const spread = (k * 7919 + 13) % VOLUME.merchants;
  if (caller === 'assistance') return spread;
  const every = MERCHANTS_SHAPE.benchBankEvery;
  return Math.floor(spread / every) * every;
}
const terminalOf = (caller: Caller, k: number) => terminalIndex(merchantOf(caller, k), k % MERCHANTS_SHAPE.storesPerMerchant, k % MERCHANTS_SHAPE.terminalsPerStore, MERCHANTS_SHAPE);
const bank = BENCH_MERCHANT.bank;
/** "Pizzeria Esp": an activity and the start of a surname, as a name is typed from its beginning. */
const prefix = (k: number) => `${ACTIVITIES[k % ACTIVITIES.length]} ${SURNAMES[(k * 7) % SURNAMES.length].slice(0, 3)}`;
/** "sposit": inside the name, neither its first nor its last letters. */
const infix = (k: number) => { const s = SURNAMES[(k * 11) % SURNAMES.length].replace(/\W/g, ''); return s.slice(1, Math.max(4, s.length - 1)); };
const search = (query: string) => `esercenti?page=0&size=40&${query}`;
const q = encodeURIComponent;

export function searchCalls(caller: Caller): Call[] {
  return [
    { id: 'bank', label: `bank (codAbi=${bank})`, path: () => search(`codAbi=${bank}`) },
    { id: 'vat', label: 'VAT number (pIvaEser)', path: (k) => search(`pIvaEser=${vatNumber(merchantOf(caller, k))}`) },
    { id: 'taxCode', label: 'tax code (codFiscaleEser)', path: (k) => search(`codFiscaleEser=${taxCode(merchantOf(caller, k))}`) },
    { id: 'code', label: 'merchant code (codEser)', path: (k) => search(`codEser=${merchantCode(merchantOf(caller, k))}`) },
    { id: 'posId', label: 'terminal id (posId)', path: (k) => search(`posId=${terminalId(terminalOf(caller, k))}`) },
    { id: 'mid', label: 'MID (mid)', path: (k) => search(`mid=${terminalMid(terminalOf(caller, k))}`) },
    { id: 'contract', label: 'contract number (numContratto)', path: (k) => search(`numContratto=${contractNumber(terminalOf(caller, k))}`) },
    { id: 'namePrefix', label: `company name, start ("${prefix(0)}") + bank`, path: (k) => search(`codAbi=${bank}&ds=${q(prefix(k))}`) },
    { id: 'nameInfix', label: `company name, inside ("${infix(0)}") + bank`, path: (k) => search(`codAbi=${bank}&ds=${q(infix(k))}`) },
    // A few letters most names hold (Pizzeria, Trattoria, Profumeria...): the index finds half the merchants.
    { id: 'nameCommon', label: 'company name, common letters ("eria") + bank', path: () => search(`codAbi=${bank}&ds=eria`) },
    { id: 'type', label: 'type (tipo=PW) + bank', path: () => search(`codAbi=${bank}&tipo=PW`) },
  ];
}

/** Opening merchant 0001234's record (30 stores): the calls its page makes, as the UI asks them (useRelatedPage). */
export function recordCalls(): Call[] {
  const code = BENCH_MERCHANT.code;
  // Its stores beyond the demo's three: the fixture added them with the shape's terminals.
  const store = (k: number) => String(BENCH_MERCHANT.firstStore + 100 + (k % (VOLUME.benchMerchantStores - 3)));
  return [
    { id: 'recordGet', label: `record: merchant (GET esercenti/${code})`, path: () => `esercenti/${code}` },
    { id: 'recordStores', label: 'record: stores, a page of 10 of 30', path: (k) => `esercenti/${code}/negozi?page=${k % 3}&size=10` },
    { id: 'recordTerminals', label: 'record: the open store\'s terminals', path: (k) => `esercenti/${code}/negozi/${store(k)}/terminali?page=0&size=20` },
  ];
}
