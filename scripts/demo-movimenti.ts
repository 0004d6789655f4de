/**
 * Writes spec/demo/49-movimenti.yaml: the demo card movements (seed 002 §3 Transaction) over the demo terminals,
 * from a fixed seed, so the file is the same on every run and a reviewer reads a diff, not a dice roll; and
 * spec/demo/49-movimenti-settore.yaml, the movements of the bars the sector comparison averages, from a seed of
 * their own. `npx tsx scripts/demo-movimenti.ts` rewrites both; `--check` says whether the committed files are current
 * (tests/scripts/demo-movimenti.test.ts runs it). The movement itself (amount, circuit, outcome) comes from
 * demoMovement, which bench/ reuses for its millions of rows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Document, isMap, isSeq } from 'yaml';

/** A demo terminal with the store, merchant, bank and branch it belongs to (spec/demo/46-negozi.yaml, 47-terminali.yaml). */
export interface DemoTerminal { posid: string; pdvid: string; codEser: string; abi: string; cab: string; insegna: string; kind: 'bar' | 'shop' | 'online' | 'hotel' | 'market'; /** A phone taking payments (SoftPOS, provenienza SP). */ softpos?: boolean }

export const DEMO_TERMINALS: readonly DemoTerminal[] = [
  { posid: '30480001', pdvid: '1001', codEser: '0001234', abi: '30480', cab: '01600', insegna: 'Bar Centrale', kind: 'bar' },
  { posid: '30480002', pdvid: '1001', codEser: '0001234', abi: '30480', cab: '01600', insegna: 'Bar Centrale', kind: 'bar' },
  { posid: '30480003', pdvid: '1002', codEser: '0001234', abi: '30480', cab: '01600', insegna: 'Bar Centrale Stazione', kind: 'bar' },
  { posid: '30480004', pdvid: '1003', codEser: '0001234', abi: '30480', cab: '01601', insegna: 'Bar Centrale Monza', kind: 'bar' },
  { posid: '30480101', pdvid: '2001', codEser: '0002345', abi: '30480', cab: '01601', insegna: 'Ferramenta Verdi', kind: 'shop' },
  { posid: '30480401', pdvid: '4001', codEser: '0004567', abi: '30480', cab: '01600', insegna: 'Libreria Online', kind: 'online' },
  { posid: '34256001', pdvid: '3001', codEser: '0003456', abi: '34256', cab: '01800', insegna: 'Hotel Dolomiti', kind: 'hotel' },
  { posid: '30480501', pdvid: '5001', codEser: '0005678', abi: '30480', cab: '01600', insegna: 'Supermercato Lombardi Milano Torino', kind: 'market' },
  { posid: '30480502', pdvid: '5001', codEser: '0005678', abi: '30480', cab: '01600', insegna: 'Supermercato Lombardi Milano Torino', kind: 'market' },
  { posid: '30480511', pdvid: '5011', codEser: '0005678', abi: '30480', cab: '01600', insegna: 'Supermercato Lombardi Cremona', kind: 'market' },
  { posid: '30480512', pdvid: '5011', codEser: '0005678', abi: '30480', cab: '01600', insegna: 'Supermercato Lombardi Cremona', kind: 'market' },
  { posid: '30480521', pdvid: '5012', codEser: '0005678', abi: '30480', cab: '01600', insegna: 'Supermercato Lombardi Lecco', kind: 'market' },
];

/** mulberry32: a small seeded generator; the same seed gives the same movements on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, weighted: readonly (readonly [T, number])[]): T => {
  let r = random() * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of weighted) if ((r -= w) < 0) return value;
  return weighted[weighted.length - 1][0];
};

/** Circuit codes of spec/movimenti/transazione.yaml with a plausible share; online stores take no PagoBancomat. */
const CIRCUITS: readonly (readonly [string, number])[] = [['00', 35], ['01', 25], ['02', 22], ['03', 8], ['04', 5], ['05', 1], ['06', 2], ['07', 2]];
const ONLINE_CIRCUITS: readonly (readonly [string, number])[] = [['01', 50], ['02', 40], ['04', 8], ['06', 2]];
/** A BIN per circuit and how many digits the masked middle has (Amex and Diners cards are shorter). */
const CARDS: Record<string, { bin: string; hidden: number }> = {
  '00': { bin: '600001', hidden: 6 }, '01': { bin: '453212', hidden: 6 }, '02': { bin: '552233', hidden: 6 }, '03': { bin: '675912', hidden: 6 },
  '04': { bin: '374245', hidden: 5 }, '05': { bin: '353011', hidden: 6 }, '06': { bin: '621483', hidden: 6 }, '07': { bin: '305693', hidden: 4 },
};
/**
 * The card company that settles a circuit (seed 002 §3 Card company: codCompagnia, descCompagnia, codCircuito), and
 * the company 90 that the turnover leaves out (seed 002 §9): a tenth of the movements, those at a second ending in 0,
 * so the demo shows the exclusion without drawing another random number (the other fields stay as they were).
 */
const COMPANIES: Record<string, string> = { '00': '10', '01': '20', '02': '21', '03': '22', '04': '30', '05': '40', '06': '50', '07': '60' };
const EXCLUDED_COMPANY = '90';
/** Amount range in cents by kind of store. */
const AMOUNTS: Record<DemoTerminal['kind'], [number, number]> = { bar: [120, 3500], shop: [450, 32000], online: [990, 8900], hotel: [8000, 95000], market: [350, 26000] };

export interface DemoMovement {
  id: string; codAbi: string; cab: string; codEserc: string; codStab: string; codPos: string;
  dataOperazione: string; oraOperazione: string; importo: number; codCircuito: string; codCompagnia: string; provenienza: string; debitoCredito: string;
  paybymail: boolean; commElettronico: boolean; pan: string; paeseCarta: string; codAutorizzazione?: string; acerDescrizione: string; esito: string;
  flagStorno: boolean; flagPreautorizzazione: boolean; flagOpPreautorizzata: boolean; stornoRichiesto: boolean; stornato: boolean;
  preautAzione?: string; preautConfermata: boolean; flgScontrino: string; scontrino?: string;
  tipoSconto?: string; importoSconto?: number;
}

/**
 * Debit or credit (seed 002 §3 flagDebitoCredito), read off the card without drawing a random number (the other fields
 * stay as they were): PagoBancomat and Maestro debit, American Express and Diners credit, the others by the card.
 */
function debitOrCredit(circuit: string, pan: string): string {
  if (circuit === '00' || circuit === '03') return 'D';
  if (circuit === '04' || circuit === '07') return 'C';
  return Number(pan.slice(-1)) % 2 === 0 ? 'C' : 'D';
}

/**
 * The card's issuing country (Transazione.paeseCarta; the in-tour report of seed 002 §2), read off the card without
 * drawing a random number (the other fields stay as they were): PagoBancomat cards are Italian, UnionPay Chinese, JCB
 * Japanese; of the others a share by the card's last digits is foreign, a larger one at the hotel and the online shop,
 * where tourists pay.
 */
const FOREIGN_COUNTRIES = ['DE', 'FR', 'GB', 'US', 'CH', 'AT', 'ES', 'NL'];
function countryOf(circuit: string, pan: string, kind: DemoTerminal['kind']): string {
  if (circuit === '00') return 'IT';
  if (circuit === '06') return 'CN';
  if (circuit === '05') return 'JP';
  const n = Number(pan.slice(-4));
  const foreignShare = kind === 'hotel' || kind === 'online' ? 5 : 2;
  return n % 10 < foreignShare ? FOREIGN_COUNTRIES[Math.floor(n / 10) % FOREIGN_COUNTRIES.length] : 'IT';
}

const two = (n: number) => String(n).padStart(2, '0');
const euro = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** One movement of terminal `t` on `date` (YYYY-MM-DD); its id is unique per terminal and second. */
export function demoMovement(random: Random, t: DemoTerminal, date: string): DemoMovement {
  const online = t.kind === 'online';
  const hour = online ? Math.floor(random() * 24) : t.kind === 'hotel' ? 7 + Math.floor(random() * 15) : 7 + Math.floor(random() * 14);
  const time = `${two(hour)}:${two(Math.floor(random() * 60))}:${two(Math.floor(random() * 60))}`;
  const circuit = pick(random, online ? ONLINE_CIRCUITS : CIRCUITS);
  const [min, max] = AMOUNTS[t.kind];
  const cents = min + Math.floor(random() * (max - min));
  const card = CARDS[circuit];
  const pan = `${card.bin}${'*'.repeat(card.hidden)}${String(Math.floor(random() * 10000)).padStart(4, '0')}`;
  // Seed 002 §4: refused, approved, refunds and their requests; pre-authorisations at the hotel with their actions.
  const esito = random() < 0.06 ? '00' : '01';
  const approved = esito === '01';
  const preauth = approved && t.kind === 'hotel' && random() < 0.45;
  const preautAzione = preauth ? pick(random, [[undefined, 40], ['NOT', 45], ['STO', 15]] as const) : undefined;
  const flagStorno = approved && !preauth && random() < 0.025;
  const refundRoll = approved && !preauth && !flagStorno ? random() : 1;
  const stornato = refundRoll < 0.02 || (preautAzione === 'STO' && random() < 0.5);
  const stornoRichiesto = stornato || refundRoll < 0.035;
  const paybymail = online && random() < 0.4;
  // A terminal that is a phone (SoftPOS) takes every payment on it; no draw, so the other movements stay as they were.
  const provenienza = online ? 'PW' : t.softpos ? 'SP' : t.kind === 'hotel' && random() < 0.1 ? 'MO' : 'FI';
  const authCode = approved ? Math.floor(random() * 36 ** 6).toString(36).toUpperCase().padStart(6, '0') : undefined;
  const flgScontrino = !approved || online ? 'N' : random() < 0.15 ? 'F' : 'P';
  const [y, m, d] = date.split('-');
  const receipt = flgScontrino === 'N' ? undefined : [
    t.insegna.toUpperCase(), `TERMINALE ${t.posid}`, `${d}/${m}/${y} ${time.slice(0, 5)}`,
    flagStorno ? 'STORNO' : preauth ? 'PREAUTORIZZAZIONE' : 'ACQUISTO', `CARTA ${pan}`, `IMPORTO EUR ${euro(cents)}`,
    `AUT. ${authCode ?? ''}`, 'TRANSAZIONE ESEGUITA',
  ].join('\n');
  return {
    id: `${date.replaceAll('-', '')}${time.replaceAll(':', '')}${t.posid}`,
    codAbi: t.abi, cab: t.cab, codEserc: t.codEser, codStab: t.pdvid, codPos: t.posid,
    dataOperazione: date, oraOperazione: time, importo: cents / 100, codCircuito: circuit, codCompagnia: time.endsWith('0') ? EXCLUDED_COMPANY : COMPANIES[circuit], provenienza,
    debitoCredito: debitOrCredit(circuit, pan),
    paybymail, commElettronico: online, pan, paeseCarta: countryOf(circuit, pan, t.kind), ...(authCode ? { codAutorizzazione: authCode } : {}),
    acerDescrizione: `${t.insegna} - ${online ? 'pagamento online' : 'POS'}`.slice(0, 100), esito,
    flagStorno, flagPreautorizzazione: preauth, flagOpPreautorizzata: preauth && preautAzione === 'NOT', stornoRichiesto, stornato,
    ...(preautAzione ? { preautAzione } : {}), preautConfermata: preautAzione !== undefined && random() < 0.6,
    flgScontrino, ...(receipt ? { scontrino: receipt } : {}),
  };
}

/**
 * The demo stores' discounts (spec/demo/47-sconti-immediati.yaml): from their start, each approved sale of the store
 * (not a refund, not a pre-authorisation) carries the service and the discount granted, the percentage of its amount
 * rounded to the cent. Derived from the movement, without drawing a random number (the other fields stay as they were).
 */
const DISCOUNTS: Partial<Record<string, { tipo: 'SI' | 'VC'; percent: number }>> = {
  '1002': { tipo: 'VC', percent: 10 }, '5001': { tipo: 'SI', percent: 5 }, '5011': { tipo: 'SI', percent: 15 },
};
const DISCOUNTS_FROM = '2026-09-01';

function withDiscount(m: DemoMovement): DemoMovement {
  const discount = DISCOUNTS[m.codStab];
  if (!discount || m.dataOperazione < DISCOUNTS_FROM || m.esito !== '01' || m.flagStorno || m.flagPreautorizzazione) return m;
  return { ...m, tipoSconto: discount.tipo, importoSconto: Math.round((Math.round(m.importo * 100) * discount.percent) / 100) / 100 };
}

/** How likely a terminal takes a movement on a day: the hotel and the online shop often enough to show pre-authorisations and pay-by-mail. */
const PER_DAY: Record<DemoTerminal['kind'], number> = { market: 0.18, bar: 0.08, shop: 0.06, online: 0.15, hotel: 0.2 };

/** Days from `first` to `last` included, as YYYY-MM-DD. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${first}T00:00:00Z`); d.toISOString().slice(0, 10) <= last; d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
  return out;
}

/**
 * The demo's movements: six months up to 25 November 2026 (searches of one to three months find rows), one or
 * two a day, busier on the supermarkets' terminals, in date order.
 */
function mainMovements(): DemoMovement[] {
  const random = seededRandom(20261126);
  const ids = new Set<string>();
  const rows: DemoMovement[] = [];
  for (const date of daysBetween('2026-05-26', '2026-11-25')) {
    for (const t of DEMO_TERMINALS) {
      const perDay = PER_DAY[t.kind];
      if (random() >= perDay) continue;
      const row = demoMovement(random, t, date);
      if (ids.has(row.id)) continue;
      ids.add(row.id);
      rows.push(withDiscount(row));
    }
  }
  return rows;
}

/**
 * The bars and restaurants (merchant category 5812, as Bar Centrale's stores) that the sector comparison of the
 * business portal averages (spec/statistiche/confronto-settore.yaml; spec/demo/45-esercenti-settore.yaml):
 * Caffetteria Aurora and Trattoria da Gino in Milan, Pizzeria Bella Napoli in Bergamo, Bar Torinese in Turin.
 */
const SECTOR_TERMINALS: readonly (DemoTerminal & { perDay: number })[] = [
  { posid: '99990001', pdvid: '7001', codEser: '0007001', abi: '99999', cab: '01600', insegna: 'Caffetteria Aurora', kind: 'bar', perDay: 0.5 },
  { posid: '30480801', pdvid: '8001', codEser: '0008001', abi: '30480', cab: '01600', insegna: 'Trattoria da Gino', kind: 'bar', perDay: 0.6 },
  { posid: '30480802', pdvid: '8002', codEser: '0008002', abi: '30480', cab: '01601', insegna: 'Pizzeria Bella Napoli', kind: 'bar', perDay: 0.7, softpos: true },
  { posid: '34256803', pdvid: '8003', codEser: '0008003', abi: '34256', cab: '01800', insegna: 'Bar Torinese', kind: 'bar', perDay: 0.5 },
];

/** The sector's movements: the same six months, on every weekday and at every hour a bar keeps. */
function sectorMovements(): DemoMovement[] {
  const random = seededRandom(20261127);
  const ids = new Set<string>();
  const rows: DemoMovement[] = [];
  for (const date of daysBetween('2026-05-26', '2026-11-25')) {
    for (const t of SECTOR_TERMINALS) {
      if (random() >= t.perDay) continue;
      const row = demoMovement(random, t, date);
      if (ids.has(row.id)) continue;
      ids.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

/** Every demo movement, of both files: what the database holds once the demo is loaded. */
export function demoMovements(): DemoMovement[] {
  return [...mainMovements(), ...sectorMovements()];
}

const FILES = [
  {
    target: fileURLToPath(new URL('../spec/demo/49-movimenti.yaml', import.meta.url)), rows: mainMovements,
    about: '# Demo card movements (seed 002 §3 Transaction) over the demo terminals, six months up to 25/11/2026.',
  },
  {
    target: fileURLToPath(new URL('../spec/demo/49-movimenti-settore.yaml', import.meta.url)), rows: sectorMovements,
    about: '# Movements of the bars and restaurants the sector comparison averages (45-esercenti-settore.yaml), six months up to 25/11/2026.',
  },
];

export function demoFileText(file = FILES[0]): string {
  const header = [
    '# yaml-language-server: $schema=../../generator/schema/demo.schema.json',
    file.about,
    '# Written by scripts/demo-movimenti.ts from a fixed seed: do not edit, run `npx tsx scripts/demo-movimenti.ts`.',
    '',
  ].join('\n');
  // A flag left out is false (the fields' default): the file says only what a movement has.
  const rows = file.rows().map((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== false)));
  const doc = new Document({ demo: 'Transazione', order: 49, rows });
  // One movement a line, as the other demo files write their rows.
  const seq = doc.get('rows');
  if (isSeq(seq)) for (const row of seq.items) if (isMap(row)) row.flow = true;
  return header + doc.toString({ lineWidth: 100_000, doubleQuotedAsJSON: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of FILES) {
    const text = demoFileText(file);
    const name = file.target.slice(file.target.indexOf('spec/demo/'));
    if (process.argv.includes('--check')) {
      if (readFileSync(file.target, 'utf8') !== text) {
        console.error(`${name} is not what scripts/demo-movimenti.ts writes: run npx tsx scripts/demo-movimenti.ts`);
        process.exit(1);
      }
    } else {
      writeFileSync(file.target, text);
      console.log(`${name}: ${file.rows().length} movements`);
    }
  }
}
