/**
 * A count that stops (docs/spec-language.md#a-count-that-stops), on the fixture's takings (`api.countLimit: 3`,
 * page size 2): a search matching more than 3 rows answers totalCount 3 with totalCountCapped, exactly 3 is an
 * exact count, and every page past the count can still be read, in the caller's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
let sede: TestApp['request'];

beforeAll(async () => {
  app = await createFixtureApp();
  sede = await app.loginAs('sede.10001');
});
afterAll(() => app.close());

const codes = (body: { results: { codice: string }[] }) => body.results.map((r) => r.codice);
/** Bank 10001's four takings from 15 October to 20 November (I003-I006); I007 of the same days is bank 20002's. */
const FOUR = 'dataDa=2026-09-20&dataA=2026-11-20';

describe('a count that stops at the spec\'s countLimit', () => {
  it('says "more than 3" for four matching rows, on every page, and still serves the page past the count', async () => {
    const first = await sede.get(`${API}/incassi?${FOUR}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ totalCount: 3, totalCountCapped: true });
    expect(codes(first.body)).toEqual(['I006', 'I005']);
    const second = await sede.get(`${API}/incassi?${FOUR}&page=1`);
    expect(second.body).toMatchObject({ totalCount: 3, totalCountCapped: true });
    expect(codes(second.body)).toEqual(['I004', 'I003']);
    const past = await sede.get(`${API}/incassi?${FOUR}&page=2`);
    expect(past.body).toMatchObject({ results: [], totalCount: 3, totalCountCapped: true });
  });

  it('counts exactly up to the limit itself, and below it', async () => {
    const three = await sede.get(`${API}/incassi?dataDa=2026-10-31&dataA=2026-12-31`);
    expect(three.body).toMatchObject({ totalCount: 3, totalCountCapped: false });
    const approved = await sede.get(`${API}/incassi?${FOUR}&esito=OK`);
    expect(approved.body).toMatchObject({ totalCount: 3, totalCountCapped: false });
    const reversed = await sede.get(`${API}/incassi?${FOUR}&esito=ST`);
    expect(reversed.body).toMatchObject({ totalCount: 1, totalCountCapped: false });
    expect(codes(reversed.body)).toEqual(['I004']);
  });

  it('counts in the caller\'s scope only: the other bank\'s taking of the same days is not among them', async () => {
    const other = await app.loginAs('sede.20002');
    const res = await other.get(`${API}/incassi?${FOUR}`);
    expect(res.body).toMatchObject({ totalCount: 1, totalCountCapped: false });
    expect(codes(res.body)).toEqual(['I007']);
  });
});
