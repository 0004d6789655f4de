/**
 * The benchmark's reference: what a careful engineer would write by hand for the branches (Filiale)
 * API, without the generated layer. Same routes, same database and tables, same authorization
 * (./auth.ts), same input checks and Italian messages for these fields, same response bodies and
 * ETag header, the same audit record of a create (table storico_modifica, in the insert's transaction).
 * The database is opened with server/db/connect.ts so both servers run the same driver and pragmas.
 */
import { createHash, randomBytes } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { configFromEnv } from '../../server/config.js';
import { connect } from '../../server/db/connect.js';
import { isRecord } from '../../server/records.js';
import { authenticate, holds, inScope, restrictToScope, type Caller } from './auth.js';
import { textOf } from '../../common/text.js';

interface Field { column: string; required?: boolean; maxLength?: number; pattern?: { regex: RegExp; message: string }; search?: 'exact' | 'wildcard' }
const DIGITS5 = /^[0-9]{5}$/;
const FIELDS: Record<string, Field> = {
  codAbi: { column: 'cod_abi', required: true, pattern: { regex: DIGITS5, message: 'Il campo  deve essere di 5 cifre' }, search: 'exact' },
  cab: { column: 'cab', required: true, pattern: { regex: DIGITS5, message: 'Campo numerico' }, search: 'exact' },
  nome: { column: 'nome', required: true, maxLength: 100, search: 'wildcard' },
  indirizzo: { column: 'indirizzo', maxLength: 200 },
  localita: { column: 'localita', maxLength: 100, search: 'wildcard' },
  cap: { column: 'cap', pattern: { regex: DIGITS5, message: 'Campo numerico' } },
  provincia: { column: 'provincia', pattern: { regex: /^[A-Z]{2}$/, message: 'Sigla di provincia inesistente: indicare la sigla di 2 lettere maiuscole (es. MI)' }, search: 'exact' },
  telefono: { column: 'telefono', maxLength: 30 },
  fax: { column: 'fax', maxLength: 30 },
  mail: { column: 'mail', maxLength: 100, pattern: { regex: /^[^@\s]+@[^@\s]+\.[^@\s]+$/, message: 'Indirizzo e-mail non valido' } },
};
const NAMES = Object.keys(FIELDS);
/** FIELDS looked up by a name a request sends, which may be none of them. */
const SENT: Partial<typeof FIELDS> = FIELDS;
const SELECT = NAMES.map((name) => `${FIELDS[name].column} as ${name}`);
const ERRORS = {
  VALIDATION_ERROR: [400, 'Dati non validi'],
  UNAUTHENTICATED: [401, 'Si è verificato un errore di autenticazione. Contattare il servizio assistenza'],
  FORBIDDEN: [403, 'Operazione non consentita'],
  NOT_FOUND: [404, 'Elemento non trovato'],
  DUPLICATE_KEY: [409, "Elemento già presente"],
  INTERNAL_ERROR: [500, 'Errore durante la chiamata al server - contattare il supporto'],
} as const;
type Detail = { field: string; message: string };

class HttpError extends Error {
  constructor(readonly code: keyof typeof ERRORS, readonly details: Detail[] = []) { super(code); }
}

/** The row's version for If-Match: a hash of its JSON (the select and the create list fields in one order). */
const etag = (row: object) => `"${createHash('sha256').update(JSON.stringify(row)).digest('base64url').slice(0, 27)}"`;
let auditSequence = 0;

const config = configFromEnv();
const db = connect(config);

/** 401 without a live session, 403 without the grant; the caller is kept for the scope checks. */
const guard = (permission: string) => async (req: Request, res: Response, next: NextFunction) => {
  const token = req.header('X-AuthToken');
  const caller = token ? await authenticate(db, token) : undefined;
  if (!caller) throw new HttpError('UNAUTHENTICATED');
  if (!holds(caller, permission)) throw new HttpError('FORBIDDEN');
  res.locals.caller = caller;
  next();
};

function checkValue(name: string, value: unknown, details: Detail[]): void {
  const f = FIELDS[name];
  if (value === undefined || value === null || value === '') {
    if (f.required) details.push({ field: name, message: "Questo campo e' obbligatorio" });
  } else if (typeof value !== 'string') details.push({ field: name, message: 'Valore non valido' });
  else if (f.maxLength && value.length > f.maxLength) details.push({ field: name, message: "Il valore è troppo lungo" });
  else if (f.pattern && !f.pattern.regex.test(value)) details.push({ field: name, message: f.pattern.message });
}

/** page, size and sort of a list of `fields` (whose searchable ones may also filter), refused with 400 otherwise. */
function listParams(query: Record<string, unknown>, fields: Partial<Record<string, Field>> = SENT, defaultSort = 'codAbi') {
  const details: Detail[] = [];
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = query[name];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) details.push({ field: name, message: 'Campo numerico' });
    return n;
  };
  for (const key of Object.keys(query)) {
    if (!['page', 'size', 'sort'].includes(key) && !fields[key]?.search) details.push({ field: key, message: 'Campo non previsto' });
    else if (typeof query[key] !== 'string' || query[key].length > 200) details.push({ field: key, message: 'Valore non valido' });
  }
  const page = int('page', 0, 0, Number.MAX_SAFE_INTEGER);
  const size = int('size', 30, 1, 200);
  const [sortField, direction = 'asc'] = textOf(query.sort ?? defaultSort).split(',');
  const sorted = fields[sortField];
  if (!sorted || !['asc', 'desc'].includes(direction)) details.push({ field: 'sort', message: 'Formato non valido' });
  if (details.length || !sorted) throw new HttpError('VALIDATION_ERROR', details);
  return { page, size, sort: sorted.column, direction };
}

/**
 * The bank of each row by name, as the product answers it (`_labels`, docs/spec-language.md#references):
 * one query for the whole page.
 */
async function withBankLabels<T extends { codAbi?: unknown }>(rows: T[]): Promise<(T & { _labels?: { codAbi: string } })[]> {
  const codes = [...new Set(rows.map((r) => r.codAbi).filter((c): c is string => typeof c === 'string'))];
  if (!codes.length) return rows;
  const banks = await db('banca').whereIn('cod_abi', codes).select<{ cod_abi: string; nome_bcc: string | null }[]>('cod_abi', 'nome_bcc');
  const names = new Map(banks.map((b) => [b.cod_abi, [b.cod_abi, b.nome_bcc].filter(Boolean).join(' - ')]));
  return rows.map((r) => {
    const label = typeof r.codAbi === 'string' ? names.get(r.codAbi) : undefined;
    return label ? { ...r, _labels: { codAbi: label } } : r;
  });
}

function restrict(qb: ReturnType<typeof db>, caller: Caller) {
  restrictToScope(qb, 'cod_abi', caller);
  if (caller.cab) qb.where('cab', caller.cab);
  return qb;
}

const api = express.Router();
api.use(express.json({ limit: '1mb' }));

api.get('/filiali', guard('ANAG_BANCHE:VISUALIZZAZIONE'), async (req, res) => {
  const { page, size, sort, direction } = listParams(req.query);
  const filtered = () => {
    const caller: Caller = res.locals.caller;
    const qb = restrict(db('filiale'), caller);
    for (const name of NAMES) {
      // listParams refused any parameter that is not a string.
      const value = req.query[name];
      if (typeof value !== 'string' || value === '') continue;
      if (FIELDS[name].search === 'wildcard') qb.whereRaw(`LOWER(??) LIKE ? ESCAPE '\\'`, [FIELDS[name].column, `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
      else qb.where(FIELDS[name].column, value);
    }
    return qb;
  };
  const [{ count }] = await filtered().count<{ count: number | string }[]>({ count: '*' });
  const page_ = filtered().select(SELECT);
  // Rows without a value last in either direction, then the key: pages never overlap.
  for (const column of new Set([sort, 'cod_abi', 'cab'])) page_.orderByRaw(`?? ${column === sort && direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`, [column]);
  const results = await page_.limit(size).offset(page * size);
  res.json({ results: await withBankLabels(results), totalCount: Number(count) });
});

api.get('/filiali/:codAbi/:cab', guard('ANAG_BANCHE:VISUALIZZAZIONE'), async (req, res) => {
  // Named path parameters (not wildcards) are one string each.
  const codAbi = String(req.params.codAbi);
  const cab = String(req.params.cab);
  const details: Detail[] = [];
  checkValue('codAbi', codAbi, details);
  checkValue('cab', cab, details);
  if (details.length) throw new HttpError('VALIDATION_ERROR', details);
  const caller: Caller = res.locals.caller;
  // Another bank's branch is answered as missing: not even its existence leaks.
  if ((caller.cab && caller.cab !== cab) || !(await inScope(db, caller, codAbi))) throw new HttpError('NOT_FOUND');
  const row = await db('filiale').where({ cod_abi: codAbi, cab }).first(SELECT);
  if (!row) throw new HttpError('NOT_FOUND');
  const [labelled] = await withBankLabels([row]);
  res.set('ETag', etag(row)).json(labelled);
});

api.post('/filiali', guard('ANAG_BANCHE:CREAZIONE'), async (req, res) => {
  const body: unknown = req.body ?? {};
  if (!isRecord(body)) throw new HttpError('VALIDATION_ERROR', [{ field: 'body', message: 'Valore non valido' }]);
  const details: Detail[] = Object.keys(body).filter((k) => !SENT[k]).map((field) => ({ field, message: 'Campo non previsto' }));
  for (const name of NAMES) checkValue(name, body[name], details);
  if (details.length) throw new HttpError('VALIDATION_ERROR', details);
  const caller: Caller = res.locals.caller;
  // checkValue has refused a value that is not text, and a missing codAbi.
  if ((caller.cab && caller.cab !== body.cab) || !(await inScope(db, caller, String(body.codAbi)))) throw new HttpError('FORBIDDEN');
  const row = Object.fromEntries(NAMES.map((name) => { const value = body[name]; return [name, typeof value === 'string' ? value : null]; }));
  try {
    // The branch and its audit record (who created what, when) are written together or not at all.
    await db.transaction(async (trx) => {
      await trx('filiale').insert(Object.fromEntries(NAMES.map((name) => [FIELDS[name].column, row[name]])));
      await trx('storico_modifica').insert({
        id: `${String(Date.now()).padStart(15, '0')}-${String(++auditSequence % 1e6).padStart(6, '0')}-${randomBytes(6).toString('hex')}`,
        changed_at: new Date().toISOString(), username: caller.username, entity: 'Filiale', entity_key: `${row.codAbi}/${row.cab}`,
        operation: 'create', transition: null, scope_bank: row.codAbi, scope_branch: row.cab, before: null, after: JSON.stringify(row),
      });
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/UNIQUE constraint failed|duplicate key value/.test(message)) throw new HttpError('DUPLICATE_KEY');
    if (/FOREIGN KEY constraint failed|violates foreign key constraint/.test(message)) throw new HttpError('VALIDATION_ERROR', [{ field: 'codAbi', message: 'Banca inesistente' }]);
    throw error;
  }
  const [labelled] = await withBankLabels([row]);
  res.status(201).set('ETag', etag(row)).json(labelled);
});

/**
 * Stores (Negozio), read as a merchant reads its own (issue 19's merchant caller): the merchant's rows only
 * (its bank and its merchant code, two equalities), anyone else's by the bank scope and cab; with the labels
 * of the merchant, the bank and the municipality, one query each for the whole page.
 */
const STORE_COLUMNS: Record<string, string> = {
  pdvid: 'pdvid', codEser: 'cod_eser', abi: 'abi', cab: 'cab', insegna: 'insegna', addr: 'addr', numeroCivico: 'numero_civico',
  localita: 'localita', comune: 'comune', cap: 'cap', provincia: 'provincia', tipoSoggetto: 'tipo_soggetto', pIva: 'p_iva',
  codFiscale: 'cod_fiscale', iban: 'iban', intestatarioCC: 'intestatario_cc', email: 'email', telefono: 'telefono',
  telefonoCellulare: 'telefono_cellulare', referente: 'referente', abcid: 'abcid', desAttivitaCommerciale: 'des_attivita_commerciale', enable: 'enable',
  fax: 'fax', note: 'note', nIscCcia: 'n_isc_ccia', nIscTrib: 'n_isc_trib', apertura: 'apertura', chiusura: 'chiusura', dalleOre: 'dalle_ore',
  alleOre: 'alle_ore', riga1: 'riga1', riga2: 'riga2', testata: 'testata', cortesia: 'cortesia', rsc1: 'rsc1', rsc2: 'rsc2', tsc: 'tsc', csc: 'csc',
  dataApertura: 'data_apertura',
};
/** The push bank's stores are saved by push users only (spec/esercenti/negozio.yaml `editable`). */
const PUSH_BANK = '99999';
/** What the caller may do with a store, as the product answers it in `_actions`: update where it may save it. */
const storeActions = (row: Record<string, unknown>, caller: Caller): string[] =>
  holds(caller, 'GES_NEG:AGGIORNAMENTO') && (row.abi !== PUSH_BANK || caller.groupType === 'P') ? ['update'] : [];
const STORE_FIELDS: Partial<Record<string, Field>> = Object.fromEntries(Object.entries(STORE_COLUMNS).map(([name, column]) => [name, { column }]));
const STORE_SELECT = Object.entries(STORE_COLUMNS).map(([name, column]) => `${column} as ${name}`);

function restrictStores(qb: ReturnType<typeof db>, caller: Caller) {
  const { scope } = caller;
  if (scope !== 'all' && scope.merchant && scope.bank) return qb.where({ abi: scope.bank, cod_eser: scope.merchant });
  restrictToScope(qb, 'abi', caller);
  if (caller.cab) qb.where('cab', caller.cab);
  return qb;
}

/** "code - name" of each referenced row, by the codes a page holds. */
async function labelsOf(table: string, key: string, columns: string[], codes: unknown[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.filter((c): c is string => typeof c === 'string'))];
  if (!wanted.length) return new Map();
  const rows: Record<string, unknown>[] = await db(table).whereIn(key, wanted).select([key, ...columns]);
  return new Map(rows.map((r) => [textOf(r[key]), [key, ...columns].map((c) => r[c]).filter((v) => v !== null && v !== undefined && v !== '').map(textOf).join(' - ')]));
}

/** A merchant's banks are outside its scope: the product names them only for bank-side callers, and so does this. */
async function withStoreLabels(rows: Record<string, unknown>[], caller: Caller): Promise<Record<string, unknown>[]> {
  const merchantCaller = caller.scope !== 'all' && Boolean(caller.scope.merchant);
  const [merchants, banks, towns] = await Promise.all([
    labelsOf('esercente', 'cod_eser', ['ds'], rows.map((r) => r.codEser)),
    merchantCaller ? Promise.resolve(new Map<string, string>()) : labelsOf('banca', 'cod_abi', ['nome_bcc'], rows.map((r) => r.abi)),
    labelsOf('comune', 'id_comune', ['comune', 'provincia'], rows.map((r) => r.comune)),
  ]);
  return rows.map((r) => {
    const labels = Object.fromEntries(([['codEser', merchants], ['abi', banks], ['comune', towns]] as const)
      .map(([field, names]) => [field, typeof r[field] === 'string' ? names.get(r[field]) : undefined])
      .filter(([, label]) => label !== undefined));
    return { ...r, enable: r.enable === null ? null : r.enable === true || r.enable === 1, _actions: storeActions(r, caller), ...(Object.keys(labels).length ? { _labels: labels } : {}) };
  });
}

api.get('/negozi', guard('GES_NEG:VISUALIZZAZIONE'), async (req, res) => {
  const { page, size, sort, direction } = listParams(req.query, STORE_FIELDS, 'pdvid');
  const caller: Caller = res.locals.caller;
  const [{ count }] = await restrictStores(db('negozio'), caller).count<{ count: number | string }[]>({ count: '*' });
  const page_ = restrictStores(db('negozio'), caller).select(STORE_SELECT);
  for (const column of new Set([sort, 'pdvid'])) page_.orderByRaw(`?? ${column === sort && direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`, [column]);
  const results: Record<string, unknown>[] = await page_.limit(size).offset(page * size);
  res.json({ results: await withStoreLabels(results, caller), totalCount: Number(count) });
});

api.get('/negozi/:pdvid', guard('GES_NEG:VISUALIZZAZIONE'), async (req, res) => {
  const pdvid = String(req.params.pdvid);
  if (!/^[0-9]{1,10}$/.test(pdvid)) throw new HttpError('VALIDATION_ERROR', [{ field: 'pdvid', message: 'Campo numerico' }]);
  const caller: Caller = res.locals.caller;
  // Not the caller's store: answered as missing, as any row out of scope.
  const row: Record<string, unknown> | undefined = await restrictStores(db('negozio'), caller).where('pdvid', pdvid).first(STORE_SELECT);
  if (!row) throw new HttpError('NOT_FOUND');
  const [labelled] = await withStoreLabels([row], caller);
  res.set('ETag', etag(row)).json(labelled);
});

api.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
  const known = error instanceof HttpError ? error
    : isRecord(error) && error.type === 'entity.parse.failed' ? new HttpError('VALIDATION_ERROR', [{ field: 'body', message: 'Valore non valido' }])
      : undefined;
  if (!known) console.error(`${req.method} ${req.originalUrl} failed:`, error);
  const e = known ?? new HttpError('INTERNAL_ERROR');
  const [status, errorMessage] = ERRORS[e.code];
  res.status(status).json({ errorMessage, code: e.code, details: e.details });
});

const app = express();
app.disable('x-powered-by');
// As the product (server/app.ts): no weak ETag over whole answers; rows carry their own version.
app.set('etag', false);
app.use('/webpos/api/v1', api);
const server = app.listen(config.port, config.host, () => console.log(`baseline listening on http://${config.host}:${config.port}/`));
const shutdown = () => server.close(() => void db.destroy().then(() => process.exit(0)));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
