/**
 * Crash safety (issue 6 item 4): the real server, as `npm start` runs it, is killed with SIGKILL in the
 * middle of a concurrent write load and started again on the same SQLite file, several times. Every write
 * that was answered 2xx must be there, whole; a write cut off by the kill may be there or not, but never
 * half; the file opens cleanly (integrity and foreign key checks) each time. WAL with synchronous=FULL,
 * why: docs/decisions/0003-sqlite-durability.md.
 *
 * The writes are multi-row transactions: a bank with its group and two custom POS models (4 rows), a
 * branch of a bank created just before (foreign key), a replace of a bank's POS model list (delete + insert,
 * with the bank's version in If-Match). The kill cycles take turns with the two SQLite drivers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config.js';
import { connect, DEFAULT_SQLITE_DRIVER, SQLITE_DRIVERS, type SqliteDriver } from '../../server/db/connect.js';
import { DEMO_PASSWORD } from '../support/test-app.js';

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

/** `node --import tsx server/main.ts` on the test's file; resolves on its "listening on" line. */
function startServer(driver: SqliteDriver = DEFAULT_SQLITE_DRIVER): Promise<Server> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', SQLITE_FILE: sqliteFile, SQLITE_DRIVER: driver };
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
  return ((await res.json()) as { access_token: string }).access_token;
}

/** What the client knows of each write: answered 2xx, answered otherwise, or cut off by the kill. */
type Outcome = 'acked' | 'refused' | 'unknown';

const banks = new Map<string, Outcome>();
const branches = new Map<string, Outcome>();
/** Per bank whose list was replaced: the list of the last acknowledged replace, and any replace cut off after it. */
const lists = new Map<string, { acked: string[]; unknown: string[][] }>();
const MODEL_LISTS = [['101', '901'], ['102', 'A37', 'A38'], ['201']];

let replacesRefused = 0;
let sequence = 0;
const nextCode = () => String(++sequence).padStart(4, '0');

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

/** One worker: its own bank first, then in turn a new bank, a branch of it, a replace of its own bank's list. */
async function worker(api: string, token: string, stop: { now: boolean }, onAck: () => void): Promise<void> {
  let own: string | undefined;
  /** The version of the worker's own bank (only this worker changes it). */
  let version: string | undefined;
  let turn = 0;
  let replaces = 0;
  while (!stop.now) {
    const step = own ? turn++ % 3 : 0;
    if (step === 0) {
      const codAbi = `7${nextCode()}`;
      const { outcome, etag } = await write(api, token, 'POST', '/banche', {
        codAbi, nomeBcc: `Banca crash ${codAbi}`, group: { description: `Gruppo ${codAbi}`, parentGroup: '11000' },
        modelliPos: [{ codModpos: '101' }, { codModpos: '901' }],
      });
      banks.set(codAbi, outcome);
      if (outcome === 'acked') {
        if (!own) { own = codAbi; version = etag; }
        onAck();
      }
    } else if (step === 1) {
      const cab = `8${nextCode()}`;
      const { outcome } = await write(api, token, 'POST', '/filiali', { codAbi: own, cab, nome: `Filiale ${cab}` });
      branches.set(`${own}/${cab}`, outcome);
      if (outcome === 'acked') onAck();
    } else {
      const models = MODEL_LISTS[(++replaces) % MODEL_LISTS.length];
      const { outcome, etag } = await write(api, token, 'PUT', `/banche/${own}/modelliPos`, models.map((codModpos) => ({ codModpos })), version);
      const entry = lists.get(own!) ?? { acked: ['101', '901'], unknown: [] };
      if (outcome === 'acked') { entry.acked = models; entry.unknown = []; version = etag; onAck(); } else if (outcome === 'unknown') entry.unknown.push(models);
      else replacesRefused++;
      lists.set(own!, entry);
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

const rows = (db: Knex, sql: string) => db.raw(sql) as Promise<Record<string, unknown>[]>;

/** Opens the file as it was left and checks it; closed again before the next server starts. */
async function checkFile(): Promise<number> {
  const db = connect({ sqliteFile });
  try {
    expect(await rows(db, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(await rows(db, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(await rows(db, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(await rows(db, 'PRAGMA synchronous')).toEqual([{ synchronous: 2 }]); // FULL

    // Never half a bank: a bank without its group, a bank group without its bank, or a partial POS list.
    expect(await rows(db, 'SELECT cod_abi FROM banca WHERE cod_abi NOT IN (SELECT group_name FROM gruppo)')).toEqual([]);
    expect(await rows(db, "SELECT group_name FROM gruppo WHERE group_type = 'B' AND group_name NOT IN (SELECT cod_abi FROM banca)")).toEqual([]);
    const stored = new Map<string, string[]>();
    for (const r of await rows(db, "SELECT cod_abi, cod_modpos FROM modello_pos_banca WHERE cod_abi LIKE '7%' ORDER BY cod_abi, cod_modpos")) {
      stored.set(String(r.cod_abi), [...(stored.get(String(r.cod_abi)) ?? []), String(r.cod_modpos)]);
    }
    const bankRows = new Set((await rows(db, "SELECT cod_abi FROM banca WHERE cod_abi LIKE '7%'")).map((r) => String(r.cod_abi)));
    const branchRows = new Set((await rows(db, "SELECT cod_abi || '/' || cab AS k FROM filiale WHERE cab LIKE '8%'")).map((r) => String(r.k)));

    for (const [codAbi, outcome] of banks) {
      if (outcome === 'acked') expect(bankRows.has(codAbi), `acknowledged bank ${codAbi}`).toBe(true);
      if (outcome === 'refused') expect(bankRows.has(codAbi), `refused bank ${codAbi}`).toBe(false);
      if (!bankRows.has(codAbi)) continue;
      const list = lists.get(codAbi);
      const allowed = list ? [list.acked, ...list.unknown] : [['101', '901']];
      expect(allowed.map((l) => [...l].sort()), `POS models of bank ${codAbi}`).toContainEqual(stored.get(codAbi) ?? []);
    }
    for (const [key, outcome] of branches) {
      if (outcome === 'acked') expect(branchRows.has(key), `acknowledged branch ${key}`).toBe(true);
      if (outcome === 'refused') expect(branchRows.has(key), `refused branch ${key}`).toBe(false);
    }
    // Creates the kill cut off that had committed anyway (the answer was lost, not the write).
    return [...banks].filter(([k, o]) => o === 'unknown' && bankRows.has(k)).length
      + [...branches].filter(([k, o]) => o === 'unknown' && branchRows.has(k)).length;
  } finally {
    await db.destroy();
  }
}

describe('SIGKILL in the middle of a write load', () => {
  it(`keeps every acknowledged write whole over ${CYCLES} kill and restart cycles`, async () => {
    let acked = 0;
    // The cycles take turns with the SQLite drivers (SQLITE_DRIVER): each must keep what the other wrote.
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const server = await startServer(SQLITE_DRIVERS[cycle % SQLITE_DRIVERS.length]);
      acked += await loadAndKill(server);
      await checkFile();
    }

    // The server starts again on the file it was killed on and serves what was acknowledged.
    const server = await startServer();
    try {
      const token = await login(server.api);
      const get = async (path: string) => {
        const res = await fetch(`${server.api}${path}`, { headers: { 'X-AuthToken': token } });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      for (const [codAbi, outcome] of banks) {
        if (outcome !== 'acked') continue;
        const { status, body } = await get(`/banche/${codAbi}`);
        expect(status).toBe(200);
        expect(body.group).toMatchObject({ groupName: codAbi, groupType: 'B', parentGroup: '11000' });
      }
      for (const [key, outcome] of branches) if (outcome === 'acked') expect((await get(`/filiali/${key}`)).status).toBe(200);
    } finally {
      await kill(server);
    }
    const landed = await checkFile();

    const cutOff = [...banks.values(), ...branches.values()].filter((o) => o === 'unknown').length;
    console.log(`crash safety: ${CYCLES} SIGKILLs (drivers ${SQLITE_DRIVERS.join(', ')} in turn), ${acked} acknowledged writes, ${cutOff} creates cut off by a kill (${landed} of them committed)`);
    expect(acked).toBeGreaterThanOrEqual(CYCLES * ACKS_BEFORE_KILL);
    // Nothing in this load is a client mistake: any refusal is a server fault under concurrency.
    expect([...banks.values(), ...branches.values()].filter((o) => o === 'refused')).toEqual([]);
    expect(replacesRefused).toBe(0);
    expect([...lists.values()].some((l) => l.acked[0] !== '101'), 'some POS list was replaced').toBe(true);
  }, 120_000);
});
