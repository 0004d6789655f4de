/**
 * Paging by cursor (docs/spec-language.md#paging-by-cursor), on the fixture's takings (`api.paging: keyset`, page
 * size 2, sorted by date descending then code): bank 10001 has I001, I008, I009, I010 on 10 May and I011 on 5
 * June, so the pages of May-June tie on the date across pages (the code breaks the tie the date's way: newest
 * first, then the highest code). Pages by cursor equal pages by number, back and
 * forth; a deleted row between pages neither repeats nor skips one; a forged or malformed cursor is 400 with the
 * spec's message and never reaches another bank's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '../../../common/text.js';
import { isRecord } from '../../../server/records.js';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
let sede: TestApp['request'];

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
});
afterAll(() => app.close());

interface Page { results: { codice: string }[]; totalCount: number; nextCursor?: string; prevCursor?: string }

/** The answer as a page: rows with a code, the cursors when present (checked, not assumed). */
function pageOf(body: unknown): Page {
  if (!isRecord(body) || !Array.isArray(body.results)) throw new Error(`not a page: ${JSON.stringify(body)}`);
  const record = body;
  return {
    results: body.results.map((r: unknown) => ({ codice: isRecord(r) ? textOf(r.codice) : '' })),
    totalCount: Number(record.totalCount),
    ...(typeof record.nextCursor === 'string' ? { nextCursor: record.nextCursor } : {}),
    ...(typeof record.prevCursor === 'string' ? { prevCursor: record.prevCursor } : {}),
  };
}
const MAY_JUNE = 'dataDa=2026-04-15&dataA=2026-06-14';
const BAD_CURSOR = "Posizione nell'elenco non valida: ripetere la ricerca dalla prima pagina";
const codes = (page: Page) => page.results.map((r) => r.codice);
const refused = { code: 'VALIDATION_ERROR', errorMessage: 'Dati non validi', details: [{ field: 'cursor', message: BAD_CURSOR }] };

async function get(query: string): Promise<Page> {
  const res = await sede.get(`${API}/incassi?${query}`);
  expect(res.status).toBe(200);
  return pageOf(res.body);
}

/** Every page of `query` by cursor, from the first. */
async function walk(query: string): Promise<string[][]> {
  const pages: string[][] = [];
  let page = await get(query);
  pages.push(codes(page));
  while (page.nextCursor) {
    page = await get(`${query}&cursor=${page.nextCursor}`);
    pages.push(codes(page));
  }
  return pages;
}

describe('a list paged by cursor', () => {
  it('answers by cursor the pages it answers by number, ties on the date included, newest first', async () => {
    const byNumber = [];
    for (let n = 0; n < 3; n++) byNumber.push(codes(await get(`${MAY_JUNE}&page=${n}`)));
    expect(byNumber).toEqual([['I011', 'I010'], ['I009', 'I008'], ['I001']]);
    expect(await walk(MAY_JUNE)).toEqual(byNumber);
  });

  it('pages in an ascending order too, the code breaking the tie upwards', async () => {
    expect(await walk(`${MAY_JUNE}&sort=data,asc`)).toEqual([['I001', 'I008'], ['I009', 'I010'], ['I011']]);
    expect(await walk(`${MAY_JUNE}&sort=importo,desc`)).toEqual([['I011', 'I010'], ['I009', 'I008'], ['I001']]);
  });

  it('goes back with prevCursor to the very pages it came through, and the first page has none', async () => {
    const first = await get(MAY_JUNE);
    expect(first.prevCursor).toBeUndefined();
    const second = await get(`${MAY_JUNE}&cursor=${first.nextCursor}`);
    const third = await get(`${MAY_JUNE}&cursor=${second.nextCursor}`);
    expect(codes(third)).toEqual(['I001']);
    expect(third.nextCursor).toBeUndefined();
    const back = await get(`${MAY_JUNE}&cursor=${third.prevCursor}`);
    expect(codes(back)).toEqual(['I009', 'I008']);
    const start = await get(`${MAY_JUNE}&cursor=${back.prevCursor}`);
    expect(codes(start)).toEqual(['I011', 'I010']);
    expect(start.prevCursor).toBeUndefined();
    expect(start.nextCursor).toBeDefined();
  });

  it('offers cursors from a page asked by number, so paging on from page 1 goes on from there', async () => {
    const second = await get(`${MAY_JUNE}&page=1`);
    expect(codes(await get(`${MAY_JUNE}&cursor=${second.nextCursor}`))).toEqual(['I001']);
    expect(codes(await get(`${MAY_JUNE}&cursor=${second.prevCursor}`))).toEqual(['I011', 'I010']);
  });

  it('neither repeats nor skips a row when one is deleted between two pages', async () => {
    const first = await get(MAY_JUNE);
    expect(codes(first)).toEqual(['I011', 'I010']);
    await app.db('incasso').where({ codice: 'I010' }).delete();
    try {
      const next = await get(`${MAY_JUNE}&cursor=${first.nextCursor}`);
      expect(codes(next)).toEqual(['I009', 'I008']);
      // Page 1 by number now starts a row later: it would have skipped I009.
      expect(codes(await get(`${MAY_JUNE}&page=1`))).toEqual(['I008', 'I001']);
    } finally {
      await app.db('incasso').insert({ codice: 'I010', cod_abi: '10001', data: '2026-05-10', importo: 13, esito: 'OK' });
    }
  });

  it('keeps the caller\'s scope whatever the cursor says: another bank reads only its own rows', async () => {
    const first = await get(MAY_JUNE);
    const other = await app.loginAs('sede.20002');
    const res = await other.get(`${API}/incassi?dataDa=2026-09-20&dataA=2026-11-20&cursor=${first.nextCursor}`);
    expect(res.status).toBe(200);
    expect(pageOf(res.body).results).toEqual([]);
    // A cursor forged to start before every row of bank 10001 still answers bank 20002's own taking only.
    const forged = Buffer.from(JSON.stringify({ o: '-data,-codice', d: 'n', v: ['2099-12-31', 'I999'] })).toString('base64url');
    const mine = await other.get(`${API}/incassi?dataDa=2026-09-20&dataA=2026-11-20&cursor=${forged}`);
    expect(mine.status).toBe(200);
    expect(codes(pageOf(mine.body))).toEqual(['I007']);
  });

  it('refuses with the spec\'s message a cursor it never answered', async () => {
    const first = await get(MAY_JUNE);
    const other = (o: string, v: unknown[]) => Buffer.from(JSON.stringify({ o, d: 'n', v })).toString('base64url');
    for (const cursor of [
      'bm90LWpzb24', // "not-json"
      other('-data,-codice', ['2026-05-10']), // a value short
      other('-data,-codice', [20260510, 'I001']), // a number for a date
      other('-data,-codice', [null, 'I001']),
      other('codice', ['I001']), // another order
    ]) {
      const res = await sede.get(`${API}/incassi?${MAY_JUNE}&cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body).toMatchObject(refused);
    }
    // A cursor of the default order used with another sort.
    const res = await sede.get(`${API}/incassi?${MAY_JUNE}&sort=importo&cursor=${first.nextCursor}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refused);
    // Characters a cursor never holds are refused by the document before the server reads them.
    expect((await sede.get(`${API}/incassi?${MAY_JUNE}&cursor=a%27%3B--`)).status).toBe(400);
  });
});
