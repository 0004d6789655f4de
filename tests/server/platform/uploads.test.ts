/**
 * File fields (type: file), through the fixture's article image (tests/fixtures/README.md), declared with
 * the bank logo's rule (seed 000 §5, §7): GET articoli/{codice}/immagine, POST articoli/{codice}/immagine/check,
 * PUT articoli/{codice}/immagine; and a field's own message (the technical sheet). Every case runs against
 * both stores (the database and a folder: FILE_STORAGE_DIR), on SQLite and, with TEST_DATABASE=postgres,
 * on PostgreSQL.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../../server/lookup.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';
import { etagOf } from '../../support/versions.js';

const TOO_BIG = "La dimensione del file selezionato e' troppo grande: la dimensione massima e' di 250kb";
const BAD_NAME = 'Il nome del file contiene caratteri non consentiti';
const BAD_CONTENT = 'Il contenuto del file non corrisponde al tipo dichiarato';
const BAD_TYPE = 'Tipo di file non consentito';
const LIMIT = 250 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** `size` bytes that start like a PNG (what the server checks), then a recognisable pattern. */
function png(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size, seed);
  Buffer.from(PNG_SIGNATURE).copy(bytes);
  return bytes;
}
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 7)]);

/**
 * A multipart body written byte by byte, so the file name reaches the server exactly as a browser would
 * send it: `extended` uses RFC 5987 `filename*` (any character, percent-encoded), else `filename="..."`.
 */
function multipart(name: string, type: string, bytes: Buffer, extended = false): { contentType: string; body: Buffer } {
  const boundary = `----webposTest${Math.random().toString(16).slice(2)}`;
  const encoded = encodeURIComponent(name).replace(/'/g, '%27');
  const disposition = extended ? `filename*=UTF-8''${encoded}` : `filename="${name}"`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

const validation = (message: string) => ({ errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'file', message }] });

/** Articles of bank 10001 that start without files, one per case that needs a fresh row. */
const FRESH = ['FILE01', 'FILE02', 'FILE03', 'FILE04', 'FILE05'];

describe.each(['database', 'folder'] as const)('article image, %s store', (store) => {
  let app: TestApp;
  let folder: string | undefined;
  const image = (codice = 'ALFA01') => `${API}/articoli/${codice}/immagine`;
  const item = (codice = 'ALFA01') => `${API}/articoli/${codice}`;

  const check = (agent: TestApp['request'], name: string, type: string, bytes: Buffer, extended = false, codice = 'ALFA01') => {
    const { contentType, body } = multipart(name, type, bytes, extended);
    return agent.post(`${image(codice)}/check`).set('Content-Type', contentType).send(body);
  };
  const upload = async (agent: TestApp['request'], name: string, type: string, bytes: Buffer, ifMatch?: string, codice = 'ALFA01') => {
    const { contentType, body } = multipart(name, type, bytes);
    const req = agent.put(image(codice)).set('Content-Type', contentType);
    const version = ifMatch ?? (await etagOf(app.request, item(codice)));
    return (ifMatch === '' ? req : req.set('If-Match', version)).send(body);
  };
  const newArticle = (codice: string) => ({ codice, codAbi: '10001', nome: `Articolo ${codice}`, categoria: 'LIB', prezzo: 1 });

  beforeAll(async () => {
    if (store === 'folder') {
      folder = mkdtempSync(join(tmpdir(), 'webpos-files-'));
      process.env.FILE_STORAGE_DIR = folder;
    }
    try {
      app = await createFixtureApp();
    } finally {
      delete process.env.FILE_STORAGE_DIR;
    }
    for (const codice of FRESH) expect((await app.request.post(`${API}/articoli`).send(newArticle(codice))).status).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('an article without an image answers 404 with the Italian message', async () => {
    const res = await app.request.get(image('FILE01'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errorMessage: 'Nessun file presente', code: 'FILE_NOT_FOUND', details: [] });
  });

  it('exactly 250 kB is accepted by check and by upload; one byte more is refused with the seed message', async () => {
    expect((await check(app.request, 'logo.png', 'image/png', png(LIMIT))).status).toBe(200);
    const over = await check(app.request, 'logo.png', 'image/png', png(LIMIT + 1));
    expect(over.status).toBe(400);
    expect(over.body).toEqual(validation(TOO_BIG));
    const stored = await upload(app.request, 'logo.png', 'image/png', png(LIMIT));
    expect(stored.status).toBe(200);
    const refused = await upload(app.request, 'logo.png', 'image/png', png(LIMIT + 1));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(validation(TOO_BIG));
  });

  it.each(['<', '>', "'", ' ', '\t', '+', '"', '/', ';', '`', '%'])('a name with %j is refused with the seed message', async (c) => {
    const res = await check(app.request, `logo${c}banca.png`, 'image/png', png(100), true);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validation(BAD_NAME));
    const put = await app.request.put(image()).set('If-Match', await etagOf(app.request, item()))
      .set('Content-Type', multipart(`a${c}b.png`, 'image/png', png(100), true).contentType)
      .send(multipart(`a${c}b.png`, 'image/png', png(100), true).body);
    // (a fresh boundary per call: the body above is built again, so its boundary differs from the header's)
    expect(put.status).toBe(400);
  });

  it('a .png that is not a PNG is refused; a type the field does not accept too', async () => {
    const fake = await check(app.request, 'logo.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.status).toBe(400);
    expect(fake.body).toEqual(validation(BAD_CONTENT));
    const svg = await check(app.request, 'logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.status).toBe(400);
    expect(svg.body).toEqual(validation(BAD_TYPE));
  });

  it('a check stores nothing; an upload stores, is downloaded byte for byte with safe headers, and changes the version', async () => {
    const before = await app.request.get(item('FILE02'));
    expect(before.body.immagine).toBeNull();
    expect((await check(app.request, 'logo.gif', 'image/gif', GIF, false, 'FILE02')).status).toBe(200);
    expect((await app.request.get(image('FILE02'))).status).toBe(404);

    const res = await upload(app.request, 'Copertina_FILE-02.gif', 'image/gif', GIF, before.headers.etag, 'FILE02');
    expect(res.status).toBe(200);
    expect(res.body.codice).toBe('FILE02');
    expect(res.body.immagine).toEqual(expect.any(String));
    expect(res.headers.etag).not.toBe(before.headers.etag);
    expect(res.headers.etag).toBe(await etagOf(app.request, item('FILE02')));

    const got = await app.request.get(image('FILE02')).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/gif');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="Copertina_FILE-02.gif"; filename*=UTF-8''Copertina_FILE-02.gif`);
    expect(Buffer.compare(got.body, GIF)).toBe(0);
  });

  it('replacing the image removes the old file; deleting the article removes its file', async () => {
    const dir = folder; // a const stays narrowed inside the polled callbacks below, the `let` does not
    const countFiles = async () => Number((await app.db('file_archiviato').count({ n: '*' }))[0].n);
    const first = await upload(app.request, 'uno.png', 'image/png', png(300, 1), undefined, 'FILE03');
    expect(first.status).toBe(200);
    const afterFirst = await countFiles();
    const second = await upload(app.request, 'due.png', 'image/png', png(300, 2), undefined, 'FILE03');
    expect(second.status).toBe(200);
    expect(await countFiles()).toBe(afterFirst);
    if (dir) expect(readdirSync(dir).filter((f) => f.startsWith(second.body.immagine))).toHaveLength(1);
    // The old bytes go once the transaction has committed.
    if (dir) await expect.poll(() => readdirSync(dir).some((f) => f.startsWith(first.body.immagine))).toBe(false);

    // An article of its own, so no other row refers to it.
    const created = await app.request.post(`${API}/articoli`).send(newArticle('FILE77'));
    expect(created.status).toBe(201);
    const uploaded = await upload(app.request, 'logo.png', 'image/png', png(200), created.headers.etag, 'FILE77');
    expect(uploaded.status).toBe(200);
    const withFile = await countFiles();
    const deleted = await app.request.delete(item('FILE77')).set('If-Match', uploaded.headers.etag);
    expect(deleted.status).toBe(204);
    expect(await countFiles()).toBe(withFile - 1);
    if (dir) await expect.poll(() => readdirSync(dir).some((f) => f.startsWith(uploaded.body.immagine))).toBe(false);
  });

  it('PUT of the article keeps the image whatever the body says about it', async () => {
    const up = await upload(app.request, 'logo.png', 'image/png', png(120), undefined, 'FILE04');
    const { giacenza: _serverSet, ...row } = (await app.request.get(item('FILE04'))).body;
    const res = await app.request.put(item('FILE04')).set('If-Match', up.headers.etag).send({ ...row, immagine: 'altro-id', nome: 'Nuovo nome' });
    expect(res.status).toBe(200);
    expect(res.body.immagine).toBe(up.body.immagine);
  });

  it('the upload needs If-Match (428) and the current version (412)', async () => {
    const missing = await upload(app.request, 'logo.png', 'image/png', png(100), '');
    expect(missing.status).toBe(428);
    expect(missing.body.code).toBe('VERSION_REQUIRED');
    const stale = await upload(app.request, 'logo.png', 'image/png', png(100), '"vecchia"');
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
  });

  it('permissions and bank scope: read needs VISUALIZZAZIONE, check and upload AGGIORNAMENTO; another bank is 404', async () => {
    const filiale = await app.loginAs('filiale.10001');
    expect((await check(filiale, 'logo.png', 'image/png', png(10))).status).toBe(403);
    const put = await upload(filiale, 'logo.png', 'image/png', png(10));
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ errorMessage: 'Operazione non consentita', code: 'FORBIDDEN', details: [] });

    const sede = await app.loginAs('sede.10001');
    expect((await upload(sede, 'nostro.png', 'image/png', png(64), await etagOf(sede, item('ALFA01')))).status).toBe(200);
    expect((await sede.get(image('ALFA01'))).status).toBe(200);
    expect((await filiale.get(image('ALFA01'))).status).toBe(200);
    const NOT_FOUND = { errorMessage: 'Elemento non trovato', code: 'NOT_FOUND', details: [] };
    const other = await sede.get(image('BETA01'));
    expect(other.status).toBe(404);
    expect(other.body).toEqual(NOT_FOUND);
    expect((await check(sede, 'logo.png', 'image/png', png(10), false, 'BETA01')).body).toEqual(NOT_FOUND);
    expect((await upload(sede, 'logo.png', 'image/png', png(10), '"x"', 'BETA01')).body).toEqual(NOT_FOUND);
    expect((await app.anonymous.get(image('ALFA01'))).status).toBe(401);
  });

  it('the audit trail records id, name, size and sha256 of the new image, never its bytes', async () => {
    const bytes = png(500, 9);
    const res = await upload(app.request, 'audit.png', 'image/png', bytes, undefined, 'FILE05');
    expect(res.status).toBe(200);
    const trail = await app.request.get(`${API}/audit?entity=Articolo&key=FILE05`);
    expect(trail.status).toBe(200);
    const entries: { operation: string; username: string; after: string | Record<string, unknown> }[] = trail.body.results;
    const entry = entries.find((e) => e.operation === 'update' && JSON.stringify(e.after).includes('audit.png'));
    expect(entry).toBeDefined();
    const { after: stored, username } = present(entry, 'the update entry naming audit.png');
    const after = typeof stored === 'string' ? JSON.parse(stored) : stored;
    const id = (await app.request.get(item('FILE05'))).body.immagine;
    expect(after.immagine).toEqual({ id, nome: 'audit.png', contentType: 'image/png', dimensione: 500, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(username).toBe('assistenza');
  });

  it('a create carrying the image in its body records the stored file (id, name, size, sha256) in the trail, never its base64', async () => {
    const bytes = png(700, 11);
    const content = bytes.toString('base64');
    const res = await app.request.post(`${API}/articoli`).send({ ...newArticle('FILE06'), immagine: { name: 'nuovo.png', contentType: 'image/png', content } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id: unknown = res.body.immagine;
    expect(typeof id).toBe('string');
    const trail = await app.request.get(`${API}/audit?entity=Articolo&key=FILE06`);
    const entries: { operation: string; after: string | Record<string, unknown> }[] = trail.body.results;
    const created = present(entries.find((e) => e.operation === 'create'), 'the create entry of FILE06');
    const text = typeof created.after === 'string' ? created.after : JSON.stringify(created.after);
    expect(text).not.toContain(content.slice(0, 40));
    expect(JSON.parse(text).immagine).toEqual({ id, nome: 'nuovo.png', contentType: 'image/png', dimensione: 700, sha256: createHash('sha256').update(bytes).digest('hex') });
  });

  it('a UTF-8 file name is kept as sent (multer would read it as Latin-1)', async () => {
    const res = await upload(app.request, 'logò.png', 'image/png', png(80), undefined, 'FILE01');
    expect(res.status).toBe(200);
    const got = await app.request.get(image('FILE01'));
    expect(got.headers['content-disposition']).toBe(`attachment; filename="log_.png"; filename*=UTF-8''${encodeURIComponent('logò.png')}`);
  });

  it('an upload without a file part is 400 on field file', async () => {
    const boundary = 'vuoto';
    const res = await app.request.post(`${image()}/check`).set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(Buffer.from(`--${boundary}--\r\n`));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it("a field's own message wins over the default; text that is not text is refused (the technical sheet)", async () => {
    const sheet = (name: string, bytes: Buffer) => {
      const { contentType, body } = multipart(name, 'text/plain', bytes);
      return app.request.post(`${item('FILE05')}/scheda/check`).set('Content-Type', contentType).send(body);
    };
    expect((await sheet('scheda.txt', Buffer.alloc(2048, 'a'))).status).toBe(200);
    const big = await sheet('scheda.txt', Buffer.alloc(2049, 'a'));
    expect(big.status).toBe(400);
    expect(big.body).toEqual(validation('La scheda tecnica può essere al massimo di 2 kB'));
    const binary = await sheet('scheda.txt', Buffer.from([0x61, 0x00, 0x62]));
    expect(binary.body).toEqual(validation(BAD_CONTENT));
    expect((await check(app.request, 'scheda.txt', 'text/plain', Buffer.from('testo'))).body).toEqual(validation(BAD_TYPE));
  });
});
