/**
 * The permission matrix, generated from generated/openapi.json (issue 3 "Done means"): for EVERY
 * operation (paths x methods) it reads x-access and x-permission and calls it
 *   - with no token                                  -> 401 UNAUTHENTICATED (unless public)
 *   - with a revoked, an expired and an idle token   -> 401 UNAUTHENTICATED
 *   - as users lacking the function                  -> 403 FORBIDDEN (agente.push and a user holding every other function)
 *   - as a user with the function but not the action -> 403 FORBIDDEN (throwaway role with every other action); where
 *     the operation takes any of several (x-permissions-any), a role lacking all of them, and a user holding only
 *     one of the others -> 2xx
 *   - with the grant but outside the data scope      -> 404 NOT_FOUND (403 on create), never the other bank's data
 *   - with the right grant and scope                 -> 2xx, and no other bank's data in the answer
 * It fails when an operation declares neither x-access public/authenticated nor an x-permission, and when
 * an operation has no sample request in SAMPLES below (add one when you add an operation).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config.js';
import { present } from '../../server/lookup.js';
import { demoMovements } from '../../scripts/demo-movimenti.js';
import { signAssertion } from '../../scripts/demo-idp/sign.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';
import { API, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/test-app.js';
import { headerOf } from '../support/versions.js';

/** The functions the demo's push agent holds (spec/demo/07-ruoli.yaml AGENTE_PUSH): for the others it lacks the function. */
const PUSH_AGENT_FUNCTIONS = new Set(['ANAG_AGENTI_PUSH', 'CAMBIO_PASSWORD', 'ANAG_ESERCENTE', 'GES_ESER', 'GES_NEG', 'GES_POS']);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface DocOp {
  method: Method; path: string; operationId: string; access?: string; permission?: string; entity?: string; kind?: string; fieldPermissions: string[];
  /** Any one of these lets the caller through: x-permissions-any, else x-permission alone. */
  anyOf: string[];
}
/** What this file reads of an operation of generated/openapi.json. */
interface DocumentOperation {
  operationId: string; 'x-access'?: string; 'x-permission'?: string; 'x-permissions-any'?: string[]; 'x-entity'?: string; 'x-operation'?: string; 'x-field-permissions'?: string[];
}

const DOC: { paths: Record<string, Partial<Record<Method, DocumentOperation>>> } = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'openapi.json'), 'utf8'));
const MODEL: {
  entities: { name: string; scope: { bank?: string; branch?: string } }[];
  functions: Record<string, string>; actions: Record<string, string>;
} = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'model.json'), 'utf8'));
const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

const OPERATIONS: DocOp[] = Object.entries(DOC.paths).flatMap(([path, item]) => METHODS.flatMap((method) => {
  const op = item[method];
  return op ? [{
    method, path, operationId: op.operationId, access: op['x-access'], permission: op['x-permission'], entity: op['x-entity'], kind: op['x-operation'],
    fieldPermissions: op['x-field-permissions'] ?? [],
    anyOf: op['x-permissions-any'] ?? (op['x-permission'] ? [op['x-permission']] : []),
  }] : [];
}));

/**
 * What an operation requires, as the name of its throwaway users: its one permission, or for a list of any-of
 * permissions `anyN`, numbered in the document's order (a list spelled out would outgrow the user name).
 */
const LISTS = [...new Set(OPERATIONS.filter((o) => o.anyOf.length > 1).map((o) => o.anyOf.join('+')))];
const requirementOf = (op: DocOp): string => (op.anyOf.length > 1 ? `any${LISTS.indexOf(op.anyOf.join('+')) + 1}` : present(op.permission, op.operationId));

/** Everything of another bank that must never reach a user of bank 30480. */
const FOREIGN_MARKERS = ['34256', '60855', '08549', '50340', '08327', 'Cassa Rurale Alpina', 'Banca Piemontese', 'Azzoaglio', 'Centro Emilia', 'di Roma', 'MX_ALTRUI', 'mx.altrui', 'scaduto'];

const MSG = {
  UNAUTHENTICATED: 'Si è verificato un errore di autenticazione. Contattare il servizio assistenza',
  FORBIDDEN: 'Operazione non consentita',
  NOT_FOUND: 'Elemento non trovato',
};
const error = (code: keyof typeof MSG) => ({ errorMessage: MSG[code], code, details: [] });

let seq = 0;
const next = () => String(++seq).padStart(2, '0');
let merchantUserSeq = 0;

interface Outside {
  params?: Record<string, string>;
  body?: () => object;
  /**
   * 404 for a row of another bank; 403 for creating one; 'empty' for a list filtered to another bank's group;
   * 'rowsMissing' for a bulk transition on another bank's rows (200, each row NOT_FOUND, none done).
   */
  expect: 404 | 403 | 'empty' | 'rowsMissing';
  /** Checked after the call: the other bank's row is untouched. */
  untouched?: () => Promise<void>;
}
/** The first row key a bulk transition's body names. */
function firstKey(body: object | undefined): unknown {
  return body && 'keys' in body && Array.isArray(body.keys) ? body.keys[0] : undefined;
}

interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: () => object;
  /** Who gets the 2xx: the full-grant user of bank 30480 (default), or assistance when no row of that bank fits. */
  okAs?: 'scoped' | 'assistenza';
  /** Runs before the 2xx call only (e.g. a throwaway row to delete). */
  prepare?: () => Promise<void>;
  /** Runs before the 2xx call; answers the token to use instead of the default user's (logout). */
  freshToken?: () => Promise<string>;
  /** The out-of-scope call; 'unscoped' for operations whose entity has no data scope (global catalogues, the caller's own data). */
  outside: Outside | 'unscoped';
}

let app: TestApp;
const db = () => app.db;

async function addUser(username: string, group: string, roles: string[], extra: Record<string, unknown> = {}) {
  const { password_hash } = await db()('credenziale').where({ username: 'sede.30480' }).first();
  await db()('utente').insert({ username, full_name: `Utente ${username}`, email: `${username}@test.example`, group, locked: false, enabled: true, ...extra });
  for (const role of roles) await db()('utente_ruolo').insert({ username, role_name: role });
  await db()('credenziale').insert({ username, password_hash, password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0 });
}
async function addRole(group: string, role: string, grants: [string, string][]) {
  await db()('ruolo').insert({ group_name: group, role_name: role, description: `Ruolo di prova ${role}` });
  for (const [funzione, azione] of grants) await db()('ruolo_permesso').insert({ group_name: group, role_name: role, funzione, azione });
}
const rowExists = async (table: string, where: Record<string, string>) => expect(await db()(table).where(where).first()).toBeTruthy();

/** A multipart body (one GIF named logo.gif in part `file`): `call` sends it as is instead of JSON. */
const MULTIPART = Symbol('multipart');
const logoUpload = () => {
  const boundary = 'matriceBoundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.gif"\r\nContent-Type: image/gif\r\n\r\n`),
    Buffer.from('GIF89a matrice'), Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { [MULTIPART]: { contentType: `multipart/form-data; boundary=${boundary}`, body } };
};
/** A body made by logoUpload or pdfUpload: only they use MULTIPART, a symbol of this file, as a key. */
const isMultipart = (body: object): body is ReturnType<typeof logoUpload> => MULTIPART in body;
async function uploadLogo(abi: string) {
  const { contentType, body } = logoUpload()[MULTIPART];
  const etag = (await app.request.get(`${API}/banche/${abi}`)).headers.etag;
  expect((await app.request.put(`${API}/banche/${abi}/logo`).set('If-Match', etag).set('Content-Type', contentType).send(body)).status).toBe(200);
}

/** Demo notifications of bank 30480 (spec/demo/20-notifiche.yaml; the second names version 1.0) and one of 34256. */
const NOTIFICA_30480 = '7d0c1f0e-0000-4000-8000-000000000001';
const NOTIFICA_30480_V1 = '7d0c1f0e-0000-4000-8000-000000000002';
const NOTIFICA_ALTRUI = 'mx-notifica-34256';
/** A multipart body (a small PDF in part `file`), for the notification's attachment. */
const pdfUpload = () => {
  const boundary = 'matriceBoundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="allegato.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from('%PDF-1.4 matrice'), Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { [MULTIPART]: { contentType: `multipart/form-data; boundary=${boundary}`, body } };
};
async function uploadAttachment(id: string) {
  const { contentType, body } = pdfUpload()[MULTIPART];
  const etag = (await app.request.get(`${API}/gestionenotifiche/${id}`)).headers.etag;
  expect((await app.request.put(`${API}/gestionenotifiche/${id}/allegato`).set('If-Match', etag).set('Content-Type', contentType).send(body)).status).toBe(200);
}
/** userId receives bank abi's notifications (idempotent). */
async function assign(userId: string, abi: string) {
  if (!(await db()('notifica_utente').where({ user_id: userId, abi }).first())) await db()('notifica_utente').insert({ user_id: userId, abi });
}

/** A request of bank 30480 in the states `states` (columns), for a transition's sample. */
async function addRequest(id: string, states: Record<string, string>) {
  await db()('richiesta').insert({ id_richiesta: id, cod_abi: '30480', tipo_richiesta: 'NC', stato: 'S', stato_pos: '1', data_richiesta: '2026-11-20', ...states });
}
/** 34256's request is as the demo left it. */
const requestUntouched = async () => expect(await db()('richiesta').where({ id_richiesta: 'RQ-0004' }).first()).toMatchObject({ stato: 'S', stato_pos: '6', esito_da: null });
/** A transition of a request: a fresh row of 30480 in its `from` state; RQ-0004 of 34256 is out of scope (404, untouched). */
function requestSample(id: string, states: Record<string, string>, okAs: 'scoped' | 'assistenza' = 'scoped'): Sample {
  return { prepare: () => addRequest(id, states), params: { idRichiesta: id }, okAs, outside: { params: { idRichiesta: 'RQ-0004' }, expect: 404, untouched: requestUntouched } };
}

/** Demo movements (scripts/demo-movimenti.ts) of each bank, and a period the search accepts. */
const MOVIMENTO_30480 = present(demoMovements().find((m) => m.codAbi === '30480'), 'a demo movement of 30480').id;
const MOVIMENTO_34256 = present(demoMovements().find((m) => m.codAbi === '34256'), 'a demo movement of 34256').id;
const MOVIMENTI_PERIODO = { dataOperazioneDa: '2026-10-01', dataOperazioneA: '2026-11-25' };
/** Demo discounts of stores 1002 and 5001 (spec/demo/47-sconti-immediati.yaml) and Hotel Dolomiti's, inserted below. */
const SCONTO_1002 = '5c000000-0000-4000-8000-000000001002';
const SCONTO_5001 = '5c000000-0000-4000-8000-000000005001';
const SCONTO_34256 = '5c000000-0000-4000-8000-000000003001';
/** Demo documents of Bar Centrale (30480, spec/demo/50-*.yaml), and the id of Hotel Dolomiti's (34256) inserted below. */
const FATTURA_30480 = 'f0000000-0000-4000-8000-000000000913';
const CONTRATTO_30480 = 'c0000000-0000-4000-8000-000000001234';
const LETTERA_30480 = '1a000000-0000-4000-8000-000000100109';
const ACQUIRING_30480 = 'ac000000-0000-4000-8000-000000100101';
const ALTRUI_34256 = 'mx-documento-34256';
/** Demo monthly transaction reports of 30480 (spec/demo/55-*.yaml, 56-*.yaml). */
const REPORT_BANCA_30480 = 'b0000000-0000-4000-8000-000000000001';
const REPORT_ESERCENTE_30480 = 'e0000000-0000-4000-8000-000000000001';
const LETTERE_PERIODO = { dataRiferimentoDa: '2026-01-01', dataRiferimentoA: '2026-10-01' };
/** Periods the downloads' month limit (seed 002 §5) allows from 6 November 2026; the circular of the demo. */
const DOWNLOAD_PERIODO = { dataAperturaDa: '2025-11-01', dataAperturaA: '2026-10-31' };
const DOWNLOAD_MESI = { dataRiferimentoDa: '2025-11-01', dataRiferimentoA: '2026-10-31' };
const CIRCOLARE = '3d000000-0000-4000-8000-000000202607';
const GIORNALIERO_PERIODO = { dataOperazioneDa: '2026-11-01', dataOperazioneA: '2026-11-25' };

/** Pay-by-mail (spec/pwmail/): Bar Centrale's demo requests (spec/demo/55-pay-by-mail.yaml), Hotel Dolomiti's inserted below. */
const PWM_ALTRUI = 'mx-pwm-34256';
const pwmAltruiUntouched = async () => expect(await db()('pagamento_mail').where({ tid: PWM_ALTRUI }).first()).toMatchObject({ stato: 'PR', rc: 'IGFS_000', esito_da: null, allegato: null });
const PWM_REQUEST = { codAbi: '30480', codEsercente: '0001234', shopId: '1001', importo: 12.5, tipoInvio: 'LINK', nomeDestinatario: 'Cliente matrice', descrizione: 'Prova matrice' };
/** The demo's first request of Bar Centrale as stored, sent back unchanged (a request's fields are fixed once sent). */
const PWM_STORED = { codAbi: '30480', codEsercente: '0001234', shopId: '1001', importo: 48.5, tipoInvio: 'EMAIL', linguaInvio: 'IT', trType: 'PURCHASE', destinatario: 'giulia.rossi@cliente.example', nomeDestinatario: 'Giulia Rossi', descrizione: 'Rinfresco per 10 persone del 28/11' };
/** A pay-by-mail action: a fresh request of Bar Centrale in state `stato` (rc and booking as the gateway left them). */
function pwmActionSample(tid: string, columns: Record<string, unknown>, body?: () => object): Sample {
  return {
    prepare: async () => {
      await db()('pagamento_mail').insert({ tid, cod_abi: '30480', cod_esercente: '0001234', shop_id: '1001', data_richiesta: '2026-11-20', importo: 10, amount: 1000,
        shop_user_ref: 'Matrice', tipo_invio: 'LINK', lingua_invio: 'IT', tr_type: 'AUTH', nome_destinatario: 'Matrice', descrizione: 'Matrice', ...columns });
    },
    params: { tid }, ...(body ? { body } : {}),
    outside: { params: { tid: PWM_ALTRUI }, ...(body ? { body } : {}), expect: 404, untouched: pwmAltruiUntouched },
  };
}

/** An action on a movement: a fresh 30480 movement (copied from the demo's, dated today) with `columns`. */
function movementActionSample(id: string, columns: Record<string, unknown>): Sample {
  const body = () => ({ importo: 1, password: DEMO_PASSWORD });
  return {
    prepare: async () => {
      const template = await db()('transazione').where({ id: MOVIMENTO_30480 }).first();
      await db()('transazione').insert({ ...template, id, data_operazione: new Date().toISOString().slice(0, 10), importo: 10, esito: '01', cod_circuito: '01', dcc: false,
        flag_storno: false, flag_preautorizzazione: false, storno_richiesto: false, stornato: false, preaut_azione: null, ...columns });
    },
    params: { id }, body,
    // Every action records who asked and how much: the other bank's movement has neither.
    outside: { params: { id: MOVIMENTO_34256 }, body, expect: 404, untouched: async () => expect(await db()('transazione').where({ id: MOVIMENTO_34256 }).first()).toMatchObject({ importo_richiesto: null, richiesto_da: null }) },
  };
}

/**
 * Passkey ceremonies for the matrix (tests/support/soft-authenticator.ts): `prepare` runs the ceremony's first
 * half as mx.full, `body` sends its answer. Before `prepare` (the refused calls) the body carries a placeholder.
 */
const PASSKEY_ORIGIN = 'http://localhost:3000';
const passkeyCeremony = { credential: 'nessuna' };
async function registerMatrixPasskey(): Promise<SoftAuthenticator> {
  const key = new SoftAuthenticator(PASSKEY_ORIGIN);
  const token = present(tokens.get('mx.full'), 'the token of mx.full');
  const start = await app.anonymous.get(`${API}/webauthn/registration/start`).set('X-AuthToken', token);
  const done = await app.anonymous.post(`${API}/webauthn/registration/finish`).set('X-AuthToken', token).send({ credential: key.register(start.body.options) });
  expect(done.status).toBe(200);
  return key;
}
/** A fresh passkey of mx.full and its assertion of a fresh challenge, for the login or a re-authentication. */
async function prepareMatrixAssertion(): Promise<void> {
  const key = await registerMatrixPasskey();
  const start = await app.anonymous.get(`${API}/webauthn/assertion/start/mx.full`);
  passkeyCeremony.credential = key.assert(start.body.options);
}
/** The path of a single-sign-on or one-time-login call: `prepare` signs a fresh assertion with the demo key. */
const ssoParams = { sinergiaId: 'nessuna', feu: 'banca' };
/** The guid of the account-confirmation link the matrix's sample confirms (a placeholder before its prepare). */
const confirmBody = { guid: 'mx-conferma-nessuna-0000000000000000' };
const otfParams = { otfId: 'nessuna', otfTipo: 'banca' };

/** The monitors' rows of bank 34256 (spec/demo/50-54): blocked positions, thresholds, recipients and a template that 30480 never reaches. */
const TRANSATO_30480 = { abi: '30480', codEsercente: '0002345', dataRiferimento: '2026-11-01' };
const TRANSATO_34256 = { abi: '34256', codEsercente: '0003456', dataRiferimento: '2026-11-01' };
const SOGLIE = { sogliaTransatoCP: 40000, sogliaTransatoCNP: 4000, sogliaStorniCP: 1000, sogliaStorniCNP: 100 };
const storniBlocked = async () => expect((await db()('monitor_storni').where({ abi: '34256' }).first()).bloccato).toBe('S');
const transatoBlocked = async () => expect((await db()('monitor_transato').where({ abi: '34256' }).first()).bloccato).toBe('S');
const noRecipientsOf34256 = async () => expect(await db()('destinatario_rischio').where({ cod_abi: '34256' })).toEqual([]);
const template34256Untouched = async () => {
  expect((await db()('template_mail_rischio').where({ cod_abi: '34256', chiave: 'rischioFrodi' }).first()).soggetto).toBe('Rischio frodi: soglia superata');
  expect((await db()('template_mail_destinatario').where({ cod_abi: '34256' })).map((r: { email: string }) => r.email)).toEqual(['antifrode@cassa-trento.example']);
};
const templateBody = (codAbi: string, chiave: string) => ({
  codAbi, chiave, descrizione: 'Avviso della matrice', soggetto: 'Oggetto della matrice', template: 'Testo della matrice', destinatari: [{ email: 'matrice@bcc-esempio.example' }],
});
/** A rejects file (text, in part `file`), for the contracts' upload of rejects (CaricamentoScarti). */
const rejectsUpload = () => {
  const boundary = 'matriceBoundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scarti_20.txt"\r\nContent-Type: text/plain\r\n\r\n`),
    Buffer.from('30480003;IBAN errato\n'), Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { [MULTIPART]: { contentType: `multipart/form-data; boundary=${boundary}`, body } };
};
/** Contracts by company (spec/contratti/): the demo's contract of bank 34256 (state 02), never touched by mx.full. */
const CONTRATTO_ALTRUI = 'ctr-34256-01';
const contrattoAltruiUntouched = async () => expect(await db()('contratto_compagnia').where({ id: CONTRATTO_ALTRUI }).first()).toMatchObject({ stato_conv: '02', nota: null, id_doc_err: null });
/** A transition of a contract: a fresh contract of 30480 in its `from` state (with `columns`), as the company's feed leaves it. */
function contractSample(name: string, stato: string, columns: Record<string, unknown> = {}, body?: () => object): Sample {
  const id = `mx-ctr-${name.slice(0, 28)}`; // a contract id is at most 36 characters
  return {
    prepare: async () => {
      await db()('contratto_compagnia').where({ id }).delete();
      await db()('contratto_compagnia').insert({ id, cod_abi: '30480', termid: '30480001', cod_compagnie: '20', data_stampa_contratto: '2026-11-02', stato_conv: stato, origine: 'W', cab: '01600', ...columns });
    },
    params: { id }, ...(body ? { body } : {}),
    outside: { params: { id: CONTRATTO_ALTRUI }, ...(body ? { body } : {}), expect: 404, untouched: contrattoAltruiUntouched },
  };
}

// A new operation has no sample until one is added: the first test below reports it.
const SAMPLES: Partial<Record<string, Sample>> = {
  // ---- authentication (custom) ----
  login: { query: { userType: 'banca' }, body: () => ({ username: 'sede.30480', password: DEMO_PASSWORD }), outside: 'unscoped' },
  logout: { freshToken: async () => (await loginToken('mx.full')), outside: 'unscoped' },
  resetPassword: { query: { username: 'mx.target', mail: 'nessuna@corrispondenza.example', userType: 'banca' }, outside: 'unscoped' },
  changePassword: {
    prepare: async () => { await addUser(`mx.pwd${next()}`, '30480', ['BANCA_FILIALE']); },
    body: () => ({ username: `mx.pwd${String(seq).padStart(2, '0')}`, oldPassword: DEMO_PASSWORD, newPassword: 'Matrice-Nuova-2026' }),
    outside: 'unscoped',
  },
  adminResetPassword: {
    params: { username: 'mx.target' },
    outside: { params: { username: 'mx.altrui' }, expect: 404, untouched: async () => expect(await db()('mail_outbox').where({ username: 'mx.altrui' }).whereNot({ id: 'mx-mail-0002' })).toEqual([]) },
  },
  me: { outside: 'unscoped' },
  // Public: a merchant's self-registration (right data: Bar Centrale's, one of its e-mails) and the confirmation of a
  // link given to merchant.0001234 (its guid's hash stored as the server stores it).
  merchantRegistration: { body: () => ({ codEsercente: '0001234', codAbi: '30480', pivaCodFiscale: '01234560124', ultimeCifreIban: '1234', email: 'amministrazione@barcentrale.example' }), outside: 'unscoped' },
  accountConfirm: {
    prepare: async () => {
      const guid = `mx-conferma-${next()}-000000000000000`;
      confirmBody.guid = guid;
      await db()('conferma_account').insert({ hash: createHash('sha256').update(guid).digest('hex'), username: 'merchant.0001234', created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 3_600_000).toISOString(), used_at: null });
    },
    body: () => ({ guid: confirmBody.guid }),
    outside: 'unscoped',
  },
  // ---- federated login, assistance acting for a merchant, passkeys (custom) ----
  singleSignOn: { prepare: async () => { ssoParams.sinergiaId = await signAssertion('mx.full'); }, params: ssoParams, outside: 'unscoped' },
  oneTimeLogin: { prepare: async () => { otfParams.otfId = await signAssertion('mx.full', { kind: 'otf' }); }, params: otfParams, outside: 'unscoped' },
  // Assistance only: anyone else is refused by the handler (tests/server/auth/acting-for-merchant.test.ts).
  logToEserWpbProfile: { okAs: 'assistenza', body: () => ({ codEsercente: '0001234' }), outside: 'unscoped' },
  webauthnStatus: { outside: 'unscoped' },
  webauthnRegistrationStart: { outside: 'unscoped' },
  webauthnRegistrationFinish: {
    prepare: async () => {
      const token = present(tokens.get('mx.full'), 'the token of mx.full');
      const start = await app.anonymous.get(`${API}/webauthn/registration/start`).set('X-AuthToken', token);
      passkeyCeremony.credential = new SoftAuthenticator(PASSKEY_ORIGIN).register(start.body.options);
    },
    body: () => ({ credential: passkeyCeremony.credential }), outside: 'unscoped',
  },
  webauthnDelete: { prepare: async () => { await registerMatrixPasskey(); }, outside: 'unscoped' },
  webauthnAssertionStart: { params: { userHandle: 'mx.full' }, outside: 'unscoped' },
  webauthnAssertionFinishAuth: { prepare: prepareMatrixAssertion, query: { userType: 'banca' }, body: () => ({ userHandle: 'mx.full', credential: passkeyCeremony.credential }), outside: 'unscoped' },
  webauthnAssertionFinish: { prepare: prepareMatrixAssertion, body: () => ({ credential: passkeyCeremony.credential }), outside: 'unscoped' },
  myBanks: { outside: 'unscoped' },
  myGroups: { outside: 'unscoped' },
  updateMyEmail: { body: () => ({ email: 'mx.full@bcc-esempio.example', password: DEMO_PASSWORD }), outside: 'unscoped' },
  myFunctions: { outside: 'unscoped' },
  myFunctionActions: { params: { fn: 'ANAG_BANCHE' }, outside: 'unscoped' },
  myGrants: { outside: 'unscoped' },
  menuItems: { outside: 'unscoped' },

  // ---- banks ----
  listBanca: { outside: 'unscoped' /* a list is filtered, checked by the no-foreign-data assertion */ },
  createBanca: {
    okAs: 'assistenza',
    body: () => ({ codAbi: `710${next()}`, nomeBcc: 'Banca della matrice', group: { description: 'Gruppo matrice' } }),
    outside: { body: () => ({ codAbi: '72001', nomeBcc: 'Banca fuori perimetro', group: { description: 'Fuori' } }), expect: 403,
      untouched: async () => expect(await db()('banca').where({ cod_abi: '72001' }).first()).toBeUndefined() },
  },
  getBanca: { params: { codAbi: '30480' }, outside: { params: { codAbi: '34256' }, expect: 404 } },
  // The bank logo (a file field, docs/spec-language.md#files): a multipart upload, If-Match of the bank row.
  getBancaLogo: { params: { codAbi: '30480' }, prepare: async () => { await uploadLogo('30480'); }, outside: { params: { codAbi: '34256' }, expect: 404 } },
  checkBancaLogo: { params: { codAbi: '30480' }, body: logoUpload, outside: { params: { codAbi: '34256' }, body: logoUpload, expect: 404 } },
  updateBancaLogo: {
    params: { codAbi: '30480' }, body: logoUpload,
    outside: { params: { codAbi: '34256' }, body: logoUpload, expect: 404, untouched: async () => expect((await db()('banca').where({ cod_abi: '34256' }).first()).logo).toBeNull() },
  },
  updateBanca: {
    params: { codAbi: '30480' },
    body: () => ({ codAbi: '30480', nomeBcc: 'Banca di Credito Cooperativo di Esempio', group: { description: 'BCC di Esempio', parentGroup: '11000' } }),
    outside: { params: { codAbi: '34256' }, body: () => ({ codAbi: '34256', nomeBcc: 'Sovrascritta', group: { description: 'Sovrascritta' } }), expect: 404,
      untouched: async () => expect((await db()('banca').where({ cod_abi: '34256' }).first()).nome_bcc).toBe('Cassa Rurale Alpina') },
  },
  deleteBanca: {
    okAs: 'assistenza',
    prepare: async () => { expect((await app.request.post(`${API}/banche`).send({ codAbi: '73001', nomeBcc: 'Da eliminare', group: { description: 'Da eliminare' } })).status).toBe(201); },
    params: { codAbi: '73001' },
    outside: { params: { codAbi: '34256' }, expect: 404, untouched: () => rowExists('banca', { cod_abi: '34256' }) },
  },
  listBancaModelliPos: { params: { codAbi: '30480' }, outside: { params: { codAbi: '34256' }, expect: 404 } },
  replaceBancaModelliPos: {
    params: { codAbi: '30480' }, body: () => [{ codModpos: '101' }, { codModpos: '901' }],
    outside: { params: { codAbi: '34256' }, body: () => [{ codModpos: '101' }], expect: 404,
      untouched: async () => expect(await db()('modello_pos_banca').where({ cod_abi: '34256' })).toEqual([]) },
  },

  // ---- merchant registry (seed 001 §3, §6): merchants, their owners, stores and terminals of bank 30480 ----
  // The search needs one of its filters (seed 001 §5); a list is scoped by filtering, like its export.
  listEsercente: { query: { codAbi: '30480' }, outside: 'unscoped' },
  exportEsercente: { query: { formato: 'csv', codAbi: '30480' }, outside: 'unscoped' },
  createEsercente: {
    body: () => ({ codEser: `00099${next()}`, codAbi: '30480', cab: '01600', ds: 'Esercente della matrice', tipoSoggettoEser: '2', pivaEser: '01234560124' }),
    outside: { body: () => ({ codEser: '0009999', codAbi: '34256', cab: '01800', ds: 'Fuori perimetro', tipoSoggettoEser: '2', pivaEser: '01234560124' }), expect: 403,
      untouched: async () => expect(await db()('esercente').where({ cod_eser: '0009999' }).first()).toBeUndefined() },
  },
  getEsercente: { params: { codEser: '0001234' }, outside: { params: { codEser: '0003456' }, expect: 404 } },
  updateEsercente: {
    params: { codEser: '0002345' },
    body: () => ({ codEser: '0002345', codAbi: '30480', cab: '01601', ds: 'Ferramenta Verdi di Luigi Verdi', tipoSoggettoEser: '1', pivaEser: '09876540155', codFiscaleEser: 'VRDLGU75C15F205O' }),
    outside: { params: { codEser: '0003456' }, body: () => ({ codEser: '0003456', codAbi: '34256', cab: '01800', ds: 'Sovrascritto', tipoSoggettoEser: '2', pivaEser: '04567890159' }), expect: 404,
      untouched: async () => expect((await db()('esercente').where({ cod_eser: '0003456' }).first()).ds).toBe('Hotel Dolomiti S.p.A.') },
  },
  listEsercenteTitolari: { params: { codEser: '0001234' }, outside: { params: { codEser: '0003456' }, expect: 404 } },
  listEsercenteNegozi: { params: { codEser: '0001234' }, outside: { params: { codEser: '0003456' }, expect: 404 } },
  // Nested by foreign key: another bank's merchant and store are missing, as their GETs.
  listEsercenteNegoziTerminali: { params: { codEser: '0001234', pdvid: '1001' }, outside: { params: { codEser: '0003456', pdvid: '3001' }, expect: 404 } },
  replaceEsercenteTitolari: {
    params: { codEser: '0002345' }, body: () => [{ numeroTitolare: 1, nome: 'Luigi', cognome: 'Verdi', codiceFiscale: 'VRDLGU75C15F205O' }],
    outside: { params: { codEser: '0003456' }, body: () => [{ numeroTitolare: 1, nome: 'Altro', cognome: 'Titolare', codiceFiscale: 'RSSMRC65B12H501C' }], expect: 404,
      untouched: async () => expect(await db()('titolare_effettivo').where({ cod_eser: '0003456' }).pluck('nome')).toEqual(['Paolo']) },
  },
  listNegozio: { outside: 'unscoped' },
  createNegozio: {
    body: () => ({ pdvid: `99${next()}`, codEser: '0001234', abi: '30480', cab: '01600', insegna: 'Bar della matrice', tipoSoggetto: '2', pIva: '01234560124', abcid: '5812' }),
    outside: { body: () => ({ pdvid: '9999', codEser: '0003456', abi: '34256', cab: '01800', insegna: 'Hotel fuori perimetro', tipoSoggetto: '2', pIva: '04567890159', abcid: '7011' }), expect: 403,
      untouched: async () => expect(await db()('negozio').where({ pdvid: '9999' }).first()).toBeUndefined() },
  },
  getNegozio: { params: { pdvid: '1001' }, outside: { params: { pdvid: '3001' }, expect: 404 } },
  listNegozioTerminali: { params: { pdvid: '1001' }, outside: { params: { pdvid: '3001' }, expect: 404 } },
  updateNegozio: {
    params: { pdvid: '2001' },
    body: () => ({ pdvid: '2001', codEser: '0002345', abi: '30480', cab: '01601', insegna: 'Ferramenta Verdi', tipoSoggetto: '2', pIva: '09876540155', abcid: '5251' }),
    outside: { params: { pdvid: '3001' }, body: () => ({ pdvid: '3001', codEser: '0003456', abi: '34256', cab: '01800', insegna: 'Sovrascritto', tipoSoggetto: '2', pIva: '04567890159', abcid: '7011' }), expect: 404,
      untouched: async () => expect((await db()('negozio').where({ pdvid: '3001' }).first()).insegna).toBe('Hotel Dolomiti') },
  },
  listTerminale: { outside: 'unscoped' },
  createTerminale: {
    body: () => ({ posid: `3049${next().padStart(4, '0')}`, pdvid: '1002', codEser: '0001234', abi: '30480', codModpos: 'G01' }),
    outside: { body: () => ({ posid: '34256999', pdvid: '3001', codEser: '0003456', abi: '34256', codModpos: 'G01' }), expect: 403,
      untouched: async () => expect(await db()('terminale').where({ posid: '34256999' }).first()).toBeUndefined() },
  },
  getTerminale: { params: { posid: '30480001' }, outside: { params: { posid: '34256001' }, expect: 404 } },
  // A store's immediate and Ventis City discounts (spec/esercenti/sconto-immediato.yaml): 30480's demo ones; Hotel
  // Dolomiti's (34256) is inserted below, out of scope for mx.full. A request is made again each run (store 2001's
  // earlier one removed: one active per service), the deactivated one is made active again.
  listScontoImmediato: { outside: 'unscoped' },
  listNegozioSconti: { params: { pdvid: '1002' }, outside: { params: { pdvid: '3001' }, expect: 404 } },
  listEsercenteNegoziSconti: { params: { codEser: '0001234', pdvid: '1002' }, outside: { params: { codEser: '0003456', pdvid: '3001' }, expect: 404 } },
  createScontoImmediato: {
    prepare: async () => { await db()('sconto_immediato').where({ pdvid: '2001' }).delete(); },
    body: () => ({ pdvid: '2001', codEser: '0002345', abi: '30480', cab: '01601', tipo: 'VC', scontoMin: 5, email: 'matrice@negozio.example' }),
    outside: { body: () => ({ pdvid: '3001', codEser: '0003456', abi: '34256', cab: '01800', tipo: 'SI', scontoMin: 5, email: 'altrui@negozio.example' }), expect: 403,
      untouched: async () => expect(await db()('sconto_immediato').where({ pdvid: '3001' }).whereNot({ id_sconto: SCONTO_34256 }).first()).toBeUndefined() },
  },
  getScontoImmediato: { params: { idSconto: SCONTO_1002 }, outside: { params: { idSconto: SCONTO_34256 }, expect: 404 } },
  updateScontoImmediato: {
    params: { idSconto: SCONTO_1002 }, body: () => ({ pdvid: '1002', codEser: '0001234', abi: '30480', cab: '01600', tipo: 'VC', scontoMin: 12, email: 'stazione@barcentrale.example' }),
    outside: { params: { idSconto: SCONTO_34256 }, body: () => ({ pdvid: '3001', codEser: '0003456', abi: '34256', cab: '01800', tipo: 'SI', scontoMin: 50, email: 'altrui@negozio.example' }), expect: 404,
      untouched: async () => expect(Number((await db()('sconto_immediato').where({ id_sconto: SCONTO_34256 }).first()).sconto_min)).toBe(7) },
  },
  disattivaScontoImmediato: {
    prepare: async () => { await db()('sconto_immediato').where({ id_sconto: SCONTO_5001 }).update({ stato: 'A' }); },
    params: { idSconto: SCONTO_5001 },
    outside: { params: { idSconto: SCONTO_34256 }, expect: 404, untouched: async () => expect((await db()('sconto_immediato').where({ id_sconto: SCONTO_34256 }).first()).stato).toBe('A') },
  },
  // Movements (seed 002): searched over a period (api.period); a movement of bank 34256 is out of 30480's scope.
  listTransazione: { query: MOVIMENTI_PERIODO, outside: 'unscoped' },
  getTransazione: { params: { id: MOVIMENTO_30480 }, outside: { params: { id: MOVIMENTO_34256 }, expect: 404 } },
  // A report answers sums, never a row to refuse: its scope is tested with exact figures in tests/server/statistiche-transato.test.ts.
  reportTransato: { query: { ...MOVIMENTI_PERIODO, per: 'compagnia' }, outside: 'unscoped' },
  exportTransazione: { query: { formato: 'csv', ...MOVIMENTI_PERIODO }, outside: 'unscoped' },
  // The daily turnover (at most one month) and its Excel file: figures checked in statistiche-transato-giornaliero.test.ts.
  reportTransatoGiornaliero: { query: { ...GIORNALIERO_PERIODO, per: 'banca' }, outside: 'unscoped' },
  reportScontiImmediati: { query: { ...MOVIMENTI_PERIODO, per: 'negozio' }, outside: 'unscoped' },
  reportScontiImmediatiExport: { query: { ...MOVIMENTI_PERIODO, per: 'negozio', formato: 'xlsx' }, outside: 'unscoped' },
  reportVentisCity: { query: { ...MOVIMENTI_PERIODO, per: 'mese' }, outside: 'unscoped' },
  reportVentisCityExport: { query: { ...MOVIMENTI_PERIODO, per: 'mese', formato: 'xlsx' }, outside: 'unscoped' },
  reportVentisCityEsercente: { query: { ...MOVIMENTI_PERIODO, per: 'mese' }, outside: 'unscoped' },
  reportVentisCityEsercenteExport: { query: { ...MOVIMENTI_PERIODO, per: 'mese', formato: 'xlsx' }, outside: 'unscoped' },
  reportTransatoGiornalieroExport: { query: { ...GIORNALIERO_PERIODO, per: 'banca', formato: 'xlsx' }, outside: 'unscoped' },
  reportTransatoExport: { query: { ...MOVIMENTI_PERIODO, per: 'esercente', formato: 'xlsx' }, outside: 'unscoped' },
  // Satispay movements (seed 002 §2 /statistiche/movimentiSatispay): a movement of bank 34256 is out of 30480's scope;
  // their totals and the statistical and in-tour reports answer sums (figures in statistiche-satispay.test.ts,
  // statistiche-report.test.ts).
  listMovimentoSatispay: { query: MOVIMENTI_PERIODO, outside: 'unscoped' },
  getMovimentoSatispay: { params: { id: '202608271252191001P' }, outside: { params: { id: '202608271029023001P' }, expect: 404 } },
  exportMovimentoSatispay: { query: { formato: 'csv', ...MOVIMENTI_PERIODO }, outside: 'unscoped' },
  reportMovimentiSatispay: { query: { ...MOVIMENTI_PERIODO, per: 'esercente' }, outside: 'unscoped' },
  reportMovimentiSatispayExport: { query: { ...MOVIMENTI_PERIODO, per: 'esercente', formato: 'xlsx' }, outside: 'unscoped' },
  reportReportStatistico: { query: { ...MOVIMENTI_PERIODO, per: 'anno' }, outside: 'unscoped' },
  reportReportStatisticoExport: { query: { ...MOVIMENTI_PERIODO, per: 'mese', formato: 'xlsx' }, outside: 'unscoped' },
  reportReportInTour: { query: { ...MOVIMENTI_PERIODO, per: 'paese' }, outside: 'unscoped' },
  reportReportInTourExport: { query: { ...MOVIMENTI_PERIODO, per: 'banca', formato: 'xlsx' }, outside: 'unscoped' },
  // The merchant variant of the movements (seed 002 §2 business statistiche/movimenti), its aggregate view.
  // ---- the business portal's documents and profile (tests/server/documenti-esercente.test.ts, profilo-esercente.test.ts):
  // demo rows of 30480, the *_34256 rows of Hotel Dolomiti inserted below (out of scope for mx.full) ----
  listFatturaEsercente: { outside: 'unscoped' },
  // The product sheets: the models of the caller's terminals; G03 is on Hotel Dolomiti's (34256) only.
  listSchedaProdotto: { outside: 'unscoped' },
  getSchedaProdotto: { params: { codModpos: 'G01' }, outside: { params: { codModpos: 'G03' }, expect: 404 } },
  getSchedaProdottoScheda: { params: { codModpos: 'G01' }, outside: { params: { codModpos: 'G03' }, expect: 404 } },
  getFatturaEsercente: { params: { id: FATTURA_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  getFatturaEsercenteDocumento: { params: { id: FATTURA_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  listContrattoEsercente: { outside: 'unscoped' },
  getContrattoEsercente: { params: { id: CONTRATTO_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  getContrattoEsercenteDocumento: { params: { id: CONTRATTO_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  listLetteraAddebito: { query: LETTERE_PERIODO, outside: 'unscoped' },
  getLetteraAddebito: { params: { id: LETTERA_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  getLetteraAddebitoDocumento: { params: { id: LETTERA_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  // Documents by mail (tests/server/documenti-invio-mail.test.ts): another bank's document is 404 and mails nothing.
  destinatarioMailContratto: { params: { id: CONTRATTO_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  invioMailContratto: { params: { id: CONTRATTO_30480 }, body: () => ({ email: 'matrice@bcc-esempio.example' }), outside: { params: { id: ALTRUI_34256 }, body: () => ({ email: 'matrice@bcc-esempio.example' }), expect: 404 } },
  destinatarioMailLettera: { params: { id: LETTERA_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  invioMailLettera: { params: { id: LETTERA_30480 }, body: () => ({ email: 'matrice@bcc-esempio.example' }), outside: { params: { id: ALTRUI_34256 }, body: () => ({ email: 'matrice@bcc-esempio.example' }), expect: 404 } },
  listContrattoAcquiring: { outside: 'unscoped' },
  getContrattoAcquiring: { params: { id: ACQUIRING_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  confermaVisioneContrattoAcquiring: {
    prepare: async () => { await db()('contratto_acquiring').insert({ id: 'mx-acquiring-n', abi: '30480', cod_eser: '0001234', pdvid: '1001', cod_compagnia: '20', data_contratto: '2025-01-01', contratto_visualizzato: 'N' }); },
    params: { id: 'mx-acquiring-n' },
    outside: { params: { id: ALTRUI_34256 }, expect: 404,
      untouched: async () => expect((await db()('contratto_acquiring').where({ id: ALTRUI_34256 }).first()).contratto_visualizzato).toBe('N') },
  },
  getContrattoAcquiringDocumento: { params: { id: ACQUIRING_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  // ---- the download screens of seed 002 §2 (tests/server/download.test.ts): lists whose scope is checked there with
  // exact rows; the contracts' download reads the contracts above (ALTRUI_34256 is out of 30480's scope) ----
  listDownloadEsercente: { query: DOWNLOAD_PERIODO, outside: 'unscoped' },
  exportDownloadEsercente: { query: { formato: 'csv', ...DOWNLOAD_PERIODO }, outside: 'unscoped' },
  listDownloadContratto: { outside: 'unscoped' },
  getDownloadContratto: { params: { id: CONTRATTO_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  getDownloadContrattoDocumento: { params: { id: CONTRATTO_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  // The bank's contract by mail (tests/server/download-contratti-invio-mail.test.ts): another bank's is 404 and mails nothing.
  destinatarioMailDownloadContratto: { params: { id: CONTRATTO_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  invioMailDownloadContratto: { params: { id: CONTRATTO_30480 }, body: () => ({ email: 'matrice@bcc-esempio.example' }), outside: { params: { id: ALTRUI_34256 }, body: () => ({ email: 'matrice@bcc-esempio.example' }), expect: 404 } },
  listTerminaleDaSostituire: { outside: 'unscoped' },
  listTerminaleMyBank: { query: DOWNLOAD_MESI, outside: 'unscoped' },
  exportTerminaleMyBank: { query: { formato: 'csv', ...DOWNLOAD_MESI }, outside: 'unscoped' },
  listCostoTransazioni: { query: DOWNLOAD_MESI, outside: 'unscoped' },
  exportCostoTransazioni: { query: { formato: 'csv', ...DOWNLOAD_MESI }, outside: 'unscoped' },
  listCircolare: { outside: 'unscoped' },
  getCircolare: { params: { id: CIRCOLARE }, outside: 'unscoped' },
  getCircolareDocumento: { params: { id: CIRCOLARE }, outside: 'unscoped' },
  getProfiloEsercente: { params: { codEser: '0001234' }, outside: { params: { codEser: '0003456' }, expect: 404 } },
  updateProfiloEsercente: {
    params: { codEser: '0001234' }, body: () => ({ pec: 'barcentrale@pec.example', codiceSdi: 'M5UXCR1' }),
    outside: { params: { codEser: '0003456' }, body: () => ({ codiceSdi: 'XXXXXXX' }), expect: 404,
      untouched: async () => expect((await db()('esercente').where({ cod_eser: '0003456' }).first()).codice_sdi).toBeNull() },
  },
  listProfiloEsercenteNegozi: { params: { codEser: '0001234' }, outside: { params: { codEser: '0003456' }, expect: 404 } },
  profiloPdf: { params: { codEser: '0001234' }, outside: { params: { codEser: '0003456' }, expect: 404 } },
  listProfiloNegozio: { outside: 'unscoped' },
  getProfiloNegozio: { params: { pdvid: '1001' }, outside: { params: { pdvid: '3001' }, expect: 404 } },
  updateProfiloNegozio: {
    params: { pdvid: '1001' }, body: () => ({ telefono: '02 7654321' }),
    outside: { params: { pdvid: '3001' }, body: () => ({ telefono: '0471 000000' }), expect: 404,
      untouched: async () => expect((await db()('negozio').where({ pdvid: '3001' }).first()).telefono).not.toBe('0471 000000') },
  },
  listMovimentoEsercente: { query: MOVIMENTI_PERIODO, outside: 'unscoped' },
  getMovimentoEsercente: { params: { id: MOVIMENTO_30480 }, outside: { params: { id: MOVIMENTO_34256 }, expect: 404 } },
  exportMovimentoEsercente: { query: { formato: 'csv', ...MOVIMENTI_PERIODO }, outside: 'unscoped' },
  // The merchant's refund and close are Transazione's own transitions (states: inherit), with its permission and scope.
  stornaMovimentoEsercente: movementActionSample('MXBIZSTORNO', { stato: 'AP' }),
  chiudiPreautorizzazioneMovimentoEsercente: movementActionSample('MXBIZPREAUT', { stato: 'PA', flag_preautorizzazione: true }),
  reportMovimentiAggregati: { query: { ...MOVIMENTI_PERIODO, per: 'canale' }, outside: 'unscoped' },
  // The transaction summary, analysis and the turnover file's figures (spec/statistiche/): sums in scope, checked with
  // exact figures and the other bank refused in tests/server/statistiche-riepilogo.test.ts.
  reportRiepilogoTransazioni: { query: { ...MOVIMENTI_PERIODO, per: 'negozio' }, outside: 'unscoped' },
  reportRiepilogoTransazioniExport: { query: { ...MOVIMENTI_PERIODO, per: 'negozio', formato: 'xlsx' }, outside: 'unscoped' },
  reportAnalisiTransazioni: { query: { ...MOVIMENTI_PERIODO, per: 'canale' }, outside: 'unscoped' },
  reportTracciatoMensile: { query: { codAbi: '30480', dataOperazioneDa: '2026-10-01', dataOperazioneA: '2026-10-31', per: 'negozio' }, outside: 'unscoped' },
  // Custom: another bank's file and reports are 404 with the operation's message (tests/server/statistiche-riepilogo.test.ts, report-transazioni.test.ts).
  tracciatoMensile: { query: { codAbi: '30480', mese: '2026-10' }, outside: 'unscoped' },
  creaReportTransazioniBanca: { body: () => ({ codAbi: '30480', mese: '2026-10' }), outside: 'unscoped' },
  creaReportTransazioniEsercente: { body: () => ({ codEserc: '0001234', mese: '2026-10' }), outside: 'unscoped' },
  listReportTransazioniBanca: { outside: 'unscoped' },
  getReportTransazioniBanca: { params: { id: REPORT_BANCA_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  getReportTransazioniBancaDocumento: { params: { id: REPORT_BANCA_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  listReportTransazioniEsercente: { outside: 'unscoped' },
  getReportTransazioniEsercente: { params: { id: REPORT_ESERCENTE_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  getReportTransazioniEsercenteDocumento: { params: { id: REPORT_ESERCENTE_30480 }, outside: { params: { id: ALTRUI_34256 }, expect: 404 } },
  // The period comparison (docs/spec-language.md#period-comparison): two concluded months, in the caller's scope.
  reportConfrontoPeriodo: { query: { confronto: 'mese', meseAnno1: '2026-09', meseAnno2: '2026-08' }, outside: 'unscoped' },
  reportConfrontoPeriodoEsercente: { query: { confronto: 'mese', meseAnno1: '2026-09', meseAnno2: '2026-08' }, outside: 'unscoped' },
  reportConfrontoPeriodoExport: { query: { confronto: 'mese', meseAnno1: '2026-09', meseAnno2: '2026-08', formato: 'xlsx' }, outside: 'unscoped' },
  reportConfrontoPeriodoEsercenteExport: { query: { confronto: 'mese', meseAnno1: '2026-09', meseAnno2: '2026-08', formato: 'xlsx' }, outside: 'unscoped' },
  // The sector comparison (docs/spec-language.md#peer-comparison): the caller's own next to its peers' average.
  reportConfrontoSettore: { query: { annoMeseDa: '2026-06', annoMeseA: '2026-10' }, outside: 'unscoped' },
  // The statistics dashboard's report (spec/statistiche/statistiche-dashboard.yaml): a day, in the caller's scope.
  reportStatisticheDashboard: { query: { dataOperazioneDa: '2026-10-10', dataOperazioneA: '2026-10-10', per: 'tipo' }, outside: 'unscoped' },
  // Refund and pre-authorisation close (seed 002 §4): a movement of 30480 dated today, in the state each
  // starts from; 34256's demo movement is out of scope (404, untouched). The body carries the caller's password.
  stornaTransazione: movementActionSample('MXSTORNO', { stato: 'AP' }),
  // Pay-by-mail (spec/pwmail/): the requests of the merchants of bank 30480; Hotel Dolomiti's (34256) is 404.
  listPagamentoMail: { outside: 'unscoped' },
  getPagamentoMail: { params: { tid: '9b1e0a52-0c4f-4b8e-9a51-000000000001' }, outside: { params: { tid: PWM_ALTRUI }, expect: 404 } },
  createPagamentoMail: {
    body: () => PWM_REQUEST,
    outside: { body: () => ({ ...PWM_REQUEST, codAbi: '34256', codEsercente: '0003456', shopId: '3001' }), expect: 403, untouched: async () => expect(await db()('pagamento_mail').where({ cod_abi: '34256' }).whereNot({ tid: PWM_ALTRUI })).toEqual([]) },
  },
  updatePagamentoMail: {
    params: { tid: '9b1e0a52-0c4f-4b8e-9a51-000000000001' }, body: () => PWM_STORED,
    outside: { params: { tid: PWM_ALTRUI }, body: () => PWM_STORED, expect: 404, untouched: pwmAltruiUntouched },
  },
  getPagamentoMailAllegato: {
    params: { tid: '9b1e0a52-0c4f-4b8e-9a51-000000000001' },
    prepare: async () => {
      const { contentType, body } = pdfUpload()[MULTIPART];
      const etag = (await app.request.get(`${API}/serviziPosVirtuali/pagamentoMail/9b1e0a52-0c4f-4b8e-9a51-000000000001`)).headers.etag;
      expect((await app.request.put(`${API}/serviziPosVirtuali/pagamentoMail/9b1e0a52-0c4f-4b8e-9a51-000000000001/allegato`).set('If-Match', etag).set('Content-Type', contentType).send(body)).status).toBe(200);
    },
    outside: { params: { tid: PWM_ALTRUI }, expect: 404 },
  },
  checkPagamentoMailAllegato: { params: { tid: '9b1e0a52-0c4f-4b8e-9a51-000000000001' }, body: pdfUpload, outside: { params: { tid: PWM_ALTRUI }, body: pdfUpload, expect: 404 } },
  updatePagamentoMailAllegato: {
    params: { tid: '9b1e0a52-0c4f-4b8e-9a51-000000000001' }, body: pdfUpload,
    outside: { params: { tid: PWM_ALTRUI }, body: pdfUpload, expect: 404, untouched: pwmAltruiUntouched },
  },
  stornaPagamentoMail: pwmActionSample('mx-pwm-storna', { rc: 'IGFS_000', contabilizzata: true, stato: 'AP' }, () => ({ password: DEMO_PASSWORD })),
  confermaPagamentoMail: pwmActionSample('mx-pwm-conferma', { rc: 'IGFS_000', contabilizzata: false, stato: 'PR' }),
  annullaPagamentoMail: pwmActionSample('mx-pwm-annulla', { rc: 'IGFS_000', contabilizzata: false, stato: 'PR' }),
  listMessaggioMail: { outside: 'unscoped' },
  getMessaggioMail: { params: { codAbi: '30480', codEsercente: '0001234', lingua: 'EN' }, outside: { params: { codAbi: '34256', codEsercente: '0003456', lingua: 'IT' }, expect: 404 } },
  createMessaggioMail: {
    prepare: async () => { await db()('messaggio_mail').where({ cod_abi: '30480', cod_esercente: '0005678', lingua: 'DE' }).delete(); },
    body: () => ({ codAbi: '30480', codEsercente: '0005678', lingua: 'DE', messaggioMail: 'Sehr geehrter Kunde' }),
    outside: { body: () => ({ codAbi: '34256', codEsercente: '0003456', lingua: 'DE', messaggioMail: 'Altrui' }), expect: 403, untouched: async () => expect(await db()('messaggio_mail').where({ cod_abi: '34256', lingua: 'DE' })).toEqual([]) },
  },
  updateMessaggioMail: {
    params: { codAbi: '30480', codEsercente: '0001234', lingua: 'EN' }, body: () => ({ codAbi: '30480', codEsercente: '0001234', lingua: 'EN', messaggioMail: 'Dear customer' }),
    outside: { params: { codAbi: '34256', codEsercente: '0003456', lingua: 'IT' }, body: () => ({ codAbi: '34256', codEsercente: '0003456', lingua: 'IT', messaggioMail: 'Cambiato' }), expect: 404, untouched: async () => expect((await db()('messaggio_mail').where({ cod_abi: '34256', lingua: 'IT' }).first()).messaggio_mail).toBe('Altrui') },
  },
  chiudiPreautorizzazioneTransazione: movementActionSample('MXPREAUT', { stato: 'PA', flag_preautorizzazione: true }),
  updateTerminale: {
    params: { posid: '30480101' }, body: () => ({ posid: '30480101', pdvid: '2001', codEser: '0002345', abi: '30480', codModpos: 'G01', tipoConn: 'G' }),
    outside: { params: { posid: '34256001' }, body: () => ({ posid: '34256001', pdvid: '3001', codEser: '0003456', abi: '34256', codModpos: 'G02' }), expect: 404,
      untouched: async () => expect((await db()('terminale').where({ posid: '34256001' }).first()).cod_modpos).toBe('G01') },
  },

  // ---- branches ----
  listFiliale: { outside: 'unscoped' },
  createFiliale: {
    body: () => ({ codAbi: '30480', cab: `017${next()}`, nome: 'Filiale della matrice' }),
    outside: { body: () => ({ codAbi: '34256', cab: '35099', nome: 'Fuori perimetro' }), expect: 403,
      untouched: async () => expect(await db()('filiale').where({ cod_abi: '34256', cab: '35099' }).first()).toBeUndefined() },
  },
  getFiliale: { params: { codAbi: '30480', cab: '01601' }, outside: { params: { codAbi: '34256', cab: '35010' }, expect: 404 } },
  // The bank's branches (relatedLists): another bank is missing, as its GET.
  listBancaFiliali: { params: { codAbi: '30480' }, outside: { params: { codAbi: '34256' }, expect: 404 } },
  updateFiliale: {
    params: { codAbi: '30480', cab: '01601' }, body: () => ({ codAbi: '30480', cab: '01601', nome: 'Filiale Monza' }),
    outside: { params: { codAbi: '34256', cab: '35010' }, body: () => ({ codAbi: '34256', cab: '35010', nome: 'Sovrascritta' }), expect: 404,
      untouched: async () => expect((await db()('filiale').where({ cod_abi: '34256', cab: '35010' }).first()).nome).toBe('Sede') },
  },
  deleteFiliale: {
    prepare: async () => { await db()('filiale').insert({ cod_abi: '30480', cab: '01999', nome: 'Da eliminare' }); },
    params: { codAbi: '30480', cab: '01999' },
    outside: { params: { codAbi: '34256', cab: '35010' }, expect: 404, untouched: () => rowExists('filiale', { cod_abi: '34256', cab: '35010' }) },
  },

  // ---- groups and roles ----
  listGruppo: { outside: 'unscoped' },
  getGruppo: { params: { groupName: '30480' }, outside: { params: { groupName: '34256' }, expect: 404 } },
  listRuolo: { params: { groupName: '30480' }, outside: { params: { groupName: '34256' }, expect: 'empty' } },
  createRuolo: {
    params: { groupName: '30480' },
    body: () => ({ groupName: '30480', roleName: `MX_NUOVO_${next()}`, description: 'Nuovo', permessi: [{ funzione: 'ANAG_BANCHE', azione: 'VISUALIZZAZIONE' }] }),
    outside: { params: { groupName: '34256' }, body: () => ({ groupName: '34256', roleName: 'MX_INTRUSO', permessi: [{ funzione: '*', azione: '*' }] }), expect: 403,
      untouched: async () => expect(await db()('ruolo').where({ role_name: 'MX_INTRUSO' }).first()).toBeUndefined() },
  },
  getRuolo: { params: { groupName: '30480', roleName: 'MX_LOCALE' }, outside: { params: { groupName: '34256', roleName: 'MX_ALTRUI' }, expect: 404 } },
  updateRuolo: {
    params: { groupName: '30480', roleName: 'MX_LOCALE' }, body: () => ({ groupName: '30480', roleName: 'MX_LOCALE', description: 'Aggiornato' }),
    outside: { params: { groupName: '34256', roleName: 'MX_ALTRUI' }, body: () => ({ groupName: '34256', roleName: 'MX_ALTRUI', description: 'Sovrascritto' }), expect: 404,
      untouched: async () => expect((await db()('ruolo').where({ group_name: '34256', role_name: 'MX_ALTRUI' }).first()).description).toBe('Ruolo di prova MX_ALTRUI') },
  },
  deleteRuolo: {
    prepare: async () => addRole('30480', 'MX_DA_ELIMINARE', [['ANAG_BANCHE', 'VISUALIZZAZIONE']]),
    params: { groupName: '30480', roleName: 'MX_DA_ELIMINARE' },
    outside: { params: { groupName: '34256', roleName: 'MX_ALTRUI' }, expect: 404, untouched: () => rowExists('ruolo', { group_name: '34256', role_name: 'MX_ALTRUI' }) },
  },
  listRuoloPermessi: { params: { groupName: '30480', roleName: 'MX_LOCALE' }, outside: { params: { groupName: '34256', roleName: 'MX_ALTRUI' }, expect: 404 } },
  replaceRuoloPermessi: {
    params: { groupName: '30480', roleName: 'MX_LOCALE' }, body: () => [{ funzione: 'ANAG_BANCHE', azione: 'VISUALIZZAZIONE' }],
    outside: { params: { groupName: '34256', roleName: 'MX_ALTRUI' }, body: () => [{ funzione: '*', azione: '*' }], expect: 404,
      untouched: async () => expect(await db()('ruolo_permesso').where({ group_name: '34256', role_name: 'MX_ALTRUI' }).pluck('funzione')).toEqual(['ANAG_BANCHE']) },
  },

  // ---- mail outbox (scoped by the recipient user's group) ----
  listMailOutbox: { outside: 'unscoped' /* a list is filtered, checked by the no-foreign-data assertion */ },
  getMailOutbox: { params: { id: 'mx-mail-0001' }, outside: { params: { id: 'mx-mail-0002' }, expect: 404 } },

  // ---- POS catalogues (global: no data scope) ----
  listPosFisico: { outside: 'unscoped' },
  createPosFisico: { body: () => ({ codModpos: `M${next()}`, descrizione: 'POS della matrice', priorita: 1 }), outside: 'unscoped' },
  getPosFisico: { params: { codModpos: '101' }, outside: 'unscoped' },
  updatePosFisico: { params: { codModpos: '102' }, body: () => ({ codModpos: '102', descrizione: 'Ingenico Desk 3500 Ethernet', priorita: 2 }), outside: 'unscoped' },
  deletePosFisico: {
    prepare: async () => { expect((await app.request.post(`${API}/posfisici`).send({ codModpos: 'MXD', descrizione: 'Da eliminare', priorita: 0 })).status).toBe(201); },
    params: { codModpos: 'MXD' }, outside: 'unscoped',
  },
  listPosFisicoPinpad: { params: { codModpos: '101' }, outside: 'unscoped' },
  replacePosFisicoPinpad: { params: { codModpos: '101' }, body: () => [{ codModposPinpad: 'P01', codPinpad: 'IPP350' }], outside: 'unscoped' },
  listPosFisicoReti: { params: { codModpos: '101' }, outside: 'unscoped' },
  replacePosFisicoReti: { params: { codModpos: '101' }, body: () => [{ codiceNets: 'NETS01', tipoConnessione: 'GPRS' }], outside: 'unscoped' },
  listPosFisicoTmpp: { params: { codModpos: '201' }, outside: 'unscoped' },
  replacePosFisicoTmpp: { params: { codModpos: '201' }, body: () => [{ tmpp: 'TMPP01', codModposPinpad: 'P01' }], outside: 'unscoped' },
  listPosGenerico: { outside: 'unscoped' },
  createPosGenerico: { body: () => ({ codModpos: `N${next()}`, descrizione: 'Generico della matrice', tipo: 'F' }), outside: 'unscoped' },
  getPosGenerico: { params: { codModpos: 'G02' }, outside: 'unscoped' },
  updatePosGenerico: { params: { codModpos: 'G03' }, body: () => ({ codModpos: 'G03', descrizione: 'POS push', tipo: 'P' }), outside: 'unscoped' },
  deletePosGenerico: {
    prepare: async () => { expect((await app.request.post(`${API}/posgenerici`).send({ codModpos: 'MXG', descrizione: 'Da eliminare', tipo: 'F' })).status).toBe(201); },
    params: { codModpos: 'MXG' }, outside: 'unscoped',
  },
  listPosGenericoModelliFisici: { params: { codModpos: 'G02' }, outside: 'unscoped' },
  // A model's product sheet (a file field: the demo's PDF of G01; the upload replaces G02's).
  getPosGenericoScheda: { params: { codModpos: 'G01' }, outside: 'unscoped' },
  checkPosGenericoScheda: { params: { codModpos: 'G02' }, body: pdfUpload, outside: 'unscoped' },
  updatePosGenericoScheda: { params: { codModpos: 'G02' }, body: pdfUpload, outside: 'unscoped' },
  replacePosGenericoModelliFisici: { params: { codModpos: 'G02' }, body: () => [{ codAbi: '00000', modelloFisico: '201' }], outside: 'unscoped' },

  // ---- warehouse (seed 000 §4): stock and movements of the caller's banks; mx.full is of group 30480, which owns 30480's stock ----
  listGiacenza: { outside: 'unscoped' },
  // Stock rows are registered at 0 (qtaGiacenza is server-set) and have no update: movements change them.
  createGiacenza: {
    body: () => ({ codAbi: '30480', codModpos: 'A37' }),
    outside: { body: () => ({ codAbi: '34256', codModpos: 'A37' }), expect: 403,
      untouched: async () => expect(await db()('giacenza').where({ cod_abi: '34256', cod_modpos: 'A37' }).first()).toBeUndefined() },
  },
  getGiacenza: { params: { codAbi: '30480', codModpos: '101' }, outside: { params: { codAbi: '34256', codModpos: '101' }, expect: 404 } },
  deleteGiacenza: {
    prepare: async () => { await db()('giacenza').insert({ cod_abi: '30480', cod_modpos: 'A38', qta_giacenza: 0 }); },
    params: { codAbi: '30480', codModpos: 'A38' },
    outside: { params: { codAbi: '34256', codModpos: '101' }, expect: 404, untouched: () => rowExists('giacenza', { cod_abi: '34256', cod_modpos: '101' }) },
  },
  listMovimentoMagazzino: { outside: 'unscoped' },
  createMovimentoMagazzino: {
    body: () => ({ codAbi: '30480', codModpos: '101', tipoMov: 'R+', qtaMov: 1, dataMov: '2026-03-01', statoMov: 'S', tmsUser: 'mx.matrice' }),
    outside: { body: () => ({ codAbi: '60855', codModpos: '101', tipoMov: 'R+', qtaMov: 1, dataMov: '2026-03-01', tmsUser: 'mx.intruso' }), expect: 403,
      untouched: async () => expect(await db()('movimento_magazzino').where({ tms_user: 'mx.intruso' }).first()).toBeUndefined() },
  },
  getMovimentoMagazzino: { params: { id: 'mov-30480-0001' }, outside: { params: { id: 'mov-60855-0001' }, expect: 404 } },
  accettaMovimentoMagazzino: {
    prepare: async () => { await db()('movimento_magazzino').insert({ id: 'mx-mov-accetta', cod_abi: '30480', cod_modpos: '101', qta_mov: 1, tipo_mov: 'R+', data_mov: '2026-03-01', stato_mov: 'S' }); },
    params: { id: 'mx-mov-accetta' },
    outside: { params: { id: 'mov-60855-0001' }, expect: 404, untouched: async () => expect((await db()('movimento_magazzino').where({ id: 'mov-60855-0001' }).first()).stato_mov).toBe('S') },
  },
  // Bulk: another bank's movement is reported missing in the answer (200, per row) and left as it was.
  accettaMovimentoMagazzinoMultiplo: {
    prepare: async () => { await db()('movimento_magazzino').insert({ id: 'mx-mov-accetta-n', cod_abi: '30480', cod_modpos: '101', qta_mov: 1, tipo_mov: 'R+', data_mov: '2026-03-01', stato_mov: 'S' }); },
    body: () => ({ keys: [{ id: 'mx-mov-accetta-n' }] }),
    outside: { body: () => ({ keys: [{ id: 'mov-60855-0001' }] }), expect: 'rowsMissing', untouched: async () => expect((await db()('movimento_magazzino').where({ id: 'mov-60855-0001' }).first()).stato_mov).toBe('S') },
  },
  rifiutaMovimentoMagazzinoMultiplo: {
    prepare: async () => { await db()('movimento_magazzino').insert({ id: 'mx-mov-rifiuta-n', cod_abi: '30480', cod_modpos: '101', qta_mov: 1, tipo_mov: 'R+', data_mov: '2026-03-01', stato_mov: 'S' }); },
    body: () => ({ keys: [{ id: 'mx-mov-rifiuta-n' }], input: { nota: 'Rifiuto della matrice' } }),
    outside: { body: () => ({ keys: [{ id: 'mov-60855-0001' }], input: { nota: 'Rifiuto della matrice' } }), expect: 'rowsMissing', untouched: async () => expect((await db()('movimento_magazzino').where({ id: 'mov-60855-0001' }).first()).stato_mov).toBe('S') },
  },
  rifiutaMovimentoMagazzino: {
    prepare: async () => { await db()('movimento_magazzino').insert({ id: 'mx-mov-rifiuta', cod_abi: '30480', cod_modpos: '101', qta_mov: 1, tipo_mov: 'R+', data_mov: '2026-03-01', stato_mov: 'S' }); },
    params: { id: 'mx-mov-rifiuta' },
    body: () => ({ nota: 'Rifiuto della matrice' }),
    outside: { params: { id: 'mov-60855-0001' }, body: () => ({ nota: 'Rifiuto della matrice' }), expect: 404, untouched: async () => expect((await db()('movimento_magazzino').where({ id: 'mov-60855-0001' }).first()).stato_mov).toBe('S') },
  },

  // ---- requests (seed 001 §4): three state machines; 34256's RQ-0004 is the row out of scope ----
  listRichiesta: { outside: 'unscoped' },
  getRichiesta: { params: { idRichiesta: 'RQ-0001' }, outside: { params: { idRichiesta: 'RQ-0004' }, expect: 404 } },
  // Only assistance unblocks, closes and cancels (the guard): a bank user with every grant is refused.
  sbloccaRichiesta: requestSample('MX-RQ-SBLOCCA', { stato: 'H' }, 'assistenza'),
  completaRichiesta: requestSample('MX-RQ-COMPLETA', { stato: 'I' }),
  sospendiRichiesta: requestSample('MX-RQ-SOSPENDI', { stato: 'S' }),
  riprendiRichiesta: requestSample('MX-RQ-RIPRENDI', { stato: 'P' }),
  chiudiInterventoRichiesta: requestSample('MX-RQ-CHIUDI', { stato_pos: '2' }, 'assistenza'),
  annullaSostituzioneRichiesta: requestSample('MX-RQ-ANNULLA', { stato_pos: '4' }, 'assistenza'),
  autorizzaFattDirRichiesta: requestSample('MX-RQ-AUTORIZZA', { stato_fatt_dir: '2' }),
  rifiutaFattDirRichiesta: requestSample('MX-RQ-RIFIUTA', { stato_fatt_dir: '2' }),
  // The outbox of messages to external systems: the administrators' (GES_CONFIG), no data scope.
  listMessaggioUscita: { outside: 'unscoped' },
  getMessaggioUscita: {
    prepare: async () => {
      await db()('messaggio_uscita').insert({
        id: 'mx-uscita-0001', created_at: '2026-11-20T10:00:00.000Z', target: 'RICHIESTE_SISTEMA_ESTERNO_URL', entity: 'Richiesta',
        entity_key: 'RQ-0001', transition: 'sospendi', payload: '{}', stato: 'P', tentativi: 0,
      });
    },
    params: { id: 'mx-uscita-0001' },
    outside: 'unscoped',
  },

  // ---- maintenance tickets, feeds, indicator (tests/server/manutenzione.test.ts, flussi.test.ts, indicatori.test.ts) ----
  listTicketManutenzione: { outside: 'unscoped' },
  getTicketManutenzione: { params: { numeroTicket: 'TK-0003' }, outside: { params: { numeroTicket: 'TK-0004' }, expect: 404 } },
  listTicketMessaggio: { params: { numeroTicket: 'TK-0003' }, outside: { params: { numeroTicket: 'TK-0004' }, expect: 'empty' } },
  insertRisposta: {
    // A fresh suspended ticket per 2xx call; another bank's ticket is 404 with the operation's own detail (manutenzione.test.ts).
    prepare: async () => {
      const n = next();
      await db()('ticket_manutenzione').insert({ numero_ticket: `MX-T${n}`, idchiamata: `MX-C${n}`, term_id: `304807${n}`, cod_abi: '30480', data_apertura: '2026-11-01', stato: '6' });
    },
    body: () => ({ idchiamata: `MX-C${String(seq).padStart(2, '0')}`, termid: `304807${String(seq).padStart(2, '0')}`, risposta: 'Risposta della matrice' }),
    outside: 'unscoped',
  },
  storicoTicket: { params: { termId: '30480001' }, outside: { params: { termId: '34256001' }, expect: 'empty' } },
  ricercaFlussi: { query: { tipo: '01', valore: '30480001', dataDa: '2026-01-01', dataA: '2026-12-31' }, outside: 'unscoped' },
  getFlussoFileRecord: { params: { nomeFile: 'FTMERC_30480_20261115.txt', numRiga: '1' }, outside: { params: { nomeFile: 'FTMERC_34256_20261116.txt', numRiga: '1' }, expect: 404 } },
  getFlussoBancaRecord: { params: { id: 'fb-30480-0001' }, outside: { params: { id: 'fb-34256-0001' }, expect: 404 } },
  scaricaFlussoFile: { params: { nomeFile: 'FTMERC_30480_20261115.txt', numRiga: '1' }, outside: { params: { nomeFile: 'FTMERC_34256_20261116.txt', numRiga: '1' }, expect: 404 } },
  scaricaFlussoBanca: { params: { id: 'fb-30480-0001' }, outside: { params: { id: 'fb-34256-0001' }, expect: 404 } },
  indicatoreSospesiBanca: { outside: 'unscoped' },

  // ---- audit trail and configuration keys (no entity of their own; the audit test checks the trail's scope) ----
  auditTrail: { query: { entity: 'Banca', key: '30480' }, outside: 'unscoped' },
  listConfig: { outside: 'unscoped' },
  getConfig: { params: { key: 'TRANSATO_DOWNLOAD_ASINCRONO_TIME' }, outside: 'unscoped' },
  configExists: { params: { key: 'TRANSATO_DOWNLOAD_ASINCRONO_ABI', value: '30480' }, outside: 'unscoped' },
  setConfig: { params: { key: 'TRANSATO_DOWNLOAD_ASINCRONO_TIME' }, body: () => ({ value: '300' }), outside: 'unscoped' },
  resetConfig: { params: { key: 'TRANSATO_DOWNLOAD_ASINCRONO_TIME' }, outside: 'unscoped' },

  // ---- push agents, municipalities, promotions (tests/server/agenti-push.test.ts, assistenza.test.ts): shared catalogues ----
  listAgentePush: { outside: 'unscoped' },
  createAgentePush: { body: () => ({ codAgente: `MX${next()}`, nome: 'Agente matrice' }), outside: 'unscoped' },
  getAgentePush: { params: { codAgente: 'AG004' }, outside: 'unscoped' },
  updateAgentePush: { params: { codAgente: 'AG004' }, body: () => ({ codAgente: 'AG004', nome: 'Anna Neri', attivo: true }), outside: 'unscoped' },
  deleteAgentePush: {
    prepare: async () => { await db()('agente_push').insert({ cod_agente: 'MXDEL', nome: 'Da eliminare', attivo: true }); },
    params: { codAgente: 'MXDEL' }, outside: 'unscoped',
  },
  // The counts are of the caller's banks only (agenti-push.test.ts checks them per user).
  reportAttivazioni: { query: { dataDa: '2026-03-01', dataA: '2026-03-31' }, outside: 'unscoped' },
  listComune: { outside: 'unscoped' },
  createComune: { body: () => ({ idComune: `0990${next()}`, comune: 'Comune matrice', provincia: 'MI' }), outside: 'unscoped' },
  // Card companies (seed 002 §7 GET compagnie): public names, the list and record under RIC_CONTR_COMP; unscoped.
  listCompagnia: { outside: 'unscoped' },
  getCompagnia: { params: { codCompagnia: '20' }, outside: 'unscoped' },
  getComune: { params: { idComune: '015146' }, outside: 'unscoped' },
  updateComune: { params: { idComune: '015146' }, body: () => ({ idComune: '015146', comune: 'Milano', provincia: 'MI' }), outside: 'unscoped' },
  // The municipality's postcodes and CABs, kept by the assistance (comuni-corrispondenze.test.ts checks what they do).
  listComuneCab: { params: { idComune: '058091' }, outside: 'unscoped' },
  listComuneCap: { params: { idComune: '058091' }, outside: 'unscoped' },
  replaceComuneCab: { params: { idComune: '058091' }, body: () => [{ cab: '03200' }], outside: 'unscoped' },
  replaceComuneCap: { params: { idComune: '058091' }, body: () => [{ cap: '00118' }, { cap: '00199' }], outside: 'unscoped' },
  deleteComune: {
    prepare: async () => { await db()('comune').insert({ id_comune: '099999', comune: 'Da eliminare', provincia: 'MI' }); },
    params: { idComune: '099999' }, outside: 'unscoped',
  },
  listPromozione: { outside: 'unscoped' },
  createPromozione: {
    body: () => ({ configId: `MX_${next()}`, descrizione: 'Promozione matrice', dataInizio: '2026-01-01', dataFine: '2026-12-31', bancheAssociate: [{ codAbi: '30480' }] }),
    outside: 'unscoped',
  },
  getPromozione: { params: { configId: 'PROMO_ESTATE' }, outside: 'unscoped' },
  updatePromozione: {
    params: { configId: 'PROMO_ESTATE' },
    body: () => ({ configId: 'PROMO_ESTATE', descrizione: 'Promozione estate', dataInizio: '2026-06-01', dataFine: '2026-09-30', bancheAssociate: [{ codAbi: '30480' }] }),
    outside: 'unscoped',
  },
  deletePromozione: {
    prepare: async () => { await db()('promozione').insert({ config_id: 'MX_DEL', descrizione: 'Da eliminare', data_inizio: '2026-01-01', data_fine: '2026-01-31' }); },
    params: { configId: 'MX_DEL' }, outside: 'unscoped',
  },
  listPromozioneBancheAssociate: { params: { configId: 'PROMO_ESTATE' }, outside: 'unscoped' },
  replacePromozioneBancheAssociate: { params: { configId: 'PROMO_ESTATE' }, body: () => [{ codAbi: '30480' }], outside: 'unscoped' },

  // ---- notifications (tests/server/notifiche.test.ts): demo notifications of 30480, NOTIFICA_ALTRUI of 34256 ----
  listNotifica: { outside: 'unscoped' },
  createNotifica: {
    body: () => ({ titolo: 'Matrice', messaggio: 'Matrice', abi: '30480', dataInizio: '2026-01-01' }),
    outside: { body: () => ({ titolo: 'Fuori', messaggio: 'Fuori', abi: '34256', dataInizio: '2026-01-01' }), expect: 403,
      untouched: async () => expect(await db()('notifica').where({ titolo: 'Fuori' }).first()).toBeUndefined() },
  },
  getNotifica: { params: { id: NOTIFICA_30480 }, outside: { params: { id: NOTIFICA_ALTRUI }, expect: 404 } },
  updateNotifica: {
    params: { id: NOTIFICA_30480 }, body: () => ({ titolo: 'Manutenzione programmata', messaggio: 'Testo', abi: '30480', dataInizio: '2026-01-01' }),
    outside: { params: { id: NOTIFICA_ALTRUI }, body: () => ({ titolo: 'Sovrascritta', messaggio: 'x', abi: '34256', dataInizio: '2026-01-01' }), expect: 404,
      untouched: async () => expect((await db()('notifica').where({ id: NOTIFICA_ALTRUI }).first()).titolo).toBe('Altrui') },
  },
  deleteNotifica: {
    prepare: async () => { await db()('notifica').insert({ id: 'mx-notifica-del', titolo: 'Da eliminare', messaggio: 'x', abi: '30480', data_inizio: '2026-01-01' }); },
    params: { id: 'mx-notifica-del' },
    outside: { params: { id: NOTIFICA_ALTRUI }, expect: 404, untouched: () => rowExists('notifica', { id: NOTIFICA_ALTRUI }) },
  },
  getNotificaAllegato: { params: { id: NOTIFICA_30480 }, prepare: async () => { await uploadAttachment(NOTIFICA_30480); }, outside: { params: { id: NOTIFICA_ALTRUI }, expect: 404 } },
  checkNotificaAllegato: { params: { id: NOTIFICA_30480 }, body: pdfUpload, outside: { params: { id: NOTIFICA_ALTRUI }, body: pdfUpload, expect: 404 } },
  updateNotificaAllegato: {
    params: { id: NOTIFICA_30480 }, body: pdfUpload,
    outside: { params: { id: NOTIFICA_ALTRUI }, body: pdfUpload, expect: 404, untouched: async () => expect((await db()('notifica').where({ id: NOTIFICA_ALTRUI }).first()).allegato).toBeNull() },
  },
  // The caller's own notifications: those of the banks he is assigned to (mx.full to 30480).
  notificheAttive: { prepare: () => assign('mx.full', '30480'), outside: 'unscoped' },
  storicoNotifiche: { prepare: () => assign('mx.full', '30480'), outside: 'unscoped' },
  nonMostrarePiu: { prepare: () => assign('mx.full', '30480'), params: { id: NOTIFICA_30480 }, outside: { params: { id: NOTIFICA_ALTRUI }, expect: 404 } },
  allegatoNotifica: {
    prepare: async () => { await assign('mx.full', '30480'); await uploadAttachment(NOTIFICA_30480_V1); },
    params: { id: NOTIFICA_30480_V1 }, query: { versione: '1.0' },
    outside: { params: { id: NOTIFICA_ALTRUI }, expect: 404 },
  },
  listNotificaUtente: { outside: 'unscoped' },
  assegnaNotificaUtente: {
    prepare: async () => { await db()('notifica_utente').where({ user_id: 'mx.target', abi: '30480' }).delete(); },
    body: () => ({ userId: 'mx.target', abi: '30480' }),
    outside: { body: () => ({ userId: 'mx.altrui', abi: '34256' }), expect: 403,
      untouched: async () => expect(await db()('notifica_utente').where({ abi: '34256' }).pluck('user_id')).toEqual(['mx.altrui']) },
  },
  rimuoviNotificaUtente: {
    prepare: () => assign('mx.target', '30480'),
    params: { userId: 'mx.target', abi: '30480' },
    outside: { params: { userId: 'mx.altrui', abi: '34256' }, expect: 404, untouched: () => rowExists('notifica_utente', { user_id: 'mx.altrui', abi: '34256' }) },
  },
  assegnaNotificheBanca: {
    params: { abi: '30480' },
    outside: { params: { abi: '34256' }, expect: 403, untouched: async () => expect(await db()('notifica_utente').where({ abi: '34256' }).pluck('user_id')).toEqual(['mx.altrui']) },
  },
  rimuoviNotificheBanca: {
    params: { abi: '30480' },
    outside: { params: { abi: '34256' }, expect: 403, untouched: () => rowExists('notifica_utente', { user_id: 'mx.altrui', abi: '34256' }) },
  },

  // ---- users ----
  listUtente: { outside: 'unscoped' },
  createUtente: {
    body: () => ({ username: `mx.nuovo${next()}`, fullName: 'Nuovo utente', group: '30480', authorities: [{ roleName: 'BANCA_FILIALE' }] }),
    outside: { body: () => ({ username: 'mx.intruso', group: '34256', authorities: [{ roleName: 'BANCA_SEDE' }] }), expect: 403,
      untouched: async () => expect(await db()('utente').where({ username: 'mx.intruso' }).first()).toBeUndefined() },
  },
  getUtente: { params: { username: 'mx.target' }, outside: { params: { username: 'mx.altrui' }, expect: 404 } },
  updateUtente: {
    params: { username: 'mx.target' }, body: () => ({ username: 'mx.target', group: '30480', fullName: 'Bersaglio aggiornato', email: 'mx.target@test.example' }),
    outside: { params: { username: 'mx.altrui' }, body: () => ({ username: 'mx.altrui', group: '34256', fullName: 'Sovrascritto' }), expect: 404,
      untouched: async () => expect((await db()('utente').where({ username: 'mx.altrui' }).first()).full_name).toBe('Utente mx.altrui') },
  },
  deleteUtente: {
    prepare: async () => { await db()('utente').insert({ username: 'mx.daeliminare', group: '30480' }); },
    params: { username: 'mx.daeliminare' },
    outside: { params: { username: 'mx.altrui' }, expect: 404, untouched: () => rowExists('utente', { username: 'mx.altrui' }) },
  },
  listUtenteAuthorities: { params: { username: 'mx.target' }, outside: { params: { username: 'mx.altrui' }, expect: 404 } },
  replaceUtenteAuthorities: {
    params: { username: 'mx.target' }, body: () => [{ roleName: 'BANCA_FILIALE' }],
    outside: { params: { username: 'mx.altrui' }, body: () => [{ roleName: 'BANCA_FILIALE' }], expect: 404,
      untouched: async () => expect(await db()('utente_ruolo').where({ username: 'mx.altrui' }).pluck('role_name')).toEqual(['BANCA_SEDE']) },
  },

  // ---- the business portal's users (spec/sicurezza/utente-esercente.yaml, a view of Utente scoped by group) ----
  listUtenteEsercente: { outside: 'unscoped' },
  createUtenteEsercente: {
    body: () => ({ username: `mx.eser${next()}`, email: 'mx.eser@test.example', group: '30480-0001234', authorities: [{ roleName: 'MERCHANT_OP_STAT' }], negozi: [{ pdvid: '1001' }] }),
    outside: { body: () => ({ username: 'mx.eser.intruso', email: 'mx.intruso@test.example', group: '34256', authorities: [] }), expect: 403,
      untouched: async () => expect(await db()('utente').where({ username: 'mx.eser.intruso' }).first()).toBeUndefined() },
  },
  getUtenteEsercente: { params: { username: 'mx.target' }, outside: { params: { username: 'mx.altrui' }, expect: 404 } },
  updateUtenteEsercente: {
    params: { username: 'mx.target' }, body: () => ({ username: 'mx.target', group: '30480', fullName: 'Bersaglio aggiornato', email: 'mx.target@test.example' }),
    outside: { params: { username: 'mx.altrui' }, body: () => ({ username: 'mx.altrui', group: '34256', fullName: 'Sovrascritto', email: 'mx.altrui@test.example' }), expect: 404,
      untouched: async () => expect((await db()('utente').where({ username: 'mx.altrui' }).first()).full_name).toBe('Utente mx.altrui') },
  },
  listUtenteEsercenteAuthorities: { params: { username: 'mx.target' }, outside: { params: { username: 'mx.altrui' }, expect: 404 } },
  replaceUtenteEsercenteAuthorities: {
    params: { username: 'mx.target' }, body: () => [{ roleName: 'MERCHANT_OP_STAT' }],
    outside: { params: { username: 'mx.altrui' }, body: () => [{ roleName: 'MERCHANT_OP_STAT' }], expect: 404,
      untouched: async () => expect(await db()('utente_ruolo').where({ username: 'mx.altrui' }).pluck('role_name')).toEqual(['BANCA_SEDE']) },
  },
  listUtenteEsercenteNegozi: { params: { username: 'mx.target' }, outside: { params: { username: 'mx.altrui' }, expect: 404 } },
  replaceUtenteEsercenteNegozi: {
    params: { username: 'mx.target' }, body: () => [{ pdvid: '1001' }],
    outside: { params: { username: 'mx.altrui' }, body: () => [{ pdvid: '1001' }], expect: 404,
      untouched: async () => expect(await db()('utente_negozio').where({ username: 'mx.altrui' })).toEqual([]) },
  },
  // ---- the staff's merchant users (spec/sicurezza/utente-merchant.yaml, a view of Utente over merchant groups) ----
  listUtenteMerchant: { outside: 'unscoped' },
  createUtenteMerchant: {
    // Its own counter: `next()` feeds the 3-character POS codes, which a hundredth call would overflow.
    body: () => ({ username: `mx.merc${++merchantUserSeq}`, email: 'mx.merc@test.example', emailConferma: 'mx.merc@test.example', group: '30480-0001234' }),
    outside: { body: () => ({ username: 'mx.merc.intruso', email: 'mx.intruso@test.example', group: '34256-0007777' }), expect: 403,
      untouched: async () => expect(await db()('utente').where({ username: 'mx.merc.intruso' }).first()).toBeUndefined() },
  },
  getUtenteMerchant: { params: { username: 'operatore.0001234' }, outside: { params: { username: 'mx.altrui.merchant' }, expect: 404 } },
  updateUtenteMerchant: {
    params: { username: 'operatore.0001234' }, body: () => ({ username: 'operatore.0001234', group: '30480-0001234', fullName: 'Operatore aggiornato', email: 'operatore@esercente.example' }),
    outside: { params: { username: 'mx.altrui.merchant' }, body: () => ({ username: 'mx.altrui.merchant', group: '34256-0007777', fullName: 'Sovrascritto', email: 'mx.altrui@test.example' }), expect: 404,
      untouched: async () => expect((await db()('utente').where({ username: 'mx.altrui.merchant' }).first()).full_name).toBe('Utente mx.altrui.merchant') },
  },
  listUtenteMerchantAuthorities: { params: { username: 'operatore.0001234' }, outside: { params: { username: 'mx.altrui.merchant' }, expect: 404 } },
  replaceUtenteMerchantAuthorities: {
    params: { username: 'operatore.0001234' }, body: () => [{ roleName: 'MERCHANT_OP_STAT' }],
    outside: { params: { username: 'mx.altrui.merchant' }, body: () => [{ roleName: 'MERCHANT_OP_STAT' }], expect: 404,
      untouched: async () => expect(await db()('utente_ruolo').where({ username: 'mx.altrui.merchant' }).pluck('role_name')).toEqual(['ROLE_WPB']) },
  },
  merchantResetPassword: {
    params: { username: 'operatore.0001234' },
    outside: { params: { username: 'mx.altrui.merchant' }, expect: 404, untouched: async () => expect(await db()('mail_outbox').where({ username: 'mx.altrui.merchant' })).toEqual([]) },
  },
  // ---- contracts by company (tests/server/contratti-compagnie.test.ts) ----
  listContrattoCompagnia: { query: { codCompagnie: '20' }, outside: 'unscoped' },
  exportContrattoCompagnia: { query: { formato: 'csv', codCompagnie: '20' }, outside: 'unscoped' },
  getContrattoCompagnia: { params: { id: 'ctr-30480-01' }, outside: { params: { id: CONTRATTO_ALTRUI }, expect: 404 } },
  createContrattoCompagnia: {
    body: () => ({ codAbi: '30480', termid: '30480003', codCompagnie: '20', dataStampaContratto: '2026-11-02' }),
    outside: { body: () => ({ codAbi: '34256', termid: '34256001', codCompagnie: '21', dataStampaContratto: '2026-11-02' }), expect: 403,
      untouched: async () => expect(await db()('contratto_compagnia').where({ termid: '34256001', cod_compagnie: '21' })).toEqual([]) },
  },
  segnaRicevutoContrattoCompagnia: contractSample('segnaRicevuto', '01'),
  annullaRicezioneContrattoCompagnia: contractSample('annullaRicezione', '02'),
  spedisciCompagniaContrattoCompagnia: contractSample('spedisciCompagnia', '02'),
  spedisciCompagniaDaSegnalazioneContrattoCompagnia: contractSample('spedisciCompagniaDaSegnalazione', '06'),
  segnaErroreContrattoCompagnia: contractSample('segnaErrore', '02'),
  ripristinaContrattoCompagnia: contractSample('ripristina', '00'),
  annullaSpedizioneContrattoCompagnia: contractSample('annullaSpedizione', '03', { stato_precedente: '02' }),
  ripristinaSegnalazioneContrattoCompagnia: contractSample('ripristinaSegnalazione', '03', { stato_precedente: '06' }),
  declinaContrattoCompagnia: contractSample('declina', '06'),
  scartaContrattoCompagnia: contractSample('scarta', '07', { esito_compagnia: 'DEC' }),
  registraConvenzioneContrattoCompagnia: contractSample('registraConvenzione', '04', { cod_compagnie: 'F1C' }),
  salvaNotaContrattoCompagnia: contractSample('salvaNota', '00', {}, () => ({ tipo: 'T', testo: 'Nota della matrice' })),
  eliminaNotaContrattoCompagnia: contractSample('eliminaNota', '00', { nota: 'Da eliminare' }, () => ({ tipo: 'T' })),
  declinaElettronicoContrattoCompagnia: contractSample('declinaElettronico', '01', { stato_conv_elettronico: '06' }),
  sollecitoContratti: { query: { codCompagnie: '20' }, outside: 'unscoped' },
  stampaTestapacco: {
    prepare: async () => {
      await db()('contratto_compagnia').where({ id: 'mx-ctr-testapacco' }).delete();
      await db()('contratto_compagnia').insert({ id: 'mx-ctr-testapacco', cod_abi: '30480', termid: '30480001', cod_compagnie: '20', data_stampa_contratto: '2026-11-02', stato_conv: '03', origine: 'W', cab: '01600' });
    },
    body: () => ({ contratti: 'mx-ctr-testapacco' }),
    // Another bank's contract answers as a missing one, with the operation's own message on `contratti` (the
    // contract fuzzer needs it), which the matrix's bare 404 does not expect: tests/server/contratti-compagnie.test.ts.
    outside: 'unscoped',
  },
  ristampaTestapacco: { params: { id: 'mx-tpk-30480' }, outside: { params: { id: 'mx-tpk-34256' }, expect: 404 } },
  listTestapacco: { outside: 'unscoped' },
  getTestapacco: { params: { id: 'mx-tpk-30480' }, outside: { params: { id: 'mx-tpk-34256' }, expect: 404 } },
  // The upload of rejects belongs to no bank (a company's file): access only.
  listCaricamentoScarti: { outside: 'unscoped' },
  createCaricamentoScarti: { body: () => ({ codCompagnia: '20' }), outside: 'unscoped' },
  getCaricamentoScarti: { params: { id: 'mx-scarti' }, outside: 'unscoped' },
  updateCaricamentoScarti: { params: { id: 'mx-scarti' }, body: () => ({ codCompagnia: '20' }), outside: 'unscoped' },
  getCaricamentoScartiFile: {
    params: { id: 'mx-scarti' },
    prepare: async () => {
      const { contentType, body } = rejectsUpload()[MULTIPART];
      const etag = (await app.request.get(`${API}/scartiCompagnie/mx-scarti`)).headers.etag;
      expect((await app.request.put(`${API}/scartiCompagnie/mx-scarti/file`).set('If-Match', etag).set('Content-Type', contentType).send(body)).status).toBe(200);
    },
    outside: 'unscoped',
  },
  checkCaricamentoScartiFile: { params: { id: 'mx-scarti' }, body: rejectsUpload, outside: 'unscoped' },
  updateCaricamentoScartiFile: { params: { id: 'mx-scarti' }, body: rejectsUpload, outside: 'unscoped' },
  businessResetPassword: {
    params: { username: 'mx.target' },
    outside: { params: { username: 'mx.altrui' }, expect: 404, untouched: async () => expect(await db()('mail_outbox').where({ username: 'mx.altrui' }).whereNot({ id: 'mx-mail-0002' })).toEqual([]) },
  },

  // ---- monitors (seed 002 §2 /security/...): rows of bank 34256 are out of 30480's scope; unblocking is assistance's ----
  listMonitorStorni: { outside: 'unscoped' },
  getMonitorStorni: { params: { abi: '30480', codiceSiaEsercente: 'S0002345' }, outside: { params: { abi: '34256', codiceSiaEsercente: 'S0003456' }, expect: 404 } },
  exportMonitorStorni: { query: { formato: 'xlsx' }, outside: 'unscoped' },
  sbloccaMonitorStorni: {
    prepare: async () => { await db()('monitor_storni').where({ abi: '30480', codice_sia_esercente: 'S0004567' }).update({ bloccato: 'S' }); },
    params: { abi: '30480', codiceSiaEsercente: 'S0004567' }, okAs: 'assistenza',
    outside: { params: { abi: '34256', codiceSiaEsercente: 'S0003456' }, expect: 404, untouched: storniBlocked },
  },
  sbloccaMonitorStorniMultiplo: {
    prepare: async () => { await db()('monitor_storni').where({ abi: '30480', codice_sia_esercente: 'S0005678' }).update({ bloccato: 'S' }); },
    body: () => ({ keys: [{ abi: '30480', codiceSiaEsercente: 'S0005678' }] }), okAs: 'assistenza',
    outside: { body: () => ({ keys: [{ abi: '34256', codiceSiaEsercente: 'S0003456' }] }), expect: 'rowsMissing', untouched: storniBlocked },
  },
  listMonitorTransato: { outside: 'unscoped' },
  getMonitorTransato: { params: TRANSATO_30480, outside: { params: TRANSATO_34256, expect: 404 } },
  exportMonitorTransato: { query: { formato: 'xlsx' }, outside: 'unscoped' },
  sbloccaMonitorTransato: {
    prepare: async () => { await db()('monitor_transato').where({ abi: '30480', cod_esercente: '0002345' }).update({ bloccato: 'S' }); },
    params: TRANSATO_30480, okAs: 'assistenza',
    outside: { params: TRANSATO_34256, expect: 404, untouched: transatoBlocked },
  },
  sbloccaMonitorTransatoMultiplo: {
    prepare: async () => { await db()('monitor_transato').where({ abi: '30480', cod_esercente: '0005678' }).update({ bloccato: 'S' }); },
    body: () => ({ keys: [{ abi: '30480', codEsercente: '0005678', dataRiferimento: '2026-11-01' }] }), okAs: 'assistenza',
    outside: { body: () => ({ keys: [TRANSATO_34256] }), expect: 'rowsMissing', untouched: transatoBlocked },
  },
  listSogliaRischioFrodi: { outside: 'unscoped' },
  getSogliaRischioFrodi: { params: { codNegozio: '1001' }, outside: { params: { codNegozio: '3001' }, expect: 404 } },
  exportSogliaRischioFrodi: { query: { formato: 'xlsx' }, outside: 'unscoped' },
  // Seed 002 §7 resetSoglieTotali: store 4001 is past its thresholds; 3001 is bank 34256's.
  resetSoglieTotaliSogliaRischioFrodi: {
    prepare: async () => { await db()('soglia_rischio_frodi').where({ cod_negozio: '4001' }).update({ stato: 'S', transato_cnp: 30000 }); },
    params: { codNegozio: '4001' }, okAs: 'assistenza',
    outside: { params: { codNegozio: '3001' }, expect: 404, untouched: async () => expect(Number((await db()('soglia_rischio_frodi').where({ cod_negozio: '3001' }).first()).transato_cp)).toBe(97500) },
  },
  resetSoglieTotaliSogliaRischioFrodiMultiplo: {
    prepare: async () => { await db()('soglia_rischio_frodi').where({ cod_negozio: '1001' }).update({ stato: 'S', transato_cnp: 30000 }); },
    body: () => ({ keys: [{ codNegozio: '1001' }] }), okAs: 'assistenza',
    outside: { body: () => ({ keys: [{ codNegozio: '3001' }] }), expect: 'rowsMissing', untouched: async () => expect(Number((await db()('soglia_rischio_frodi').where({ cod_negozio: '3001' }).first()).transato_cp)).toBe(97500) },
  },
  updateSogliaRischioFrodi: {
    params: { codNegozio: '1002' }, body: () => ({ codNegozio: '1002', ...SOGLIE }),
    outside: { params: { codNegozio: '3001' }, body: () => ({ codNegozio: '3001', ...SOGLIE }), expect: 404,
      untouched: async () => expect(Number((await db()('soglia_rischio_frodi').where({ cod_negozio: '3001' }).first()).soglia_transato_cp)).toBe(80000) },
  },
  listDestinatariRischio: { query: { abiBanca: '30480' }, outside: 'unscoped' },
  listUtenteBancaRischio: { outside: 'unscoped' },
  getDestinatariRischio: { params: { codAbi: '30480' }, outside: { params: { codAbi: '34256' }, expect: 404 } },
  updateDestinatariRischio: {
    params: { codAbi: '30480' }, body: () => ({ codAbi: '30480', associati: [{ username: 'sede.30480' }] }),
    outside: { params: { codAbi: '34256' }, body: () => ({ codAbi: '34256', associati: [] }), expect: 404, untouched: noRecipientsOf34256 },
  },
  listDestinatariRischioAssociati: { params: { codAbi: '30480' }, outside: { params: { codAbi: '34256' }, expect: 404 } },
  replaceDestinatariRischioAssociati: {
    params: { codAbi: '30480' }, body: () => [{ username: 'sede.30480' }],
    outside: { params: { codAbi: '34256' }, body: () => [], expect: 404, untouched: noRecipientsOf34256 },
  },
  listTemplateMailRischio: { outside: 'unscoped' },
  createTemplateMailRischio: {
    // Bank 30480 has every mail: the one created is removed first.
    prepare: async () => {
      await db()('template_mail_destinatario').where({ cod_abi: '30480', template_mail_key: 'monitorTransato' }).delete();
      await db()('template_mail_rischio').where({ cod_abi: '30480', chiave: 'monitorTransato' }).delete();
    },
    body: () => templateBody('30480', 'monitorTransato'),
    outside: { body: () => templateBody('34256', 'monitorTransato'), expect: 403,
      untouched: async () => expect(await db()('template_mail_rischio').where({ cod_abi: '34256', chiave: 'monitorTransato' }).first()).toBeUndefined() },
  },
  getTemplateMailRischio: { params: { codAbi: '30480', chiave: 'rischioFrodi' }, outside: { params: { codAbi: '34256', chiave: 'rischioFrodi' }, expect: 404 } },
  updateTemplateMailRischio: {
    params: { codAbi: '30480', chiave: 'monitorStorni' }, body: () => templateBody('30480', 'monitorStorni'),
    outside: { params: { codAbi: '34256', chiave: 'rischioFrodi' }, body: () => templateBody('34256', 'rischioFrodi'), expect: 404, untouched: template34256Untouched },
  },
  listTemplateMailRischioDestinatari: { params: { codAbi: '30480', chiave: 'rischioFrodi' }, outside: { params: { codAbi: '34256', chiave: 'rischioFrodi' }, expect: 404 } },
  replaceTemplateMailRischioDestinatari: {
    params: { codAbi: '30480', chiave: 'monitorStorni' }, body: () => [{ email: 'matrice@bcc-esempio.example' }],
    outside: { params: { codAbi: '34256', chiave: 'rischioFrodi' }, body: () => [{ email: 'matrice@bcc-esempio.example' }], expect: 404, untouched: template34256Untouched },
  },
};

/**
 * Exports (server/exports/): each list's export takes the list's own path parameters and answers 202 with a
 * job; the job's rows follow the caller's scope when it runs (tests/server/platform/exports.test.ts), so here only
 * access is checked. The job's status and file belong to whoever asked: a finished export of mx.full.
 */
for (const op of OPERATIONS.filter((o) => o.kind === 'export')) {
  SAMPLES[op.operationId] ??= { params: SAMPLES[`list${op.entity}`]?.params, query: { formato: 'csv' }, outside: 'unscoped' };
}
const exportJob: Record<string, string> = { id: 'mx-nessuna-esportazione' };
async function finishedExport(): Promise<string> {
  const token = present(tokens.get('mx.full'), "mx.full's token");
  const started = await app.anonymous.post(`${API}/filiali/esportazioni`).query({ formato: 'csv' }).set('X-AuthToken', token);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (let i = 0; i < 100; i++) {
    const job = await app.anonymous.get(`${API}/esportazioni/${started.body.id}`).set('X-AuthToken', token);
    if (job.body.stato === 'S') return started.body.id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the export did not finish in 10 s');
}
SAMPLES.getExportJob = { params: exportJob, prepare: async () => { exportJob.id = await finishedExport(); }, outside: 'unscoped' };
SAMPLES.downloadExportJob = { params: exportJob, prepare: async () => { exportJob.id = await finishedExport(); }, outside: 'unscoped' };

// ---------------------------------------------------------------------------------------------

const tokens = new Map<string, string>();
async function loginToken(username: string, userType = 'banca'): Promise<string> {
  const res = await app.anonymous.post(`${API}/authorization/auth?userType=${userType}`).send({ username, password: DEMO_PASSWORD });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}
type ThrowawayKind = 'noFn' | 'noAction' | 'only';
const ROLE_PREFIX: Record<ThrowawayKind, string> = { noFn: 'SENZA_FN', noAction: 'SENZA_AZ', only: 'SOLO' };
const roleFor = (permission: string, kind: ThrowawayKind) => `MX_${ROLE_PREFIX[kind]}_${permission.replace(':', '_')}`.slice(0, 50);
const userFor = (permission: string, kind: ThrowawayKind) => `mx.${kind}.${permission.replace(':', '.').toLowerCase()}`;

/**
 * Writes of an existing row need its version in If-Match (server/crud/concurrency.ts): read as assistance
 * with GET of the same URL, so the version is right and only the caller's grant and scope decide.
 */
async function versionFor(op: DocOp, url: string): Promise<Record<string, string>> {
  // A file upload's version is its row's: the URL without /<field>.
  if (op.kind === 'fileUpdate') return { 'If-Match': headerOf(await app.request.get(url.replace(/\/[^/]+$/, '')), 'etag') ?? '"nessuna"' };
  if (!['update', 'delete', 'childReplace'].includes(op.kind ?? '')) return {};
  return { 'If-Match': headerOf(await app.request.get(url), 'etag') ?? '"nessuna"' };
}

async function call(op: DocOp, token: string | undefined, params: Record<string, string> | undefined, body: object | undefined, query?: Record<string, string>) {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${op.operationId}: no sample value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const version = await versionFor(op, `${API}${path}`);
  let req = (app.anonymous[op.method])(`${API}${path}`).set(version);
  if (query) req = req.query(query);
  if (token !== undefined) req = req.set('X-AuthToken', token);
  if (body !== undefined && isMultipart(body)) req = req.set('Content-Type', body[MULTIPART].contentType).send(body[MULTIPART].body);
  else if (body !== undefined) req = req.send(body);
  return req;
}
const sampleCall = (op: DocOp, sample: Sample, token: string | undefined) => call(op, token, sample.params, sample.body?.(), sample.query);

/**
 * A marker counts where it stands on its own: a random identifier ('34256925-b48b-...', an attachment's uuid)
 * may hold a bank code's digits, and did, failing one run in a few thousand.
 */
function expectNoForeignData(body: unknown) {
  const text = JSON.stringify(body ?? '');
  for (const marker of FOREIGN_MARKERS) {
    const alone = new RegExp(`(?<![0-9A-Za-z])${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`);
    expect(text, `answer leaks "${marker}"`).not.toMatch(alone);
  }
}

beforeAll(async () => {
  app = await createTestApp();
  // Rows the samples name: a user and a role of bank 30480 (in scope), and of bank 34256 (out of scope).
  await addRole('11000', 'MX_TUTTO', [['*', '*']]);
  await addUser('mx.full', '30480', ['MX_TUTTO']); // every grant, but a bank user: scope is bank 30480 only
  await addUser('mx.target', '30480', ['BANCA_FILIALE']);
  await addUser('mx.altrui', '34256', ['BANCA_SEDE']);
  // A merchant of bank 34256 and its administrator: the staff's merchant users (UtenteMerchant) of another bank.
  await db()('gruppo').insert({ group_name: '34256-0007777', description: 'Esercente altrui', group_type: 'M', parent_group: '34256' });
  await addUser('mx.altrui.merchant', '34256-0007777', ['ROLE_WPB']);
  await addRole('30480', 'MX_LOCALE', [['ANAG_BANCHE', 'VISUALIZZAZIONE']]);
  await addRole('34256', 'MX_ALTRUI', [['ANAG_BANCHE', 'VISUALIZZAZIONE']]);
  await db()('mail_outbox').insert({ id: 'mx-mail-0001', created_at: new Date().toISOString(), recipient: 'mx.target@test.example', subject: 'Prova', body: 'Prova', username: 'mx.target', group: '30480' });
  await db()('mail_outbox').insert({ id: 'mx-mail-0002', created_at: new Date().toISOString(), recipient: 'mx.altrui@test.example', subject: 'Prova', body: 'Prova', username: 'mx.altrui', group: '34256' });
  // Notifications: one of bank 34256 and its user's assignment (out of scope for mx.full).
  await db()('notifica').insert({ id: NOTIFICA_ALTRUI, titolo: 'Altrui', messaggio: 'Altrui', abi: '34256', data_inizio: '2026-01-01' });
  await db()('notifica_utente').insert({ user_id: 'mx.altrui', abi: '34256' });
  // Contracts by company: a cover sheet of each bank (with a contract on the 30480 one), a rejects upload.
  await db()('testapacco').insert([
    { id: 'mx-tpk-30480', tipo: 'S', cod_abi: '30480', cod_compagnia: '20', num_contratti: 1, terminali: '30480002', creato_da: 'sede.30480', creato_il: '2026-11-02T10:00:00.000Z' },
    { id: 'mx-tpk-34256', tipo: 'S', cod_abi: '34256', cod_compagnia: '20', num_contratti: 1, terminali: '34256001', creato_da: 'mx.altrui', creato_il: '2026-11-02T10:00:00.000Z' },
  ]);
  await db()('contratto_compagnia').insert({ id: 'mx-ctr-tpk', cod_abi: '30480', termid: '30480002', cod_compagnie: '20', data_stampa_contratto: '2026-11-02', stato_conv: '03', origine: 'W', cab: '01600', id_doc_spedizione_compagnia: 'mx-tpk-30480' });
  await db()('caricamento_scarti').insert({ id: 'mx-scarti', cod_compagnia: '20' });
  // Documents of Hotel Dolomiti (0003456, bank 34256, store 3001): out of scope for mx.full.
  await db()('fattura_esercente').insert({ id: ALTRUI_34256, cod_abi: '34256', codice_master: '0003456', numero_fattura: 'ALTRUI', data_fattura: '2026-09-30' });
  await db()('contratto_esercente').insert({ id: ALTRUI_34256, abi: '34256', cod_eser: '0003456', num_contratto: 'ALTRUI', data_stipula: '2025-01-01' });
  await db()('lettera_addebito').insert({ id: ALTRUI_34256, abi: '34256', cod_esercente: '0003456', cod_negozio: '3001', data_riferimento: '2026-09-01', tipologia: 'COM' });
  await db()('report_transazioni_banca').insert({ id: ALTRUI_34256, cod_abi: '34256', mese: '2026-09' });
  // The product sheets (spec/profilo/scheda-prodotto.yaml): the push model G03, on a terminal of Hotel Dolomiti only.
  await db()('terminale').insert({ posid: '34256998', pdvid: '3001', cod_eser: '0003456', abi: '34256', cod_modpos: 'G03', tipo_conn: 'U', tipo_modpos: 'F', enable: true });
  await db()('report_transazioni_esercente').insert({ id: ALTRUI_34256, cod_abi: '34256', cod_eserc: '0003456', mese: '2026-09' });
  await db()('contratto_acquiring').insert({ id: ALTRUI_34256, abi: '34256', cod_eser: '0003456', pdvid: '3001', cod_compagnia: '20', data_contratto: '2025-01-01', contratto_visualizzato: 'N' });
  // Pay-by-mail of Hotel Dolomiti (spec/pwmail/): a reserved payment and a mail text, out of scope for mx.full.
  await db()('pagamento_mail').insert({ tid: PWM_ALTRUI, cod_abi: '34256', cod_esercente: '0003456', shop_id: '3001', data_richiesta: '2026-11-20', importo: 10, amount: 1000,
    shop_user_ref: 'Altrui', tipo_invio: 'LINK', lingua_invio: 'IT', tr_type: 'AUTH', nome_destinatario: 'Altrui', descrizione: 'Altrui', rc: 'IGFS_000', contabilizzata: false, stato: 'PR' });
  await db()('messaggio_mail').insert({ cod_abi: '34256', cod_esercente: '0003456', lingua: 'IT', messaggio_mail: 'Altrui' });
  await db()('sconto_immediato').insert({ id_sconto: SCONTO_34256, pdvid: '3001', cod_eser: '0003456', abi: '34256', cab: '01800', tipo: 'SI', stato: 'A', email: 'altrui@negozio.example', sconto_min: 7 });

  // For every permission: a user holding every other function (all actions), and one holding every other action of it.
  const functions = Object.keys(MODEL.functions);
  const actions = Object.keys(MODEL.actions);
  // An operation any of several permissions allows: the first user lacks every function of the list, the second
  // holds every action of them but the listed ones; and a user holds each permission of the list alone.
  const requirements = new Map(OPERATIONS.filter((o) => o.permission).map((o) => [requirementOf(o), o.anyOf]));
  for (const [requirement, anyOf] of requirements) {
    const fns = [...new Set(anyOf.map((p) => p.split(':')[0]))];
    const noFn = roleFor(requirement, 'noFn');
    await addRole('11000', noFn, functions.filter((f) => !fns.includes(f)).flatMap((f) => actions.map((a): [string, string] => [f, a])));
    await addUser(userFor(requirement, 'noFn'), '30480', [noFn]);
    const noAction = roleFor(requirement, 'noAction');
    await addRole('11000', noAction, fns.flatMap((fn) => actions.filter((a) => !anyOf.includes(`${fn}:${a}`)).map((a): [string, string] => [fn, a])));
    await addUser(userFor(requirement, 'noAction'), '30480', [noAction]);
  }
  const alone = [...new Set([...requirements.values()].filter((anyOf) => anyOf.length > 1).flat())];
  for (const permission of alone) {
    const [fn, action] = permission.split(':');
    await addRole('11000', roleFor(permission, 'only'), [[fn, action]]);
    await addUser(userFor(permission, 'only'), '30480', [roleFor(permission, 'only')]);
  }
  for (const u of ['mx.full', 'agente.push', ...[...requirements.keys()].flatMap((p) => [userFor(p, 'noFn'), userFor(p, 'noAction')]), ...alone.map((p) => userFor(p, 'only'))]) {
    tokens.set(u, await loginToken(u));
  }

  const revoked = await loginToken('mx.full');
  expect((await app.anonymous.delete(`${API}/authorization/logout/`).set('X-AuthToken', revoked)).status).toBe(204);
  tokens.set('revoked', revoked);
  const expired = await loginToken('mx.full');
  const { createHash } = await import('node:crypto');
  const hash = (t: string) => createHash('sha256').update(t).digest('hex');
  await db()('sessione').where({ token_hash: hash(expired) }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
  tokens.set('expired', expired);
  const idle = await loginToken('mx.full');
  await db()('sessione').where({ token_hash: hash(idle) }).update({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() });
  tokens.set('idle', idle);
}, 300_000); // two logins per permission (password hashing): minutes on a loaded machine
afterAll(() => app.close());

describe('the document declares a permission for every operation, and the matrix has a sample for each', () => {
  it('finds the operations of generated/openapi.json', () => {
    expect(OPERATIONS.length).toBeGreaterThan(40);
  });

  it('every operation declares x-access public or authenticated, or permission with an x-permission FUNCTION:ACTION of the spec', () => {
    const undeclared = OPERATIONS.filter((op) => !(
      op.access === 'public' || op.access === 'authenticated'
      || (op.access === 'permission' && typeof op.permission === 'string' && /^[A-Z][A-Z0-9_]*:[A-Z][A-Z0-9_]*$/.test(op.permission)
        && op.permission.split(':')[0] in MODEL.functions && op.permission.split(':')[1] in MODEL.actions)
    )).map((op) => `${op.operationId} (${op.method.toUpperCase()} ${op.path}): x-access=${op.access} x-permission=${op.permission}`);
    expect(undeclared).toEqual([]);
  });

  it('every operation has a sample request in SAMPLES (add one for a new operation)', () => {
    expect(OPERATIONS.filter((op) => !SAMPLES[op.operationId]).map((op) => `${op.operationId} (${op.method.toUpperCase()} ${op.path})`)).toEqual([]);
  });

  it('SAMPLES names no operation the document lacks', () => {
    const ids = new Set(OPERATIONS.map((o) => o.operationId));
    expect(Object.keys(SAMPLES).filter((id) => !ids.has(id))).toEqual([]);
  });

  // A list, like its export, shows another bank's rows to nobody: its scope is a filter (platform/exports.test.ts checks the file's rows).
  it('every operation on a row of a bank-scoped entity has an out-of-scope sample', () => {
    const scoped = new Set(MODEL.entities.filter((e) => e.scope.bank).map((e) => e.name));
    // A list, an export and a report answer what is in scope and never refuse a row: nothing is out of scope to ask.
    const missing = OPERATIONS.filter((op) => op.entity && scoped.has(op.entity) && !['list', 'export', 'report', 'reportExport'].includes(op.kind ?? '') && SAMPLES[op.operationId]?.outside === 'unscoped');
    expect(missing.map((op) => op.operationId)).toEqual([]);
  });
});

for (const op of OPERATIONS) {
  const sample = SAMPLES[op.operationId];
  if (!sample) continue; // reported by the test above
  const label = `${op.operationId} (${op.method.toUpperCase()} ${op.path}) [${op.access}${op.permission ? ` ${op.permission}` : ''}]`;

  describe(label, () => {
    if (op.access !== 'public') {
      it('no token -> 401 UNAUTHENTICATED', async () => {
        const res = await sampleCall(op, sample, undefined);
        expect(res.status).toBe(401);
        expect(res.body).toEqual(error('UNAUTHENTICATED'));
      });
      for (const kind of ['revoked', 'expired', 'idle'] as const) {
        it(`${kind} token -> 401 UNAUTHENTICATED`, async () => {
          const res = await sampleCall(op, sample, tokens.get(kind));
          expect(res.status).toBe(401);
          expect(res.body).toEqual(error('UNAUTHENTICATED'));
        });
      }
      it('forged token -> 401 UNAUTHENTICATED', async () => {
        const res = await sampleCall(op, sample, 'forged-token-forged-token-forged-token-0000');
        expect(res.status).toBe(401);
        expect(res.body).toEqual(error('UNAUTHENTICATED'));
      });
    }

    if (op.access === 'permission' && op.permission) {
      const requirement = requirementOf(op);
      const fns = [...new Set(op.anyOf.map((p) => p.split(':')[0]))];
      it(`a user lacking the function ${fns.join(', ')} (agente.push, and one holding every other function) -> 403 FORBIDDEN`, async () => {
        // agente.push holds only its own list and report and the push aggregate's registry (spec/demo/07-ruoli.yaml).
        const pushAgent = fns.some((fn) => PUSH_AGENT_FUNCTIONS.has(fn)) ? [] : ['agente.push'];
        for (const user of [...pushAgent, userFor(requirement, 'noFn')]) {
          const res = await sampleCall(op, sample, tokens.get(user));
          expect(res.status, user).toBe(403);
          expect(res.body).toEqual(error('FORBIDDEN'));
        }
      });
      it(`a user with ${fns.join(', ')} but every action except ${op.anyOf.map((p) => p.split(':')[1]).join(', ')} -> 403 FORBIDDEN`, async () => {
        const res = await sampleCall(op, sample, tokens.get(userFor(requirement, 'noAction')));
        expect(res.status).toBe(403);
        if (op.fieldPermissions.length === 0) expect(res.body).toEqual(error('FORBIDDEN'));
        // This user holds a field permission (VARIAZIONE_EMAIL_SEC): let through, then refused on the other fields it sends.
        else expect(res.body).toEqual({ ...error('FORBIDDEN'), details: expect.arrayContaining([expect.objectContaining({ message: error('FORBIDDEN').errorMessage })]) });
      });
    }

    const outside = sample.outside;
    if (outside !== 'unscoped') {
      it(`with the grant but outside the data scope (bank 30480 user on bank 34256) -> ${outside.expect === 'empty' ? 'an empty list' : outside.expect}, never the other bank's data`, async () => {
        const res = await call(op, tokens.get('mx.full'), outside.params ?? sample.params, outside.body?.(), sample.query);
        if (outside.expect === 'empty') {
          expect(res.status).toBe(200);
          expect(res.body).toEqual({ results: [], totalCount: 0 });
        } else if (outside.expect === 'rowsMissing') {
          expect(res.status).toBe(200);
          // The answer echoes only the key the caller sent (which names the other bank's row): nothing of the row.
          expect(res.body).toEqual({ done: 0, failed: 1, results: [{ key: firstKey(outside.body?.()), outcome: 'error', code: 'NOT_FOUND', message: error('NOT_FOUND').errorMessage }] });
        } else {
          expect(res.status).toBe(outside.expect);
          expect(res.body).toEqual(error(outside.expect === 404 ? 'NOT_FOUND' : 'FORBIDDEN'));
        }
        if (outside.expect !== 'rowsMissing') expectNoForeignData(res.body);
        await outside.untouched?.();
      });
    }

    const okAs = sample.okAs ?? 'scoped';
    it(`with the right grant${okAs === 'scoped' ? ' and scope (every grant, bank 30480)' : ' (assistance)'} -> 2xx${okAs === 'scoped' ? ' with no other bank\'s data' : ''}`, async () => {
      await sample.prepare?.();
      const token = sample.freshToken ? await sample.freshToken() : op.access === 'public' ? undefined : okAs === 'assistenza' ? undefined : tokens.get('mx.full');
      const res = okAs === 'assistenza' && !sample.freshToken
        ? await (async () => {
          const path = op.path.replace(/\{([^}]+)\}/g, (_m, n: string) => encodeURIComponent(present(sample.params, `${op.operationId}'s sample parameters`)[n]));
          const version = await versionFor(op, `${API}${path}`);
          let req = (app.request[op.method])(`${API}${path}`).set(version);
          if (sample.query) req = req.query(sample.query);
          const body = sample.body?.();
          return body === undefined ? req : req.send(body);
        })()
        : await sampleCall(op, sample, token);
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      if (okAs === 'scoped') expectNoForeignData(res.body);
    });

    // Any one of an operation's list lets its holder through (seed 001 §6: GES_NEG VARIAZIONE edits a store).
    if (okAs === 'scoped' && !sample.freshToken) {
      for (const permission of op.anyOf.length > 1 ? op.anyOf.slice(1) : []) {
        it(`a user holding only ${permission}, one of ${op.anyOf.join(', ')} -> 2xx`, async () => {
          await sample.prepare?.();
          const res = await sampleCall(op, sample, tokens.get(userFor(permission, 'only')));
          expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
          expectNoForeignData(res.body);
        });
      }
    }
  });
}

