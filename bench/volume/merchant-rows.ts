/**
 * Synthetic merchants, stores and terminals for the volume fixture (./fixture.ts), row by row from their index
 * alone, so slices of a million rows are built without holding them: company names an Italian register would
 * hold ("Pizzeria Esposito S.r.l.": 40 activities x 120 surnames x 6 forms, each name about twenty times over a
 * million), valid partita IVA numbers (check digit), and a terminal's MID and contract number unique to it.
 * The merchant search of the merchants suite (bench/suites/merchants.ts) searches these values back.
 */
export const ACTIVITIES = [
  'Bar', 'Pizzeria', 'Ristorante', 'Trattoria', 'Farmacia', 'Ferramenta', 'Panificio', 'Pasticceria', 'Macelleria', 'Gelateria',
  'Tabaccheria', 'Edicola', 'Profumeria', 'Ottica', 'Libreria', 'Cartoleria', 'Gioielleria', 'Calzature', 'Abbigliamento', 'Fioreria',
  'Enoteca', 'Salumeria', 'Pescheria', 'Frutteria', 'Lavanderia', 'Parrucchieria', 'Autofficina', 'Elettrodomestici', 'Mobilificio', 'Merceria',
  'Osteria', 'Caffetteria', 'Drogheria', 'Erboristeria', 'Bottega', 'Agenzia Viaggi', 'Hotel', 'Albergo', 'Agriturismo', 'Supermercato',
];
export const SURNAMES = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca',
  'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara',
  'Galli', 'Martini', 'Leone', 'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti',
  'Parisi', 'Villa', 'Conte', 'Ferraro', 'Ferri', 'Fabbri', 'Bianco', 'Marini', 'Grasso', 'Valentini', 'Messina', 'Sala', 'De Angelis', 'Gatti',
  'Pellegrini', 'Palumbo', 'Sanna', 'Farina', 'Rizzi', 'Monti', 'Cattaneo', 'Morelli', 'Amato', 'Silvestri', 'Mazza', 'Testa', 'Grassi',
  'Pellegrino', 'Carbone', 'Giuliani', 'Benedetti', 'Barone', 'Rossetti', 'Caputo', 'Montanari', 'Guerra', 'Palmieri', 'Bernardi', 'Martino',
  'Fiore', 'De Rosa', 'Ferretti', 'Bellini', 'Basile', 'Riva', 'Donati', 'Piras', 'Vitali', 'Battaglia', 'Sartori', 'Neri', 'Costantini',
  'Milani', 'Pagano', 'Ruggiero', 'Sorrentino', "D'Amico", 'Orlando', 'Damico', 'Negri', 'Fumagalli', 'Brambilla', 'Cattani', 'Zanetti',
  'Bassi', 'Pozzi', 'Valsecchi', 'Colombi', 'Bonfanti', 'Locatelli', 'Ghezzi', 'Mauri', 'Redaelli', 'Crippa', 'Perego', 'Sironi',
];
const FORMS = [' S.r.l.', ' S.n.c.', ' S.a.s.', ' & C.', ' di Famiglia', ''];
const PROVINCES = [['Milano', 'MI'], ['Monza', 'MB'], ['Bergamo', 'BG'], ['Brescia', 'BS'], ['Como', 'CO'], ['Torino', 'TO'], ['Roma', 'RM'], ['Napoli', 'NA']];
/** Seed 001 §1 merchant types, one in five not a plain POS merchant. */
const TYPES = ['PW', 'PWM', 'MO', 'SP', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI', 'FI'];

/** Synthetic merchants' codes start here (7 digits), stores' pdvid at STORE_FROM, terminals' posid at TERMINAL_FROM (8 digits, above the demo's terminals: those of bank 50340 start with 5034, of 60855 with 6085). */
const MERCHANT_FROM = 2_000_000;
const STORE_FROM = 10_000_000;
const TERMINAL_FROM = 70_000_000;

export const merchantCode = (i: number) => String(MERCHANT_FROM + i);
const companyName = (i: number) => `${ACTIVITIES[i % ACTIVITIES.length]} ${SURNAMES[Math.floor(i / ACTIVITIES.length) % SURNAMES.length]}${FORMS[Math.floor(i / (ACTIVITIES.length * SURNAMES.length)) % FORMS.length]}`;

/** A store's sign: its merchant's activity and surname, numbered from its second store ("Bar Rossi 2"). */
export const shopSign = (i: number, s: number) => `${ACTIVITIES[i % ACTIVITIES.length]} ${SURNAMES[Math.floor(i / ACTIVITIES.length) % SURNAMES.length]}${s ? ` ${s + 1}` : ''}`;

/** The Italian VAT number check digit (Luhn-like: every second digit doubled, nines cast out). */
function withCheckDigit(ten: string): string {
  let sum = 0;
  for (let k = 0; k < 10; k++) {
    const d = Number(ten[k]);
    sum += k % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return `${ten}${(10 - (sum % 10)) % 10}`;
}
/** The merchant's partita IVA (office 015, Milan) and its numeric codice fiscale (office 017): unique per merchant. */
export const vatNumber = (i: number) => withCheckDigit(`${String(i).padStart(7, '0')}015`);
export const taxCode = (i: number) => withCheckDigit(`${String(i).padStart(7, '0')}017`);

export const storeId = (merchant: number, s: number, perMerchant: number) => String(STORE_FROM + merchant * perMerchant + s);
export const terminalIndex = (merchant: number, s: number, t: number, shape: { storesPerMerchant: number; terminalsPerStore: number }) =>
  (merchant * shape.storesPerMerchant + s) * shape.terminalsPerStore + t;
export const terminalId = (n: number) => String(TERMINAL_FROM + n);
export const terminalMid = (n: number) => `MID${String(n).padStart(9, '0')}`;
export const contractNumber = (n: number) => String(30_000_000_000 + n);

export function merchantRow(i: number, abi: string) {
  return {
    cod_abi: abi, cod_eser: merchantCode(i), cab: '00000', ds: companyName(i), tipo: TYPES[i % TYPES.length], stato: 'E',
    tipo_soggetto_eser: '1', piva_eser: vatNumber(i), cod_fiscale_eser: taxCode(i), cod_paese: '086', enable: true,
  };
}

export function storeRow(pdvid: string, merchant: string, abi: string, insegna: string, i: number) {
  const [city, province] = PROVINCES[i % PROVINCES.length];
  return {
    pdvid, cod_eser: merchant, abi, cab: '01600', insegna, addr: `Via Mazzini ${(i % 150) + 1}`, localita: city, provincia: province,
    cap: '20100', tipo_soggetto: '2', p_iva: '01234560124', abcid: '5812', des_attivita_commerciale: 'Bar e ristoranti', enable: true,
  };
}

/** A terminal of a store; `n` numbers it among all synthetic terminals (its posid, MID and contract number). */
export function terminalRow(n: number, pdvid: string, merchant: string, abi: string) {
  return {
    posid: terminalId(n), pdvid, cod_eser: merchant, abi, cod_modpos: n % 3 ? 'G01' : 'G02', tipo_conn: n % 2 ? 'I' : 'G', tipo_modpos: 'F',
    des_provenienza: 'NB', enable: true, num_contratto: contractNumber(n), mid: terminalMid(n),
  };
}
