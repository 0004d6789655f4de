/**
 * Asynchronous exports (issue 5 item 4; seed 000 §4 polling): POST <list path>/esportazioni queues a job
 * (P), the worker in the server process runs it (R, with progress) and ends it in S with a file, or in E
 * with 'Generazione file in errore'. The rows are the caller's list: his filters, sort and bank scope.
 * Only the user who asked reads the job; a job survives a restart of the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import { loadDemoDataIfEmpty } from '../../server/db/demo-data.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { sortOrder } from '../../server/crud/list-query.js';
import { keysetBatches } from '../../server/exports/keyset.js';
import type { ExportWorker } from '../../server/exports/worker.js';
import { API, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/test-app.js';
import { openTestDatabase } from '../support/test-database.js';

const exportDir = mkdtempSync(join(tmpdir(), 'webpos-exports-'));
process.env.EXPORT_DIR = exportDir;
let app: TestApp;
type Agent = TestApp['request'];

beforeAll(async () => { app = await createTestApp(); });
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

const binary = (res: supertest.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

async function download(agent: Agent, id: string): Promise<supertest.Response> {
  return agent.get(`${API}/esportazioni/${id}/file`).buffer(true).parse(binary as never);
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

const today = () => { const [y, m, d] = new Date().toISOString().slice(0, 10).split('-'); return `${d}-${m}-${y}`; };

describe('export life cycle', () => {
  it('CSV of the branches: 202 queued, then done with every row of the list, as an Italian Excel reads it', async () => {
    const start = await app.request.post(`${API}/filiali/esportazioni?formato=csv&sort=nome,desc`);
    expect(start.status).toBe(202);
    expect(start.body).toMatchObject({ entity: 'Filiale', formato: 'csv', stato: 'P', righeScritte: 0, downloadId: null, messaggio: null });
    const done = await finished(app.request, start.body.id);
    const list = await app.request.get(`${API}/filiali?sort=nome,desc&size=200`);
    expect(done).toMatchObject({ stato: 'S', righeScritte: list.body.totalCount, righeTotali: list.body.totalCount, downloadId: start.body.id, nomeFile: `Filiali_${today()}.csv` });

    const file = await download(app.request, start.body.id);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="Filiali_${today()}.csv"`);
    const text = (file.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(['Codice ABI', 'CAB', 'Nome', "Località", 'Provincia']);
    expect(rows.slice(1).map((r) => `${r[0]}/${r[1]}`)).toEqual(list.body.results.map((b: { codAbi: string; cab: string }) => `${b.codAbi}/${b.cab}`));
  });

  it('Excel of the banks: a header of labels, typed cells, the list filter applied', async () => {
    const start = await app.request.post(`${API}/banche/esportazioni?formato=xlsx&codAbi=30480`);
    expect(start.status).toBe(202);
    const done = await finished(app.request, start.body.id);
    expect(done).toMatchObject({ stato: 'S', righeScritte: 1, righeTotali: 1, nomeFile: `Banche_${today()}.xlsx` });
    const file = await download(app.request, start.body.id);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Banche');
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const bank = (await app.request.get(`${API}/banche/30480`)).body;
    expect(header[0]).toBe('Codice ABI');
    const cells = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(cells[0]).toBe('30480');
    expect(cells[1]).toBe(bank.nomeBcc);
    expect(cells[2]).toBe(bank.flgAttiva ? 'Sì' : 'No');
  });

  it('a branch user exports only the rows his list shows (bank and branch scope)', async () => {
    for (const username of ['sede.30480', 'filiale.30480']) {
      const user = await app.loginAs(username);
      const start = await user.post(`${API}/filiali/esportazioni?formato=csv`);
      expect(start.status, username).toBe(202);
      await finished(user, start.body.id);
      const rows = parseCsv((await download(user, start.body.id)).body.toString('utf8').slice(1)).slice(1);
      const list = await user.get(`${API}/filiali?size=200`);
      expect(rows.length, username).toBe(list.body.totalCount);
      expect(rows.every((r) => r[0] === '30480'), username).toBe(true);
      if (username === 'filiale.30480') expect(rows.map((r) => r[1])).toEqual(['01600']);
    }
    const all = await app.request.get(`${API}/filiali?size=1`);
    const sede = await (await app.loginAs('sede.30480')).get(`${API}/filiali?size=1`);
    expect(sede.body.totalCount).toBeLessThan(all.body.totalCount);
  });

  it('another user cannot read the job or its file (404); without the list permission, 403', async () => {
    const start = await app.request.post(`${API}/filiali/esportazioni?formato=csv`);
    await finished(app.request, start.body.id);
    const other = await app.loginAs('sede.30480');
    for (const path of [`esportazioni/${start.body.id}`, `esportazioni/${start.body.id}/file`]) {
      const res = await other.get(`${API}/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] });
    }
    const agent = await app.loginAs('agente.push');
    expect((await agent.get(`${API}/filiali`)).status).toBe(403);
    const refused = await agent.post(`${API}/filiali/esportazioni?formato=csv`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] });
    expect((await app.anonymous.post(`${API}/filiali/esportazioni?formato=csv`)).status).toBe(401);
  });

  it('a wrong format is 400; a file not ready yet is 404 "Nessun file presente"', async () => {
    const wrong = await app.request.post(`${API}/filiali/esportazioni?formato=pdf`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('VALIDATION_ERROR');
    const missing = await app.request.get(`${API}/esportazioni/00000000-0000-0000-0000-000000000000`);
    expect(missing.status).toBe(404);
  });

  it('text that a spreadsheet would run as a formula gets a leading apostrophe; quotes and ; are escaped', async () => {
    const created = await app.request.post(`${API}/filiali`).send({ codAbi: '30480', cab: '77777', nome: '=HYPERLINK("http://x";"y")', localita: '+39 Roma', indirizzo: '@SUM(A1)' });
    expect(created.status).toBe(201);
    const start = await app.request.post(`${API}/filiali/esportazioni?formato=csv&cab=77777`);
    await finished(app.request, start.body.id);
    const text = (await download(app.request, start.body.id)).body.toString('utf8');
    expect(text.split('\r\n')[1]).toBe(`30480;77777;"'=HYPERLINK(""http://x"";""y"")";'+39 Roma;`);
    expect(parseCsv(text.slice(1))[1]).toEqual(['30480', '77777', `'=HYPERLINK("http://x";"y")`, "'+39 Roma", '']);
  });

  it('every exportable list answers 202 (each export operation of the document)', async () => {
    const paths = app.artifacts.openapi.paths as Record<string, { post?: { 'x-operation'?: string; 'x-entity'?: string } }>;
    const exports = Object.entries(paths).filter(([, item]) => item.post?.['x-operation'] === 'export');
    expect(exports.length).toBeGreaterThan(5);
    for (const [path, item] of exports) {
      const demo = app.artifacts.demo.find((d) => d.entity === item.post!['x-entity'])?.rows[0] ?? {};
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(demo[name] ?? '30480')));
      const res = await app.request.post(`${API}${url}?formato=csv`);
      expect(res.status, path).toBe(202);
      expect((await finished(app.request, res.body.id)).stato, path).toBe('S');
    }
  });
});

describe('keyset batches', () => {
  it('read every row once, in the list order, also by a column with missing values, whatever the batch size', async () => {
    const entity = app.artifacts.model.entities.find((e) => e.name === 'Filiale')!;
    await app.request.post(`${API}/filiali`).send({ codAbi: '30480', cab: '66601', nome: 'Senza localita A' });
    await app.request.post(`${API}/filiali`).send({ codAbi: '30480', cab: '66602', nome: 'Senza localita B' });
    for (const sort of ['localita,desc', 'localita,asc', 'nome,asc', 'cab,desc']) {
      const list = await app.request.get(`${API}/filiali?sort=${sort}&size=200`);
      const params = { page: 0, size: 200, sort: [{ field: sort.split(',')[0], direction: sort.split(',')[1] as 'asc' | 'desc' }], filters: [], compact: false };
      const keys: string[] = [];
      for await (const batch of keysetBatches(() => app.db(entity.table), sortOrder(entity, params), 2)) keys.push(...batch.map((r) => `${String(r.cod_abi)}/${String(r.cab)}`));
      expect(keys, sort).toEqual(list.body.results.map((b: { codAbi: string; cab: string }) => `${b.codAbi}/${b.cab}`));
    }
  });
});

describe('a job survives a restart; a failure ends in E', () => {
  /** Another server process on one database: its own app and worker (run: false only queues). */
  async function serverOn(db: Awaited<ReturnType<typeof openTestDatabase>>['db'], run: boolean) {
    const created = createApp({ db, artifacts: app.artifacts, validateResponses: true, exports: { dir: exportDir, run } });
    const login = await supertest(created).post(`${API}/authorization/auth?userType=banca`).send({ username: 'assistenza', password: DEMO_PASSWORD });
    return { agent: supertest.agent(created).set('X-AuthToken', login.body.access_token as string), worker: created.locals.exportWorker as ExportWorker };
  }

  it('queued by a server that stopped, left running by a crash: the next server completes it; a user disabled meanwhile: E', async () => {
    const database = await openTestDatabase();
    try {
      await migrateLatest(database.db, app.artifacts.migrationsDir);
      await loadDemoDataIfEmpty(database.db, app.artifacts);
      const first = await serverOn(database.db, false);
      const queued = await first.agent.post(`${API}/banche/esportazioni?formato=xlsx`);
      const crashed = await first.agent.post(`${API}/filiali/esportazioni?formato=csv`);
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
      const doomed = await third.agent.post(`${API}/filiali/esportazioni?formato=csv`);
      await database.db('utente').where('username', 'assistenza').update({ enabled: false });
      const fourth = createApp({ db: database.db, artifacts: app.artifacts, exports: { dir: exportDir, run: true } });
      const worker = fourth.locals.exportWorker as ExportWorker;
      for (let i = 0; i < 200 && (await worker.jobs.find(doomed.body.id))?.stato !== 'E'; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await worker.jobs.find(doomed.body.id)).toMatchObject({ stato: 'E', messaggio: 'Generazione file in errore', downloadId: null });
      worker.stop();
    } finally {
      await database.close();
    }
  }, 120_000); // a second database with the demo data: slow on PostgreSQL

  it('downloading a failed export answers 409 "Generazione file in errore"', async () => {
    const start = await app.request.post(`${API}/filiali/esportazioni?formato=csv`);
    await finished(app.request, start.body.id);
    await app.db('esportazione').where('id', start.body.id).update({ stato: 'E', messaggio: 'Generazione file in errore', download_id: null });
    const status = await app.request.get(`${API}/esportazioni/${start.body.id}`);
    expect(status.body).toMatchObject({ stato: 'E', messaggio: 'Generazione file in errore' });
    const res = await app.request.get(`${API}/esportazioni/${start.body.id}/file`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errorMessage: 'Generazione file in errore', code: 'EXPORT_FAILED', details: [] });
  });
});
