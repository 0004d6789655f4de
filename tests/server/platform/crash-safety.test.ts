/**
 * Crash safety (issue 6 item 4): the real server, as `npm start` runs it, is killed with SIGKILL in the
 * middle of a concurrent write load and started again on the same SQLite file, several times. Every write
 * that was answered 2xx must be there, whole; a write cut off by the kill may be there or not, but never
 * half; the file opens cleanly (integrity and foreign key checks) each time. WAL with synchronous=FULL,
 * why: docs/decisions/0003-sqlite-durability.md.
 *
 * The server runs on the fixture spec (tests/fixtures/README.md, GENERATED_DIR). The writes are multi-row
 * transactions: an order with its delivery and two lines (4 rows), an article of a category the worker
 * created just before (foreign key), a replace of an order's lines (an upsert: delete, update, insert, with the order's
 * version in If-Match).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../../server/config.js';
import { present } from '../../../server/lookup.js';
import { connect } from '../../../server/db/connect.js';
import { FIXTURE_GENERATED_DIR } from '../../support/fixture-paths.js';
import { DEMO_PASSWORD } from '../../support/test-app.js';

const CYCLES = 3;
const WORKERS = 8;
/** Acknowledged writes per cycle before the kill; the load keeps running while it lands. */
const ACKS_BEFORE_KILL = 40;

const dir = mkdtempSync(join(tmpdir(), 'webpos-crash-'));
const sqliteFile = join(dir, 'crash.sqlite');
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Server { child: ChildProcess; api: string; exited: Promise<void> }

/** `node --import tsx server/main.ts` on the test's file and the fixture; resolves on its "listening on" line. */
function startServer(): Promise<Server> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', SQLITE_FILE: sqliteFile, GENERATED_DIR: FIXTURE_GENERATED_DIR };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => { running.delete(child); resolve(); }));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${output}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/[^/\s]+)\//.exec(output);
      if (m) { clearTimeout(timer); resolve({ child, api: `${m[1]}/webpos/api/v1`, exited }); }
    });
    child.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`)); });
  });
}

async function kill(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function login(api: string): Promise<string> {
  const res = await fetch(`${api}/authorization/auth?userType=banca`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'assistenza', password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const body: { access_token: string } = await res.json();
  return body.access_token;
}

/** What the client knows of each write: answered 2xx, answered otherwise, or cut off by the kill. */
type Outcome = 'acked' | 'refused' | 'unknown';

/** The orders of bank 10001 the load creates (by number) and the articles (by code), with their outcome. */
const orders = new Map<string, Outcome>();
const articles = new Map<string, Outcome>();
/** Per order whose lines were replaced: the lines of the last acknowledged replace, and any replace cut off after it. */
const lists = new Map<string, { acked: string[]; unknown: string[][] }>();
/** Each order's lines as article codes; every order starts with the first. */
const LINE_LISTS = [['ALFA01', 'ALFA02'], ['ALFA02', 'ALFA01', 'ALFA02'], ['ALFA01']];
const lines = (codes: string[]) => codes.map((articolo, i) => ({ riga: i + 1, articolo, quantita: i + 1 }));

let replacesRefused = 0;
let sequence = 0;
const nextNumber = () => String(++sequence).padStart(5, '0');
/** A category code (3 capitals) of its own per worker: X and two letters, none of the demo's. */
const categoryCode = (worker: number) => `X${String.fromCharCode(65 + Math.floor(worker / 26) % 26)}${String.fromCharCode(65 + (worker % 26))}`;
let workersStarted = 0;

/** Sends one write; answers its outcome and the row's new version (ETag), to send back in If-Match. */
async function write(api: string, token: string, method: string, path: string, body: unknown, ifMatch?: string): Promise<{ outcome: Outcome; etag?: string }> {
  let res: Response;
  try {
    res = await fetch(`${api}${path}`, {
      method, headers: { 'Content-Type': 'application/json', 'X-AuthToken': token, ...(ifMatch ? { 'If-Match': ifMatch } : {}) }, body: JSON.stringify(body),
    });
    await res.arrayBuffer();
  } catch {
    return { outcome: 'unknown' }; // connection reset by the kill: the client cannot know
  }
  if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}`);
  return { outcome: res.status >= 200 && res.status < 300 ? 'acked' : 'refused', etag: res.headers.get('etag') ?? undefined };
}

/**
 * One worker: its own category and order first, then in turn a new order, an article of its category, a
 * replace of its own order's lines.
 */
async function worker(api: string, token: string, stop: { now: boolean }, onAck: () => void): Promise<void> {
  const category = categoryCode(workersStarted++);
  let categoryCreated = false;
  let own: string | undefined;
  /** The version of the worker's own order (only this worker changes it). */
  let version: string | undefined;
  let turn = 0;
  let replaces = 0;
  while (!stop.now) {
    if (!categoryCreated) {
      // Tried again only when a kill cut the answer off; the retry may then find it there (409).
      const { outcome } = await write(api, token, 'POST', '/categorie', { codice: category, nome: `Categoria ${category}` });
      if (outcome !== 'unknown') categoryCreated = true;
      continue;
    }
    const step = own ? turn++ % 3 : 0;
    if (step === 0) {
      const numero = `7${nextNumber()}`;
      const { outcome, etag } = await write(api, token, 'POST', '/ordini', {
        codAbi: '10001', numero, cliente: `Cliente ${numero}`, dataOrdine: '2026-03-01', consegna: { indirizzo: `Via ${numero}` }, righe: lines(LINE_LISTS[0]),
      });
      orders.set(numero, outcome);
      if (outcome === 'acked') {
        if (!own) { own = numero; version = etag; }
        onAck();
      }
    } else if (step === 1) {
      const codice = `K${nextNumber()}`;
      const { outcome } = await write(api, token, 'POST', '/articoli', { codice, codAbi: '10001', nome: `Articolo ${codice}`, categoria: category, prezzo: 1 });
      articles.set(codice, outcome);
      if (outcome === 'acked') onAck();
    } else {
      const order = present(own, "the worker's own order"); // this step comes only once that order is acknowledged
      const codes = LINE_LISTS[(++replaces) % LINE_LISTS.length];
      const { outcome, etag } = await write(api, token, 'PUT', `/ordini/10001/${order}/righe`, lines(codes), version);
      const entry = lists.get(order) ?? { acked: LINE_LISTS[0], unknown: [] };
      if (outcome === 'acked') { entry.acked = codes; entry.unknown = []; version = etag; onAck(); } else if (outcome === 'unknown') entry.unknown.push(codes);
      else replacesRefused++;
      lists.set(order, entry);
    }
  }
}

/** Runs the load and SIGKILLs the server once enough writes are acknowledged, with requests in flight. */
async function loadAndKill(server: Server): Promise<number> {
  const token = await login(server.api);
  const stop = { now: false };
  let acks = 0;
  let killed: Promise<void> | undefined;
  const onAck = () => {
    if (++acks !== ACKS_BEFORE_KILL) return;
    stop.now = true; // no new requests; those in flight meet the kill
    killed = kill(server);
  };
  await Promise.all(Array.from({ length: WORKERS }, () => worker(server.api, token, stop, onAck)));
  await killed;
  return acks;
}

const rows = async (db: Knex, sql: string) => db.raw<Record<string, unknown>[]>(sql);

/** Opens the file as it was left and checks it; closed again before the next server starts. */
async function checkFile(): Promise<number> {
  const db = connect({ sqliteFile });
  try {
    expect(await rows(db, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(await rows(db, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(await rows(db, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(await rows(db, 'PRAGMA synchronous')).toEqual([{ synchronous: 2 }]); // FULL

    // Never half an order: an order without its delivery, a delivery without its order, or a partial list of lines.
    expect(await rows(db, "SELECT numero FROM ordine o WHERE NOT EXISTS (SELECT 1 FROM consegna c WHERE c.cod_abi = o.cod_abi AND c.numero = o.numero)")).toEqual([]);
    expect(await rows(db, "SELECT numero FROM consegna c WHERE NOT EXISTS (SELECT 1 FROM ordine o WHERE o.cod_abi = c.cod_abi AND o.numero = c.numero)")).toEqual([]);
    const stored = new Map<string, string[]>();
    for (const r of await rows(db, "SELECT numero, articolo FROM riga_ordine WHERE numero LIKE '7%' ORDER BY numero, riga")) {
      stored.set(String(r.numero), [...(stored.get(String(r.numero)) ?? []), String(r.articolo)]);
    }
    const orderRows = new Set((await rows(db, "SELECT numero FROM ordine WHERE numero LIKE '7%'")).map((r) => String(r.numero)));
    const articleRows = new Set((await rows(db, "SELECT codice FROM articolo WHERE codice LIKE 'K%'")).map((r) => String(r.codice)));

    for (const [numero, outcome] of orders) {
      if (outcome === 'acked') expect(orderRows.has(numero), `acknowledged order ${numero}`).toBe(true);
      if (outcome === 'refused') expect(orderRows.has(numero), `refused order ${numero}`).toBe(false);
      if (!orderRows.has(numero)) continue;
      const list = lists.get(numero);
      const allowed = list ? [list.acked, ...list.unknown] : [LINE_LISTS[0]];
      expect(allowed, `lines of order ${numero}`).toContainEqual(stored.get(numero) ?? []);
    }
    for (const [codice, outcome] of articles) {
      if (outcome === 'acked') expect(articleRows.has(codice), `acknowledged article ${codice}`).toBe(true);
      if (outcome === 'refused') expect(articleRows.has(codice), `refused article ${codice}`).toBe(false);
    }
    // Creates the kill cut off that had committed anyway (the answer was lost, not the write).
    return [...orders].filter(([k, o]) => o === 'unknown' && orderRows.has(k)).length
      + [...articles].filter(([k, o]) => o === 'unknown' && articleRows.has(k)).length;
  } finally {
    await db.destroy();
  }
}

describe('SIGKILL in the middle of a write load', () => {
  it(`keeps every acknowledged write whole over ${CYCLES} kill and restart cycles`, async () => {
    let acked = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const server = await startServer();
      acked += await loadAndKill(server);
      await checkFile();
    }

    // The server starts again on the file it was killed on and serves what was acknowledged.
    const server = await startServer();
    try {
      const token = await login(server.api);
      const get = async (path: string) => {
        const res = await fetch(`${server.api}${path}`, { headers: { 'X-AuthToken': token } });
        const body: Record<string, unknown> = await res.json();
        return { status: res.status, body };
      };
      for (const [numero, outcome] of orders) {
        if (outcome !== 'acked') continue;
        const { status, body } = await get(`/ordini/10001/${numero}`);
        expect(status).toBe(200);
        expect(body.consegna).toMatchObject({ codAbi: '10001', numero, indirizzo: `Via ${numero}`, paese: 'IT' });
      }
      for (const [codice, outcome] of articles) if (outcome === 'acked') expect((await get(`/articoli/${codice}`)).status).toBe(200);
    } finally {
      await kill(server);
    }
    const landed = await checkFile();

    const cutOff = [...orders.values(), ...articles.values()].filter((o) => o === 'unknown').length;
    console.log(`crash safety: ${CYCLES} SIGKILLs, ${acked} acknowledged writes, ${cutOff} creates cut off by a kill (${landed} of them committed)`);
    expect(acked).toBeGreaterThanOrEqual(CYCLES * ACKS_BEFORE_KILL);
    // Nothing in this load is a client mistake: any refusal is a server fault under concurrency.
    expect([...orders.values(), ...articles.values()].filter((o) => o === 'refused')).toEqual([]);
    expect(replacesRefused).toBe(0);
    expect([...lists.values()].some((l) => l.acked !== LINE_LISTS[0]), 'some list of lines was replaced').toBe(true);
  }, 120_000);
});
