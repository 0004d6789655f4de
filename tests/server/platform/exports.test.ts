/**
 * Asynchronous exports (issue 5 item 4; seed 000 §4 polling): POST <list path>/esportazioni queues a job
 * (P), the worker in the server process runs it (R, with progress) and ends it in S with a file, or in E
 * with 'Generazione file in errore'. The rows are the caller's list: his filters, sort and bank scope.
 * Only the user who asked reads the job; a job survives a restart of the server. On the fixture
 * (tests/fixtures/README.md): orders (bank and branch scope), articles, the narrowed export of categories;
 * tests/server/exports.test.ts runs every export of the domain's document.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.js';
import { loadDemoDataIfEmpty } from '../../../server/db/demo-data.js';
import { migrateLatest } from '../../../server/db/migrate.js';
import { sortOrder } from '../../../server/crud/list-query.js';
import { keysetBatches } from '../../../server/exports/keyset.js';
import { named } from '../../../server/lookup.js';
import { binaryBody } from '../../support/binary-body.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, DEMO_PASSWORD, exportWorkerOf, type TestApp } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

const exportDir = mkdtempSync(join(tmpdir(), 'webpos-exports-'));
process.env.EXPORT_DIR = exportDir;
let app: TestApp;
type Agent = TestApp['request'];

beforeAll(async () => { app = await createFixtureApp(); });
afterAll(async () => { await app.close(); rmSync(exportDir, { recursive: true, force: true }); });

/** Polls the job the way the page does, only faster, until it ends. */
async function finished(agent: Agent, id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 300; i++) {
    const res = await agent.get(`${API}/esportazioni/${id}`);
    expect(res.status).toBe(200);
    if (res.body.stato === 'S' || res.body.stato === 'E') return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`export ${id} did not end`);
}

async function download(agent: Agent, id: string): Promise<supertest.Response> {
  return agent.get(`${API}/esportazioni/${id}/file`).buffer(true).parse(binaryBody);
}

/** The CSV an Italian Excel reads: ';' cells, CRLF rows, '"' quoting with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') { row.push(cell); cell = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; } else cell += c;
  }
  return rows;
}

const NOT_ALLOWED = "Esportazione non consentita: l'utente non ha più il permesso di consultare questi dati";

/** Takes `username`'s roles away while `work` runs (through the app's own connection, so the kept grants see it), then gives them back. */
async function withoutRoles(db: TestApp['db'], username: string, work: () => Promise<void>): Promise<void> {
  const roles: Record<string, unknown>[] = await db('utente_ruolo').where('username', username);
  expect(roles.length).toBeGreaterThan(0);
  await db('utente_ruolo').where('username', username).delete();
  try {
    await work();
  } finally {
    await db('utente_ruolo').insert(roles);
  }
}

const today = () => { const [y, m, d] = new Date().toISOString().slice(0, 10).split('-'); return `${d}-${m}-${y}`; };

/** The cells of a sheet's row from its first column (ExcelJS's `values` starts at index 1). */
function cellsOf(sheet: ExcelJS.Worksheet, row: number): ExcelJS.CellValue[] {
  const { values } = sheet.getRow(row);
  if (!Array.isArray(values)) throw new Error(`row ${row} of sheet ${sheet.name} has no list of cells`);
  return values.slice(1);
}

describe('export life cycle', () => {
  it('CSV of the orders: 202 queued, then done with every row of the list, as an Italian Excel reads it', async () => {
    const start = await app.request.post(`${API}/ordini/esportazioni?formato=csv&sort=cliente,desc`);
    expect(start.status).toBe(202);
    expect(start.body).toMatchObject({ entity: 'Ordine', formato: 'csv', stato: 'P', righeScritte: 0, downloadId: null, messaggio: null });
    const done = await finished(app.request, start.body.id);
    const list = await app.request.get(`${API}/ordini?sort=cliente,desc&size=200`);
    expect(done).toMatchObject({ stato: 'S', righeScritte: list.body.totalCount, righeTotali: list.body.totalCount, downloadId: start.body.id, nomeFile: `Ordini_${today()}.csv` });

    const file = await download(app.request, start.body.id);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="Ordini_${today()}.csv"`);
    const text = file.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(['Banca', 'Numero', 'Filiale (CAB)', 'Cliente', 'Note', 'Data ordine', 'Canale', 'Urgente']);
    expect(rows.slice(1).map((r) => `${r[0]}/${r[1]}`)).toEqual(list.body.results.map((o: { codAbi: string; numero: string }) => `${o.codAbi}/${o.numero}`));
  });

  it('Excel of the articles: a header of labels, typed cells, the list filter applied', async () => {
    const start = await app.request.post(`${API}/articoli/esportazioni?formato=xlsx&codice=ALFA01`);
    expect(start.status).toBe(202);
    const done = await finished(app.request, start.body.id);
    expect(done).toMatchObject({ stato: 'S', righeScritte: 1, righeTotali: 1, nomeFile: `Articoli_${today()}.xlsx` });
    const file = await download(app.request, start.body.id);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Articoli');
    expect(sheet.rowCount).toBe(2);
    const header = cellsOf(sheet, 1);
    const article = (await app.request.get(`${API}/articoli/ALFA01`)).body;
    expect(header[0]).toBe('Codice');
    const cells = cellsOf(sheet, 2);
    expect(cells[0]).toBe('ALFA01');
    expect(cells[2]).toBe(article.nome);
    expect(cells[4]).toBe(12.5);
    expect(cells[5]).toBe(article.disponibile ? 'Sì' : 'No');
  });

  it('a narrowed export offers only its formats and columns; an entity that opts out has none', async () => {
    const start = await app.request.post(`${API}/categorie/esportazioni?formato=csv`);
    expect(start.status).toBe(202);
    await finished(app.request, start.body.id);
    const rows = parseCsv((await download(app.request, start.body.id)).body.toString('utf8').slice(1));
    expect(rows[0]).toEqual(['Codice', 'Nome', 'Attiva']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['LIB', 'MUS', 'GIO']);
    const xlsx = await app.request.post(`${API}/categorie/esportazioni?formato=xlsx`);
    expect(xlsx.status).toBe(400);
    expect(xlsx.body.details).toEqual([{ field: 'formato', message: 'Valore non ammesso' }]);
    const none = await app.request.post(`${API}/movimenti/esportazioni?formato=csv`);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ errorMessage: 'Servizio inesistente', code: 'ROUTE_NOT_FOUND', details: [] });
  });

  it('a branch user exports only the rows his list shows (bank and branch scope)', async () => {
    for (const username of ['sede.10001', 'filiale.10001']) {
      const user = await app.loginAs(username);
      const start = await user.post(`${API}/ordini/esportazioni?formato=csv`);
      expect(start.status, username).toBe(202);
      await finished(user, start.body.id);
      const rows = parseCsv((await download(user, start.body.id)).body.toString('utf8').slice(1)).slice(1);
      const list = await user.get(`${API}/ordini?size=200`);
      expect(rows.length, username).toBe(list.body.totalCount);
      expect(rows.every((r) => r[0] === '10001'), username).toBe(true);
      if (username === 'filiale.10001') expect(rows.map((r) => r[2])).toEqual(['00100']);
    }
    const all = await app.request.get(`${API}/ordini?size=1`);
    const sede = await (await app.loginAs('sede.10001')).get(`${API}/ordini?size=1`);
    expect(sede.body.totalCount).toBeLessThan(all.body.totalCount);
  });

  it('another user cannot read the job or its file (404); without the list permission, 403', async () => {
    const start = await app.request.post(`${API}/ordini/esportazioni?formato=csv`);
    await finished(app.request, start.body.id);
    const other = await app.loginAs('sede.10001');
    for (const path of [`esportazioni/${start.body.id}`, `esportazioni/${start.body.id}/file`]) {
      const res = await other.get(`${API}/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
    }
    const guest = await app.loginAs('ospite.10001');
    expect((await guest.get(`${API}/ordini`)).status).toBe(403);
    const refused = await guest.post(`${API}/ordini/esportazioni?formato=csv`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] });
    expect((await app.anonymous.post(`${API}/ordini/esportazioni?formato=csv`)).status).toBe(401);
  });

  it('a wrong format is 400; a file not ready yet is 404 "Nessun file presente"', async () => {
    const wrong = await app.request.post(`${API}/ordini/esportazioni?formato=pdf`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('VALIDATION_ERROR');
    const missing = await app.request.get(`${API}/esportazioni/00000000-0000-0000-0000-000000000000`);
    expect(missing.status).toBe(404);
  });

  it('text that a spreadsheet would run as a formula gets a leading apostrophe; quotes and ; are escaped', async () => {
    const created = await app.request.post(`${API}/ordini`).send({
      codAbi: '10001', numero: '777777', cab: '00100', cliente: '=HYPERLINK("http://x";"y")', note: '+39 Roma', dataOrdine: '2026-03-01', consegna: { indirizzo: '@SUM(A1)' },
    });
    expect(created.status).toBe(201);
    const start = await app.request.post(`${API}/ordini/esportazioni?formato=csv&numero=777777`);
    await finished(app.request, start.body.id);
    const text = (await download(app.request, start.body.id)).body.toString('utf8');
    expect(text.split('\r\n')[1]).toBe(`10001;777777;00100;"'=HYPERLINK(""http://x"";""y"")";'+39 Roma;01/03/2026;Negozio;No`);
    expect(parseCsv(text.slice(1))[1]).toEqual(['10001', '777777', '00100', `'=HYPERLINK("http://x";"y")`, "'+39 Roma", '01/03/2026', 'Negozio', 'No']);
  });
});

describe('the user\'s permission is checked again when the job runs and when its file is downloaded', () => {
  it('a role taken away between asking and running: the job ends in E with the reason, no file', async () => {
    // A server of its own whose worker runs only when told (run: false), so the role goes before the job runs.
    const queue = await createFixtureApp({ exports: { dir: exportDir, run: false } });
    try {
      const worker = exportWorkerOf(createApp({ db: queue.db, artifacts: queue.artifacts, exports: { dir: exportDir, run: false } }));
      const user = await queue.loginAs('sede.10001');
      const start = await user.post(`${API}/ordini/esportazioni?formato=csv`);
      expect(start.status).toBe(202);
      await withoutRoles(queue.db, 'sede.10001', async () => {
        const job = await worker.jobs.claimNext();
        expect(job?.id).toBe(start.body.id);
        if (job) await worker.run(job);
      });
      const ended = await user.get(`${API}/esportazioni/${start.body.id}`);
      expect(ended.body).toMatchObject({ stato: 'E', messaggio: NOT_ALLOWED, downloadId: null, nomeFile: null, righeScritte: 0 });
      const file = await user.get(`${API}/esportazioni/${start.body.id}/file`);
      expect(file.status).toBe(409);
      expect(file.body).toEqual({ errorMessage: 'Generazione file in errore', code: 'EXPORT_FAILED', details: [] });
    } finally {
      await queue.close();
    }
  });

  it('a finished file is refused (403) to its owner once his role is gone, and served again when it is back', async () => {
    const user = await app.loginAs('sede.10001');
    const start = await user.post(`${API}/ordini/esportazioni?formato=csv`);
    expect(await finished(user, start.body.id)).toMatchObject({ stato: 'S' });
    await withoutRoles(app.db, 'sede.10001', async () => {
      const refused = await download(user, start.body.id);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body.toString('utf8'))).toEqual({ errorMessage: NOT_ALLOWED, code: 'EXPORT_NOT_ALLOWED', details: [] });
    });
    expect((await download(user, start.body.id)).status).toBe(200);
  });
});

describe('keyset batches', () => {
  it('read every row once, in the list order, also by a column with missing values, whatever the batch size', async () => {
    const entity = named(app.artifacts.model.entities, 'Ordine', 'fixture entities');
    for (const numero of ['666601', '666602']) {
      const created = await app.request.post(`${API}/ordini`).send({ codAbi: '20002', numero, cliente: `Senza note ${numero}`, dataOrdine: '2026-03-02', consegna: { indirizzo: 'Via A' } });
      expect(created.status).toBe(201);
    }
    const sorts: [string, 'asc' | 'desc'][] = [['note', 'desc'], ['note', 'asc'], ['cliente', 'asc'], ['numero', 'desc']];
    for (const [field, direction] of sorts) {
      const sort = `${field},${direction}`;
      const list = await app.request.get(`${API}/ordini?sort=${sort}&size=200`);
      const params = { page: 0, size: 200, sort: [{ field, direction }], filters: [], compact: false };
      const keys: string[] = [];
      for await (const batch of keysetBatches(() => app.db(entity.table), sortOrder(entity, params), 2)) keys.push(...batch.map((r) => `${String(r.cod_abi)}/${String(r.numero)}`));
      expect(keys, sort).toEqual(list.body.results.map((o: { codAbi: string; numero: string }) => `${o.codAbi}/${o.numero}`));
    }
  });
});

describe('a job survives a restart; a failure ends in E', () => {
  /** Another server process on one database: its own app and worker (run: false only queues). */
  async function serverOn(db: Awaited<ReturnType<typeof openTestDatabase>>['db'], run: boolean) {
    const created = createApp({ db, artifacts: app.artifacts, validateResponses: true, exports: { dir: exportDir, run } });
    const login = await supertest(created).post(`${API}/authorization/auth?userType=banca`).send({ username: 'assistenza', password: DEMO_PASSWORD });
    return { agent: supertest.agent(created).set('X-AuthToken', login.body.access_token), worker: exportWorkerOf(created) };
  }

  it('queued by a server that stopped, left running by a crash: the next server completes it; a user disabled meanwhile: E', async () => {
    const database = await openTestDatabase();
    try {
      await migrateLatest(database.db, app.artifacts.migrationsDir);
      await loadDemoDataIfEmpty(database.db, app.artifacts);
      const first = await serverOn(database.db, false);
      const queued = await first.agent.post(`${API}/articoli/esportazioni?formato=xlsx`);
      const crashed = await first.agent.post(`${API}/ordini/esportazioni?formato=csv`);
      expect((await first.agent.get(`${API}/esportazioni/${queued.body.id}`)).body.stato).toBe('P');
      await database.db('esportazione').where('id', crashed.body.id).update({ stato: 'R', righe_scritte: 5 });

      const second = await serverOn(database.db, true);
      expect(await finished(second.agent, queued.body.id)).toMatchObject({ stato: 'S' });
      const resumed = await finished(second.agent, crashed.body.id);
      expect(resumed.stato).toBe('S');
      expect(resumed.righeScritte).toBe(resumed.righeTotali);
      expect((await download(second.agent, crashed.body.id)).status).toBe(200);
      second.worker.stop();

      // The user who asked is disabled before the job runs: it ends in E with the seed's message.
      const third = await serverOn(database.db, false);
      const doomed = await third.agent.post(`${API}/ordini/esportazioni?formato=csv`);
      await database.db('utente').where('username', 'assistenza').update({ enabled: false });
      const fourth = createApp({ db: database.db, artifacts: app.artifacts, exports: { dir: exportDir, run: true } });
      const worker = exportWorkerOf(fourth);
      for (let i = 0; i < 200 && (await worker.jobs.find(doomed.body.id))?.stato !== 'E'; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await worker.jobs.find(doomed.body.id)).toMatchObject({ stato: 'E', messaggio: NOT_ALLOWED, downloadId: null });
      worker.stop();
    } finally {
      await database.close();
    }
  }, 120_000); // a second database with the demo data: slow on PostgreSQL

  it('downloading a failed export answers 409 "Generazione file in errore"', async () => {
    const start = await app.request.post(`${API}/ordini/esportazioni?formato=csv`);
    await finished(app.request, start.body.id);
    await app.db('esportazione').where('id', start.body.id).update({ stato: 'E', messaggio: 'Generazione file in errore', download_id: null });
    const status = await app.request.get(`${API}/esportazioni/${start.body.id}`);
    expect(status.body).toMatchObject({ stato: 'E', messaggio: 'Generazione file in errore' });
    const res = await app.request.get(`${API}/esportazioni/${start.body.id}/file`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errorMessage: 'Generazione file in errore', code: 'EXPORT_FAILED', details: [] });
  });
});
