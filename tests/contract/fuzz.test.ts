/**
 * Fuzzing from the contract (issue 6 item 2): for every operation of generated/openapi.json, valid and
 * invalid requests drawn from its own schemas (tests/contract/fuzz/: wrong types, missing and extra
 * fields, huge strings, Unicode, SQL and HTML meta-characters, bad path parameters and query strings,
 * unreadable bodies), sent to the real app on its own database as the all-powerful 'assistenza' user (the
 * server authorizes before it validates). No answer may be a 5xx; invalid requests get 400 with Italian
 * details; valid ones are never refused for their shape (tests/contract/fuzz/verdict.ts says exactly
 * which answers a valid request may get). Afterwards the database passes its integrity checks.
 *
 * Reproducible: fast-check with a fixed seed (FUZZ_SEED to change it, FUZZ_RUNS for the runs per
 * operation). A failure names the seed, the operation and the request; no shrinking (the database moves on).
 * Requests that would end the test's own session are not drawn: writes never target the user
 * 'assistenza' or the group 11000 it belongs to, and logout runs on a session of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config.js';
import { fromColumns } from '../../server/crud/row-mapping.js';
import { documentOperations, type DocumentOperation } from '../../server/http/operations.js';
import { isRecord } from '../../server/records.js';
import { present } from '../support/present.js';
import { API, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/test-app.js';
import { fuzzDocument, type FuzzDocument } from './fuzz/document.js';
import { integrityProblems } from './fuzz/integrity.js';
import { type FuzzRequest, IF_MATCH_CURRENT, type Known, OperationFuzzer } from './fuzz/requests.js';
import { SchemaValues } from './fuzz/schema-values.js';
import { Verdicts } from './fuzz/verdict.js';
import { textOf } from '../../common/text.js';
import { closeOpened } from '../support/close-opened.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20260601);
const OPERATION_IDS = documentOperations(JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'openapi.json'), 'utf8'))).map((o) => o.operationId);
/**
 * Requests per operation: FUZZ_RUNS, else an equal share of 1500 for the whole document (at most 30,
 * at least 8), so the file stays within its time as operations are added. A count, not a time limit:
 * the same seed sends the same requests on any machine.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? Math.max(8, Math.min(30, Math.floor(1500 / OPERATION_IDS.length))));
/** Operations that hash or verify a password (scrypt, tens of ms each) or need a session of their own. */
const SLOW = new Set(['login', 'logout', 'changePassword', 'adminResetPassword', 'resetPassword']);
const SLOW_RUNS = Math.min(RUNS, 10);
/** Writes that could lock out the test's own user (see the header). */
const PROTECTED = new Set(['assistenza', '11000']);

let app: TestApp;
let doc: FuzzDocument;
let verdicts: Verdicts;
const stats = new Map<string, { valid: number; invalid: number }>();
let sent = 0;
/** How often each kind of request got each answer ('valid 404 NOT_FOUND'), for the summary. */
const answers = new Map<string, number>();
const started = Date.now();

beforeAll(async () => {
  // Random passwords on updateMyEmail would lock the fuzzer's own user: the lockout has its own tests.
  app = await createTestApp({ authLimits: { maxFailures: 1_000_000, resetMaxPerAccount: 1_000_000 } });
  doc = fuzzDocument(app.artifacts.openapi);
  verdicts = new Verdicts(app.artifacts.model);
  // fast-check builds its Unicode tables on first use (seconds): not on the first operation's time.
  fc.sample(new SchemaValues({}).valid({ type: 'string', maxLength: 10 }), { numRuns: 5, seed: SEED });
  console.log(`contract fuzz: seed ${SEED}, ${RUNS} requests per operation (${SLOW_RUNS} for ${[...SLOW].join(', ')}); FUZZ_SEED=${SEED} reproduces this run`);
});

afterAll(async () => {
  const total = [...stats.values()].reduce((n, s) => n + s.valid + s.invalid, 0);
  console.log(`contract fuzz: ${stats.size} operations, ${total} requests (${sent} sent in all, with the If-Match reads), ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`contract fuzz answers: ${JSON.stringify(Object.fromEntries([...answers].sort()))}`);
  await closeOpened(app);
});

const operations = () => documentOperations(app.artifacts.openapi);

describe('contract fuzzing', () => {
  it('the database is consistent before the run', async () => {
    expect(await integrityProblems(app.db)).toEqual({});
  });

  // One test per operation, in document order, each with its own seed derived from SEED.
  it.each(OPERATION_IDS.map((id, i) => [id, i] as const))('%s: no 5xx, invalid -> 400 in Italian, valid accepted', async (operationId, index) => {
    const op = present(operations().find((o) => o.operationId === operationId), `operation ${operationId}`);
    const fuzzer = new OperationFuzzer(doc, app.artifacts.model, op);
    const known = await knownValues(op, fuzzer);
    const runs = SLOW.has(op.operationId) ? SLOW_RUNS : RUNS;
    const identifies = fuzzer.pathParams.length > 0 || fuzzer.queryParams.some((p) => p.required);
    const entry = { valid: 0, invalid: 0 };
    stats.set(operationId, entry);
    await fc.assert(
      fc.asyncProperty(fuzzer.request(known).map(printable), async (req) => {
        const res = await send(req, op);
        entry[req.kind]++;
        const answer = `${req.kind} ${res.status}${res.status >= 300 ? ` ${String(isRecord(res.body) ? res.body.code : undefined)}` : ''}`;
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
        const wrong = verdicts.judge(req, res, { identifies, transition: op.kind === 'transition', exportStart: op.kind === 'export' });
        if (wrong) throw new Error(`${wrong}\n  request: ${describeRequest(req)}\n  answer: ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`);
      }),
      { seed: SEED + index, numRuns: runs, endOnFailure: true },
    );
    // Both sides were exercised (a generator that only ever produced one kind would prove little).
    expect(entry.valid, 'valid requests').toBeGreaterThan(0);
    expect(entry.invalid, 'invalid requests').toBeGreaterThan(0);
  }, 60_000);

  it('unknown paths and methods are 404 ROUTE_NOT_FOUND in Italian', async () => {
    const examples = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, '30480'));
    const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
    const route = fc.oneof(
      fc.tuple(fc.constantFrom(...examples), fc.constantFrom('zz', 'x/y', '%27%20OR%201%3D1', '%3Cscript%3E', '%F0%9F%98%80')).map(([p, extra]) => ({ method: 'get' as const, url: `${p}/${extra}/extra` })),
      fc.stringMatching(/^[a-z]{3,12}$/).filter((s) => !examples.some((e) => e.startsWith(`/${s}`))).map((s) => ({ method: 'get' as const, url: `/${s}` })),
      fc.constantFrom(...Object.entries(doc.paths).flatMap(([p, item]) => methods.filter((m) => !item.operations[m]).map((m) => ({ method: m, url: p.replace(/\{[^}]+\}/g, '30480') })))
        // Not a route of another path: DELETE of a list's export path is the item's delete (a role named 'esportazioni').
        .filter(({ method, url }) => !Object.entries(doc.paths).some(([p, item]) => item.operations[method] && new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(url)))),
    );
    await fc.assert(fc.asyncProperty(route, async ({ method, url }) => {
      const res = await app.request[method](`${API}${url}`).set('Content-Type', 'application/json').send(method === 'get' || method === 'delete' ? undefined : '{}');
      sent++;
      if (res.status !== 404 || res.body.code !== 'ROUTE_NOT_FOUND') throw new Error(`${method.toUpperCase()} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
      expect(res.body).toEqual({ errorMessage: 'Servizio inesistente', code: 'ROUTE_NOT_FOUND', details: [] });
    }), { seed: SEED, numRuns: RUNS, endOnFailure: true });
  });

  it('afterwards the database passes its integrity checks and the session still works', async () => {
    expect(await integrityProblems(app.db)).toEqual({});
    const me = await app.request.get(`${API}/users/me`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'assistenza', isAssistenza: true });
  });
});

/** Sends a fuzzed request: as 'assistenza', anonymously for public operations, logout on a session of its own. */
async function send(req: FuzzRequest, op: DocumentOperation): Promise<{ status: number; body: unknown }> {
  const agent = op.operationId === 'logout' ? await app.loginAs('assistenza') : op.access === 'public' ? app.anonymous : app.request;
  const url = `${API}${req.path}${req.query ? `?${req.query}` : ''}`;
  let call = callFor(agent, req.method, url);
  for (const [name, value] of Object.entries(req.headers)) call = call.set(name, value === IF_MATCH_CURRENT ? await currentVersion(agent, req.versionPath ?? req.path) : value);
  if (req.raw) {
    call = call.set('Content-Type', req.raw.contentType);
    if (req.raw.encoding) call = call.set('Content-Encoding', req.raw.encoding);
    call = call.send(req.raw.text);
  } else if (req.body !== undefined) {
    call = call.set('Content-Type', 'application/json').send(JSON.stringify(req.body));
  }
  const res = await call;
  sent++;
  return { status: res.status, body: res.body };
}

/** The agent's request for one of the document's methods. */
function callFor(agent: TestApp['request'], method: string, url: string): Test {
  switch (method) {
    case 'get': return agent.get(url);
    case 'post': return agent.post(url);
    case 'put': return agent.put(url);
    case 'patch': return agent.patch(url);
    case 'delete': return agent.delete(url);
    default: throw new Error(`the fuzzer sends no ${method} request`);
  }
}

/** The ETag a GET of the same path answers now (a write's If-Match); a made-up one when there is none. */
async function currentVersion(agent: TestApp['request'], path: string): Promise<string> {
  const res = await agent.get(`${API}${path}`);
  sent++;
  return typeof res.headers.etag === 'string' ? res.headers.etag : '"fuzz-no-version"';
}

/**
 * Values the requests may reuse, read from the database just before the operation is fuzzed (so rows
 * created by earlier operations count): every field's values by field name, a reference's targets under
 * the referring field's name, the operation entity's key tuples for its path. Writes never get the
 * protected user or group (see the header).
 */
async function knownValues(op: DocumentOperation, fuzzer: OperationFuzzer): Promise<Known> {
  const model = app.artifacts.model;
  const byName = new Map<string, Set<unknown>>();
  const add = (name: string, value: unknown) => {
    if (value === null || value === undefined) return;
    const set = byName.get(name) ?? new Set();
    if (set.size < 40) set.add(value);
    byName.set(name, set);
  };
  const rowsOf = new Map<string, Record<string, unknown>[]>();
  for (const entity of model.entities) {
    const rows = (await app.db(entity.table).select('*').limit(200)).map((r: Record<string, unknown>) => fromColumns(entity, r));
    rowsOf.set(entity.name, rows);
    for (const row of rows) for (const field of entity.fields) add(field.name, row[field.name]);
  }
  for (const entity of model.entities) {
    for (const field of entity.fields) {
      const reference = field.reference;
      if (!reference) continue;
      for (const row of rowsOf.get(reference.entity) ?? []) add(field.name, row[reference.field]);
    }
  }
  for (const u of rowsOf.get('Utente') ?? []) add('mail', u.email);
  for (const name of ['password', 'oldPassword']) add(name, DEMO_PASSWORD);
  for (const fn of Object.keys(model.functions)) add('fn', fn);

  const writes = op.method !== 'get';
  const params = fuzzer.pathParams.map((p) => p.name);
  const keySource: Record<string, unknown>[] = op.kind === 'custom'
    ? (params.includes('fn') ? [...(byName.get('fn') ?? [])].map((fn) => ({ fn })) : rowsOf.get('Utente') ?? [])
    : rowsOf.get(op.entity ?? '') ?? [];
  const keys = keySource
    .map((row) => Object.fromEntries(params.map((p) => [p, row[p] === undefined ? undefined : textOf(row[p])])))
    .filter((k): k is Record<string, string> => params.every((p) => k[p] !== undefined));
  return {
    // Bodies may name the protected group (a user of group 11000 is harmless), never the protected user.
    values: (name) => [...(byName.get(name) ?? [])].filter((v) => !(writes && name === 'username' && PROTECTED.has(String(v)))),
    keys,
    avoidInPath: (v) => writes && PROTECTED.has(v),
  };
}

/** fast-check prints a counterexample with this; a 1 MB body would drown the report. */
function printable(req: FuzzRequest): FuzzRequest {
  return Object.defineProperty({ ...req }, fc.toStringMethod, { value: () => describeRequest(req), enumerable: false });
}

function describeRequest(req: FuzzRequest): string {
  const body = req.raw ? `${req.raw.contentType}${req.raw.encoding ? ` (${req.raw.encoding})` : ''}: ${req.raw.text}` : req.body === undefined ? '' : JSON.stringify(req.body);
  const cut = (s: string) => (s.length > 400 ? `${s.slice(0, 400)}... (${s.length} characters)` : s);
  const headers = Object.entries(req.headers).map(([k, v]) => ` ${k}: ${cut(v)}`).join('');
  return `[${req.kind}: ${req.why}] ${req.method.toUpperCase()} ${API}${cut(req.path)}${req.query ? `?${cut(req.query)}` : ''}${headers} ${cut(body)}`;
}
