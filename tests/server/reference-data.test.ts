/**
 * Names of referenced rows for who may read the referring row (docs/spec-language.md#references), both sides:
 * municipalities are public reference data (`referenceData: true`), so a bank user without ASS_BO reads a
 * merchant's municipality by name and searches municipalities by name (key and display fields only), while
 * the rest of the municipality API stays closed; a scoped entity's name is read within the caller's scope,
 * so a bank user does not learn the name of the group above its own.
 */
import { describe, expect, it } from 'vitest';
import { API } from '../support/test-app.js';
import { useDemoSessions } from '../support/demo-sessions.js';

const demo = useDemoSessions({ bank: ['sede.30480', 'sede.60855', 'federazione'] });
const { as } = demo;

describe('public reference data: municipalities', () => {
  it('a bank user reads its merchant\'s municipality by name, without ASS_BO', async () => {
    const res = await as['sede.30480'].get(`${API}/esercenti/0001234`);
    expect(res.status).toBe(200);
    expect(res.body.comune).toBe('015146');
    expect(res.body._labels.comune).toBe('015146 - Milano - MI');
  });

  it('the child rows of the record name theirs too: the legal representative\'s and each beneficial owner\'s municipality', async () => {
    const res = await as['sede.30480'].get(`${API}/esercenti/0001234`);
    expect(res.body.legaleRappresentante._labels.comune).toBe('015146 - Milano - MI');
    expect(res.body.titolari.map((t: { _labels: { comune: string } }) => t._labels.comune)).toEqual(['015146 - Milano - MI', '015146 - Milano - MI']);
  });

  it('the record read with its names and its child rows\' is saved back as it is; the names are not data', async () => {
    const url = `${API}/esercenti/0001234`;
    const read = await as['sede.30480'].get(url);
    const saved = await as['sede.30480'].put(url).set('If-Match', read.headers.etag).send(read.body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.legaleRappresentante._labels.comune).toBe('015146 - Milano - MI');
    expect(saved.body.legaleRappresentante.comune).toBe('015146');
  });

  it('a bank user searches municipalities by name: key and display fields only, other parameters ignored', async () => {
    const res = await as['sede.30480'].get(`${API}/assistenza/comuni?format=compact&q=mila`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [{ idComune: '015146', comune: 'Milano', provincia: 'MI' }], totalCount: 1 });
    // A filter on a field that is not a name does not narrow the search (it would tell the cadastral code).
    const filtered = await as['sede.30480'].get(`${API}/assistenza/comuni?format=compact&q=mila&codiceCatastale=ZZZZ`);
    expect(filtered.body.totalCount).toBe(1);
  });

  it('the list, the record and changes still need ASS_BO: 403 to the bank user', async () => {
    expect((await as['sede.30480'].get(`${API}/assistenza/comuni?q=mila`)).status).toBe(403);
    expect((await as['sede.30480'].get(`${API}/assistenza/comuni/015146`)).status).toBe(403);
    expect((await as['sede.30480'].put(`${API}/assistenza/comuni/015146`).send({ idComune: '015146', comune: 'Milano', provincia: 'MI' })).status).toBe(403);
  });

  it('the assistance desk searches with every compact field, as before', async () => {
    const res = await as.assistenza.get(`${API}/assistenza/comuni?format=compact&q=mila`);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ idComune: '015146', comune: 'Milano', provincia: 'MI' }]);
  });

  it('an entity that is not reference data keeps its compact search closed to who may not list it', async () => {
    expect((await as['sede.30480'].get(`${API}/agentePush?format=compact&q=a`)).status).toBe(403);
  });

  it('without a session, the search is 401', async () => {
    expect((await demo.app.anonymous.get(`${API}/assistenza/comuni?format=compact&q=mila`)).status).toBe(401);
  });
});

describe('scoped references: a name never outside the caller\'s scope', () => {
  it('a bank user reads its own group without the name of the parent group above it; who sees the parent reads it', async () => {
    const own = await as['sede.60855'].get(`${API}/gruppi/60855`);
    expect(own.status).toBe(200);
    expect(own.body.parentGroup).toBe('15000');
    expect(own.body._labels?.parentGroup).toBeUndefined();

    const federation = await as.federazione.get(`${API}/gruppi/60855`);
    expect(federation.body._labels.parentGroup).toBe('15000 - Federazione banche');
  });

  it('the same in a list: the parent\'s name only for rows whose parent is in scope', async () => {
    const res = await as['sede.30480'].get(`${API}/gruppi`);
    expect(res.status).toBe(200);
    const parents = res.body.results.map((r: { groupName: string; _labels?: { parentGroup?: string } }) => [r.groupName, r._labels?.parentGroup]);
    // 30480's merchants' groups name 30480 (in scope); 30480 itself names 11000 (not in scope).
    expect(parents).toContainEqual(['30480', undefined]);
    expect(parents).toContainEqual(['30480-0001234', '30480 - BCC di Esempio']);
  });
});
