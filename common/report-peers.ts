/**
 * A report's comparison with its peers (docs/spec-language.md#peer-comparison; seed 002 §2 "sector comparison with
 * charts", §3 "Statistics parameters" annoMeseDa, annoMeseA, catMerc, provincia, regione): the caller's own figures
 * next to the average of the other units (merchants) whose rows share a trait with the caller's (the stores'
 * merchant category), month by month, by weekday, by time slot. Pure rules the server and the page share.
 */
import { addMonths } from './search-period.js';

export interface ReportPeers {
  /** The entity's field whose values are the units averaged (a merchant): the caller's own are never peers. */
  unit: string;
  /** A reference of the entity: its row carries the trait the peers share and the narrowing fields (a store). */
  through: string;
  /** The entity `through` references and its key field. */
  throughEntity: string;
  throughKey: string;
  /** The shared trait: a field of the referenced row, asked by `param`, one of the caller's own values. */
  same: { param: string; field: string; label: string; labelField?: string };
  /** Optional narrowings to one of the caller's own values of a field of the referenced row (a province, a region). */
  narrow: { param: string; field: string; label: string; by?: 'regione' }[];
  /** The fewest other units a figure may average: fewer, and no figure is shown (nor any one unit revealed). */
  minimum: number;
  /** The report's dimensions read side by side (a month one, a weekday one, a slot one). */
  dimensions: string[];
  messages: { tooFew: string; notOwn: string; noUnit: string; required: string; order: string; tooLong: string };
}

/** The query parameters of the month range (seed 002 §3). */
export const PEERS_FROM_PARAM = 'annoMeseDa';
export const PEERS_TO_PARAM = 'annoMeseA';
/** Where `tooFew` names the minimum. */
export const MINIMUM_PLACEHOLDER = '{minimo}';

const MONTH = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

/** The last `months` concluded months before `today` (yyyy-mm-dd): the page's default range (seed 002 §9 "one year back"). */
export function defaultPeerMonths(today: string, months: number): { from: string; to: string } {
  const to = addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  return { from: addMonths(`${to}-01`, -(months - 1)).slice(0, 7), to };
}

/** How many calendar months from `from` to `to` (yyyy-mm), both included. */
export function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
}

/**
 * The range asked (absent: the default one), as its first and last day; or the parameter refused and why. A month
 * not yet begun is refused as too late; at most `maxMonths` months.
 */
export function peerPeriod(
  peers: Pick<ReportPeers, 'messages'>, maxMonths: number, query: Record<string, unknown>, today: string,
): { from: string; to: string; firstDay: string; lastDay: string } | { refusal: { param: string; message: string } } {
  const asked = [query[PEERS_FROM_PARAM], query[PEERS_TO_PARAM]].map((v) => (typeof v === 'string' ? v.trim() : ''));
  const [from, to] = asked[0] === '' && asked[1] === '' ? Object.values(defaultPeerMonths(today, maxMonths)) : asked;
  if (!MONTH.test(from)) return { refusal: { param: PEERS_FROM_PARAM, message: peers.messages.required } };
  if (!MONTH.test(to)) return { refusal: { param: PEERS_TO_PARAM, message: peers.messages.required } };
  if (from > to) return { refusal: { param: PEERS_FROM_PARAM, message: peers.messages.order } };
  if (to > today.slice(0, 7)) return { refusal: { param: PEERS_TO_PARAM, message: peers.messages.order } };
  if (monthsBetween(from, to) > maxMonths) return { refusal: { param: PEERS_FROM_PARAM, message: peers.messages.tooLong } };
  return { from, to, firstDay: `${from}-01`, lastDay: lastDayOf(to) };
}

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
