/**
 * Found by the contract fuzzer (tests/contract/fuzz.test.ts): creating a bank whose ABI is the name of a
 * group that already exists (11000, the support group) answered 201 and rewrote that group as the new
 * bank's group (type B, the bank's description, no parent), so the assistance users lost their role.
 * A new bank's group must be new too: 409 and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
beforeAll(async () => { app = await createTestApp(); });
afterAll(() => app.close());

describe('creating a bank whose ABI names an existing group', () => {
  // 99999, the push aggregate, is a bank of the demo too (spec/demo/02-banche.yaml): its row stays as it was.
  it.each(['11000', '15000', '99999'])('%s answers 409 and leaves the group and its users as they were', async (codAbi) => {
    const before = await app.db('gruppo').where({ group_name: codAbi }).first();
    const bankBefore = await app.db('banca').where({ cod_abi: codAbi }).first();
    const res = await app.request.post(`${API}/banche`).send({ codAbi, nomeBcc: 'Banca intrusa', group: { description: 'Intruso' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errorMessage: "Elemento già presente", code: 'DUPLICATE_KEY', details: [] });
    expect(await app.db('gruppo').where({ group_name: codAbi }).first()).toEqual(before);
    expect(await app.db('banca').where({ cod_abi: codAbi }).first()).toEqual(bankBefore);
    if (codAbi !== '99999') expect(bankBefore).toBeUndefined();
  });

  it('the support user is still the support user afterwards', async () => {
    const me = await app.request.get(`${API}/users/me`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ group: '11000', groupType: 'S', isAssistenza: true });
  });

  it('a bank with a new ABI still gets its new group', async () => {
    const res = await app.request.post(`${API}/banche`).send({ codAbi: '41000', nomeBcc: 'Banca nuova', group: { description: 'Nuovo' } });
    expect(res.status).toBe(201);
    expect(res.body.group).toEqual({ groupName: '41000', description: 'Nuovo', groupType: 'B', parentGroup: null });
  });
});
