/**
 * Every export of the domain's document works end to end (issue 5 item 4): each exportable list of
 * generated/openapi.json answers 202 and its job ends with a file (S). How an export behaves (formats,
 * scope, the CSV and Excel cells, jobs that survive a restart) is tested on the fixture:
 * tests/server/platform/exports.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOperations } from '../../server/http/operations.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';
import { textOf } from '../../common/text.js';
import { defaultPeriod } from '../../common/search-period.js';

const exportDir = mkdtempSync(join(tmpdir(), 'webpos-exports-'));
process.env.EXPORT_DIR = exportDir;
let app: TestApp;

beforeAll(async () => { app = await createTestApp(); });
afterAll(async () => { await app.close(); rmSync(exportDir, { recursive: true, force: true }); });

/** Polls the job the way the page does, only faster, until it ends. */
async function finished(id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 300; i++) {
    const res = await app.request.get(`${API}/esportazioni/${id}`);
    expect(res.status).toBe(200);
    if (res.body.stato === 'S' || res.body.stato === 'E') return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`export ${id} did not end`);
}

describe('the exports of the domain', () => {
  it('every exportable list answers 202 (each export operation of the document)', async () => {
    const exports = documentOperations(app.artifacts.openapi).filter((op) => op.method === 'post' && op.kind === 'export');
    expect(exports.length).toBeGreaterThan(5);
    for (const { path, entity } of exports) {
      const demo = app.artifacts.demo.find((d) => d.entity === entity)?.rows[0] ?? {};
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(textOf(demo[name] ?? '30480')));
      // A list that needs one of some filters (api.requireOneFilter) is exported with the first of them.
      const api = app.artifacts.model.entities.find((e) => e.name === entity)?.api;
      const needed = api?.requireOneFilter?.params[0];
      // A list searched by period (api.period, seed 002 §9) is exported over the period its page opens on.
      const period = api?.period && defaultPeriod(api.period, new Date().toISOString().slice(0, 10));
      const filter = (needed ? `&${needed}=${encodeURIComponent(textOf(demo[needed] ?? '30480'))}` : '')
        + (api?.period && period ? `&${api.period.from}=${period.from}&${api.period.to}=${period.to}` : '');
      // CSV where the list offers it, else its first format (the monitors offer Excel only, seed 002 §2).
      const formato = !api?.export || api.export.formats.includes('csv') ? 'csv' : api.export.formats[0];
      const res = await app.request.post(`${API}${url}?formato=${formato}${filter}`);
      expect(res.status, path).toBe(202);
      expect((await finished(res.body.id)).stato, path).toBe('S');
    }
  });
});
