/**
 * A real server for a test file: its own fresh database (SQLite in a temp folder, or PostgreSQL with
 * TEST_DATABASE=postgres: see test-database.ts), migrated, with the demo data, responses validated
 * against the OpenAPI document. `request` is logged in as the assistance user (every permission, every
 * bank); `loginAs` gives an agent for any other demo user. createTestApp runs on generated/ and records
 * every operation a test calls, so tests/contract/operation-coverage.ts can fail on an operation no test
 * exercises; createFixtureApp (fixture-app.ts) runs on the fixture spec's artifacts through startApp.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import supertest from 'supertest';
import { createApp, type AppOptions } from '../../server/app.js';
import { operationOf } from '../../server/http/operation-routes.js';
import { loadArtifacts, type Artifacts } from '../../server/artifacts.js';
import { ROOT_DIR } from '../../server/config.js';
import { AuthThrottle } from '../../server/domain/auth/throttle.js';
import { ExportWorker } from '../../server/exports/worker.js';
import type { MailService } from '../../server/mail/index.js';
import { OutboxWorker } from '../../server/outbox/worker.js';
import { DEMO_PASSWORD, demoTemplateOf, prepareDemoDatabase } from './demo-template.js';
import { openTestDatabase, type TestDatabase } from './test-database.js';

export const API = '/webpos/api/v1';
/** Every demo user's password (spec/demo/09-credenziali.yaml). */
export { DEMO_PASSWORD } from './demo-template.js';
export const CALLED_OPERATIONS_DIR = join(ROOT_DIR, 'test-results', 'operations-called');

/**
 * `options`: createApp's settings a test needs to change: body limits, exports queued but not run, a UI
 * folder, its mail server (default none: mails are recorded as not sent) and the login limits.
 */
export type TestAppOptions = Partial<Pick<AppOptions, 'http' | 'exports' | 'uiDir' | 'mail' | 'authLimits' | 'federation' | 'outbox'>>;

/**
 * Tests log in many times from 127.0.0.1: the per-client limits are generous here unless a test sets them
 * (tests/server/security/); the per-username lockout keeps its production value.
 */
const TEST_AUTH_LIMITS = { ipMaxFailures: 100_000, resetMaxPerIp: 100_000 };

/** A server on generated/, the real domain; the operations its tests call are recorded. */
export function createTestApp(options: TestAppOptions = {}) {
  return startApp(loadArtifacts(), options, CALLED_OPERATIONS_DIR);
}

/**
 * A server on `artifacts` with a fresh database; each answered operation is appended to a file of
 * `recordDir` when one is given (only the real document's calls count for operation-coverage.ts).
 */
export async function startApp(artifacts: Artifacts, options: TestAppOptions, recordDir?: string) {
  const database = await openTestDatabase(await demoTemplateOf(artifacts));
  try {
    return await serve(database, artifacts, options, recordDir);
  } catch (error) {
    await database.close(); // a start that failed (a broken migration) leaves no database behind
    throw error;
  }
}

async function serve(database: TestDatabase, artifacts: Artifacts, options: TestAppOptions, recordDir: string | undefined) {
  const { db } = database;
  await prepareDemoDatabase(database, artifacts);
  const app = createApp({ db, artifacts, validateResponses: true, ...options, mail: { smtpUrl: null, ...options.mail }, authLimits: { ...TEST_AUTH_LIMITS, ...options.authLimits } });
  // createApp puts its mail service in app.locals (typed `any` by Express); no class to check it against.
  const mail: MailService = app.locals.mail;
  const throttle = localOf(app, 'authThrottle', AuthThrottle);
  const outboxWorker = localOf(app, 'outboxWorker', OutboxWorker);

  const outer = express();
  if (recordDir) outer.use(recordOperations(recordDir));
  outer.use(app);

  const anonymous = supertest(outer);
  const loginAs = async (username: string, userType = 'banca') => {
    const res = await anonymous.post(`${API}/authorization/auth?userType=${userType}`).send({ username, password: DEMO_PASSWORD });
    if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return supertest.agent(outer).set('X-AuthToken', res.body.access_token);
  };
  return {
    db,
    artifacts,
    /** Logged in as 'assistenza' (ROLE_ADMIN: every grant, every bank). */
    request: await loginAs('assistenza'),
    anonymous,
    loginAs,
    /** The Express app behind the agents, for tests that open their own connections (another client address). */
    handler: outer,
    /** Resolves when every mail queued so far has been recorded and sent (or failed). */
    mailIdle: () => mail.idle(),
    /** The outbox worker (not started: a test runs its rounds with runOnce(now)). */
    outboxWorker,
    async close() {
      await outboxWorker.stop();
      await mail.close();
      throttle.close();
      await database.close();
    },
  };
}

/**
 * The object createApp put in `app.locals[name]` (the export worker, the login throttle), checked to be
 * of its class: Express types app.locals as `any`.
 */
function localOf<T>(app: express.Express, name: string, type: abstract new (...args: never[]) => T): T {
  const value: unknown = app.locals[name];
  if (!(value instanceof type)) throw new Error(`app.locals.${name} is not a ${type.name}`);
  return value;
}

/** The app's export worker (server/exports/worker.ts), to stop it or run it by hand. */
export const exportWorkerOf = (app: express.Express) => localOf(app, 'exportWorker', ExportWorker);

/** Appends `<operationId> <status>` of every answered operation to this process's file of `dir`. */
function recordOperations(dir: string): express.RequestHandler {
  mkdirSync(dir, { recursive: true });
  const record = join(dir, `${process.pid}.txt`);
  return (_req, res, next) => {
    res.on('finish', () => {
      const id = operationOf(res)?.operationId;
      if (id) appendFileSync(record, `${id} ${res.statusCode}\n`);
    });
    next();
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
