/**
 * A yes/no list filter over an enum group (docs/spec-language.md#filters-over-an-enum-group), on the fixture's
 * orders: `soloRemoti=true` the web and phone orders (group `remoti` of `canale`), `false` the others, with the
 * caller's scope and the other filters; the export takes it as the list does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { API, type TestApp } from '../../support/test-app.js';

let app: TestApp;
const numbers = async (agent: TestApp['request'], query: string) => {
  const res = await agent.get(`${API}/ordini?${query}&sort=numero`);
  expect(res.status, query).toBe(200);
  return res.body.results.map((r: { codAbi: string; numero: string }) => `${r.codAbi}/${r.numero}`);
};

beforeAll(async () => { app = await createFixtureApp(); });
afterAll(() => app.close());

describe('groupFilters', () => {
  it('true: rows whose field holds a code of the group; false: the others; absent: all', async () => {
    // The demo orders: 10001/000001 in store (N), 10001/000002 web (W), 20002/000003 phone (T).
    expect(await numbers(app.request, 'soloRemoti=true')).toEqual(['10001/000002', '20002/000003']);
    expect(await numbers(app.request, 'soloRemoti=false')).toEqual(['10001/000001']);
    expect(await numbers(app.request, 'numero=000001')).toEqual(['10001/000001']);
  });

  it("combines with the other filters and the caller's scope", async () => {
    expect(await numbers(app.request, 'soloRemoti=true&codAbi=20002')).toEqual(['20002/000003']);
    const sede = await app.loginAs('sede.10001');
    expect(await numbers(sede, 'soloRemoti=true')).toEqual(['10001/000002']);
  });

  it('the document declares it as a boolean query parameter; another value is 400', async () => {
    const res = await app.request.get(`${API}/ordini?soloRemoti=forse`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});
