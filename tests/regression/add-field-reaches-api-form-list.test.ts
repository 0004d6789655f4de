/**
 * The analyst's promise of the README: add a field to spec/anagrafiche/banca.yaml, run the generator,
 * and on a fresh database the field is in the API, the form and the list, with no hand-written code.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../generator/pipeline.js';
import { createApp } from '../../server/app.js';
import { loadArtifacts } from '../../server/artifacts.js';
import { ROOT_DIR } from '../../server/config.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { loadDemoDataIfEmpty } from '../../server/db/demo-data.js';
import { DEMO_PASSWORD } from '../support/test-app.js';
import { openTestDatabase, type TestDatabase } from '../support/test-database.js';
import { closeOpened } from '../support/close-opened.js';

const NEW_FIELD = `
  codiceSia:
    type: string
    label: Codice SIA
    pattern: '^[A-Z0-9]{5}$'
    messages: { pattern: 'Il codice SIA deve essere di 5 caratteri' }
`;

describe('a field added to banca.yaml', () => {
  const root = mkdtempSync(join(tmpdir(), 'add-field-'));
  const generated = join(root, 'generated');
  let database: TestDatabase; // SQLite, or PostgreSQL in the PostgreSQL suite
  let api: supertest.Agent;

  beforeAll(async () => {
    cpSync(join(ROOT_DIR, 'spec'), join(root, 'spec'), { recursive: true });
    cpSync(join(ROOT_DIR, 'templates'), join(root, 'templates'), { recursive: true });
    const bankFile = join(root, 'spec', 'anagrafiche', 'banca.yaml');
    const spec = readFileSync(bankFile, 'utf8')
      .replace('\nchildren:\n', () => `${NEW_FIELD}children:\n`)
      .replace('columns: [codAbi, nomeBcc,', 'columns: [codAbi, codiceSia, nomeBcc,')
      // The bank's form has a layout: a new field takes a place in it (npm run gen says so otherwise).
      .replace('fields: [codAbi, nomeBcc, flgAttiva,', 'fields: [codAbi, codiceSia, nomeBcc, flgAttiva,');
    writeFileSync(bankFile, spec);

    const result = await runPipeline(root);
    if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
    for (const file of result.files) {
      mkdirSync(dirname(join(generated, file.path)), { recursive: true });
      writeFileSync(join(generated, file.path), file.content);
    }
    const artifacts = loadArtifacts(generated);
    database = await openTestDatabase();
    const { db } = database;
    await migrateLatest(db, artifacts.migrationsDir);
    await loadDemoDataIfEmpty(db, artifacts);
    const app = createApp({ db, artifacts, validateResponses: true });
    const login = await supertest(app).post('/webpos/api/v1/authorization/auth?userType=banca').send({ username: 'assistenza', password: DEMO_PASSWORD });
    api = supertest.agent(app).set('X-AuthToken', login.body.access_token);
  });

  afterAll(async () => {
    await closeOpened(database);
    rmSync(root, { recursive: true, force: true });
  });

  it('appears in the form with its label and message, and as a list column', () => {
    const form = JSON.parse(readFileSync(join(generated, 'forms', 'Banca.json'), 'utf8'));
    expect(form.schema.properties.codiceSia).toMatchObject({ title: 'Codice SIA', pattern: '^[A-Z0-9]{5}$' });
    expect(form.messages.codiceSia.pattern).toBe('Il codice SIA deve essere di 5 caratteri');
    const manifest = JSON.parse(readFileSync(join(generated, 'manifest.json'), 'utf8'));
    expect(manifest.entities.Banca.columns.map((c: { field: string }) => c.field)).toContain('codiceSia');
  });

  it('is stored and returned by the API, and listed', async () => {
    const created = await api.post('/webpos/api/v1/banche').send({ codAbi: '12345', nomeBcc: 'Banca Nuova', codiceSia: 'AB123', group: { parentGroup: '11000' } });
    expect(created.status).toBe(201);
    expect(created.body.codiceSia).toBe('AB123');
    const list = await api.get('/webpos/api/v1/banche?codAbi=12345');
    expect(list.body.results).toEqual([expect.objectContaining({ codAbi: '12345', codiceSia: 'AB123' })]);
  });

  it('is validated by the API with the message written in the spec', async () => {
    const refused = await api.post('/webpos/api/v1/banche').send({ codAbi: '12346', nomeBcc: 'Altra', codiceSia: 'x', group: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: 'codiceSia', message: 'Il codice SIA deve essere di 5 caratteri' }]);
  });
});
