/**
 * A branch user reads only its branch's terminals (issues 16/19): Terminale carries no cab, it takes the branch
 * through its store (spec/esercenti/terminale.yaml `scope: { branch: { through: pdvid } }`,
 * docs/spec-language.md#a-dimension-through-a-reference). filiale.30480 (cab 01600) against sede.30480 (all of
 * bank 30480): store 1003 and 2001 are of branch 01601 (spec/demo/46-negozi.yaml), their terminals 30480004 and
 * 30480101 are outside the branch: absent from lists, 404 by key and to update, 403 to create on such a store.
 */
import { describe, expect, it } from 'vitest';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';
import { addUserWithRole } from '../support/user-with-role.js';

const demo = useDemoSessions({ bank: ['sede.30480', 'filiale.30480'] });
const { as } = demo;
const URL = `${API}/terminali`;
const posids = (res: { body: { results: Record<string, unknown>[] } }) => res.body.results.map((r) => String(r.posid)).sort();

/** The row as read, less the server's own names and actions. */
const editable = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => !k.startsWith('_')));

/** The terminals of bank 30480 whose store is of branch `cab`, as the database holds them. */
async function terminalsOfBranch(cab?: string): Promise<string[]> {
  const q = demo.app.db('terminale').join('negozio', 'negozio.pdvid', 'terminale.pdvid').where('terminale.abi', '30480');
  if (cab) q.where('negozio.cab', cab);
  return (await q.select('terminale.posid')).map((r: { posid: string }) => r.posid).sort();
}

describe('the terminals a branch user reads: those of its branch\'s stores', () => {
  it('lists only the terminals of stores of cab 01600; the bank lists them all', async () => {
    const branch = await as['filiale.30480'].get(URL);
    const bank = await as['sede.30480'].get(URL);
    expect(branch.status).toBe(200);
    expect(bank.status).toBe(200);
    expect(posids(bank)).toEqual(await terminalsOfBranch());
    expect(posids(branch)).toEqual(await terminalsOfBranch('01600'));
    expect(branch.body.totalCount).toBe(posids(branch).length);
    expect(posids(branch)).toContain('30480001');
    expect(posids(branch)).not.toContain('30480004');
    expect(posids(branch)).not.toContain('30480101');
    expect(posids(bank)).toContain('30480101');
  });

  it('answers 404 for another branch\'s terminal, by key and to update; 200 for its own', async () => {
    expect((await as['filiale.30480'].get(`${URL}/30480101`)).status).toBe(404);
    expect((await as['filiale.30480'].get(`${URL}/30480004`)).status).toBe(404);
    const own = await as['filiale.30480'].get(`${URL}/30480001`);
    expect(own.status).toBe(200);
    const other = await as['sede.30480'].get(`${URL}/30480101`);
    expect(other.status).toBe(200);
    const row = editable(other.body);
    const update = await as['filiale.30480'].put(`${URL}/30480101`).set('If-Match', other.get('ETag') ?? '*').send({ ...row, enable: false });
    expect(update.status).toBe(404);
    expect((await demo.app.db('terminale').where({ posid: '30480101' }).first()).enable).toBeTruthy();
  });

  it('refuses to move its own terminal to another branch\'s store (403) and to create one there (403)', async () => {
    const own = await as['filiale.30480'].get(`${URL}/30480001`);
    const row = editable(own.body);
    const moved = await as['filiale.30480'].put(`${URL}/30480001`).set('If-Match', own.get('ETag') ?? '*').send({ ...row, pdvid: '1003' });
    expect(moved.status).toBe(403);
    expect(moved.body.code).toBe('FORBIDDEN');
    const fresh = { posid: '30489901', pdvid: '1003', codEser: '0001234', abi: '30480', codModpos: 'G01' };
    const created = await as['filiale.30480'].post(URL).send(fresh);
    expect(created.status).toBe(403);
    expect(created.body.code).toBe('FORBIDDEN');
    expect(await demo.app.db('terminale').where({ posid: '30489901' }).first()).toBeUndefined();
  });

  it('refuses a key taken by another branch\'s terminal as out of scope (403), not as a duplicate', async () => {
    const taken = await as['filiale.30480'].post(URL).send({ posid: '30480101', pdvid: '1001', codEser: '0001234', abi: '30480', codModpos: 'G01' });
    expect(taken.status).toBe(403);
  });
});

describe('the history of a terminal: the trail records the branch of its store', () => {
  it('a branch user allowed to read the trail reads the history of its branch\'s terminals only', async () => {
    // The bank's head office changes a terminal of each branch.
    for (const posid of ['30480001', '30480101']) {
      const before = await as['sede.30480'].get(`${URL}/${posid}`);
      const changed = await as['sede.30480'].put(`${URL}/${posid}`).set('If-Match', before.get('ETag') ?? '*').send({ ...editable(before.body), enable: !before.body.enable });
      expect(changed.status).toBe(200);
    }
    const recorded = await demo.app.db('storico_modifica').where({ entity: 'Terminale' }).whereIn('entity_key', ['30480001', '30480101']).select('entity_key', 'scope_branch');
    expect(Object.fromEntries(recorded.map((r: { entity_key: string; scope_branch: string | null }) => [r.entity_key, r.scope_branch]))).toEqual({ 30480001: '01600', 30480101: '01601' });

    // A bank may give its branches the trail (no demo role does): the branch user of cab 01600 with it.
    await addUserWithRole(demo.app.db, {
      username: 'filiale.storico', fullName: 'Filiale con storico', group: '30480', cab: '01600', role: 'FILIALE_STORICO',
      grants: [['GES_POS', 'VISUALIZZAZIONE'], ['AUDIT', 'VISUALIZZAZIONE']], passwordOf: 'filiale.30480',
    });
    const branchUser = await demo.app.loginAs('filiale.storico');
    const history = async (posid: string) => {
      const res = await branchUser.get(`${API}/audit?entity=Terminale&key=${posid}`);
      expect(res.status).toBe(200);
      return res.body.results.map((r: { entityKey: string }) => r.entityKey);
    };
    expect(await history('30480001')).toEqual(['30480001']);
    expect(await history('30480101')).toEqual([]);
  });
});
