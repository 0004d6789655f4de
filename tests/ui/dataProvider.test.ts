import { describe, expect, it } from 'vitest';
import { ApiError, GENERIC_SERVER_ERROR } from '../../ui/src/core/apiError';
import { createDataProvider, listQuery } from '../../ui/src/core/dataProvider';
import { entityMeta } from './entityMeta';
import { fakeFetch, type SeenCall } from './fakeFetch';

const banca = entityMeta('banche', ['codAbi']);
const filiale = entityMeta('filiali', ['codAbi', 'cab']);

describe('listQuery', () => {
  it('builds page, size, repeated sort and non-empty filters', () => {
    const q = listQuery({ page: 0, size: 30, sort: [{ field: 'nomeBcc', direction: 'desc' }, { field: 'codAbi', direction: 'asc' }], filters: { nomeBcc: 'bcc', codAbi: '', flgAttiva: false } });
    expect(q).toBe('page=0&size=30&sort=nomeBcc%2Cdesc&sort=codAbi%2Casc&nomeBcc=bcc&flgAttiva=false');
  });

  it('encodes spaces as %20, not +', () => {
    expect(listQuery({ page: 0, size: 30, filters: { name: 'prova E2E' } })).toBe('page=0&size=30&name=prova%20E2E');
  });
});

describe('dataProvider', () => {
  it('calls the documented paths, composite keys as segments', async () => {
    const calls: SeenCall[] = [];
    const p = createDataProvider('/webpos/api/v1/', fakeFetch(200, '{"results":[],"totalCount":0}', calls));
    await p.list(banca, { page: 1, size: 30 });
    await p.get(filiale, { codAbi: '30480', cab: '01234' });
    expect(calls.map((c) => c.url)).toEqual(['/webpos/api/v1/banche?page=1&size=30', '/webpos/api/v1/filiali/30480/01234']);
  });

  it('turns the error body into a typed ApiError', async () => {
    const body = { errorMessage: 'Dati non validi', code: 'VALIDATION_ERROR', details: [{ field: 'codAbi', message: 'Il campo  deve essere di 5 cifre' }] };
    const p = createDataProvider('/api', fakeFetch(400, JSON.stringify(body)));
    const error = await p.create(banca, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Dati non validi', details: body.details });
  });

  it('uses the generic message for 5xx without body, HTML, and network failures', async () => {
    for (const fetchImpl of [fakeFetch(500, ''), fakeFetch(502, '<html>Bad Gateway</html>'), () => Promise.reject(new TypeError('Failed to fetch'))]) {
      const error = await createDataProvider('/api', fetchImpl).get(banca, { codAbi: '1' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ message: GENERIC_SERVER_ERROR });
    }
  });

  it('accepts 204 on delete', async () => {
    await expect(createDataProvider('/api', fakeFetch(204, '')).remove(banca, { codAbi: '12345' })).resolves.toBeUndefined();
  });
});

describe('session cookie and CSRF header (issue 12 item 14)', () => {
  it('every call goes with the same-origin cookie and X-Requested-With, never with a token of its own', async () => {
    const calls: SeenCall[] = [];
    const p = createDataProvider('/api', fakeFetch(200, '{"results":[],"totalCount":0}', calls));
    await p.list(banca, { page: 0, size: 5 });
    await p.update(banca, { codAbi: '12345' }, { codAbi: '12345' }, '"v1"');
    await p.api.POST('/authorization/auth', { params: { query: { userType: 'banca' } }, body: { username: 'u', password: 'p' }, credentialCall: true });
    await p.api.GET('/funzioni/{fn}/permessi', { params: { path: { fn: 'ANAG_BANCHE' } } });
    await p.api.download('/esportazioni/{id}/file', { params: { path: { id: '1' } } });
    await p.downloadPath('banche/12345/logo');
    await p.requestPath('POST', 'magazzino/movimenti/1/accetta');
    await p.upload('PUT', 'banche/12345/logo', new Blob(['x']), 'logo.png', '"v1"');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/banche?page=0&size=5', 'PUT /api/banche/12345', 'POST /api/authorization/auth?userType=banca',
      'GET /api/funzioni/ANAG_BANCHE/permessi', 'GET /api/esportazioni/1/file', 'GET /api/banche/12345/logo',
      'POST /api/magazzino/movimenti/1/accetta', 'PUT /api/banche/12345/logo',
    ]);
    for (const { url, headers, credentials } of calls) {
      expect(credentials, url).toBe('same-origin');
      expect(headers.get('X-Requested-With'), url).toBe('XMLHttpRequest');
      expect([...headers.keys()], url).not.toContain('x-authtoken');
    }
  });

  it('sends the typed body as JSON and answers its data', async () => {
    const calls: SeenCall[] = [];
    const p = createDataProvider('/api', fakeFetch(200, '{"access_token":"t","expire_in":28800}', calls));
    const answer = await p.api.POST('/authorization/auth', { params: { query: { userType: 'merchant' } }, body: { username: 'u', password: 'p' }, credentialCall: true });
    expect(answer).toEqual({ access_token: 't', expire_in: 28800 });
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(await calls[0].request.json()).toEqual({ username: 'u', password: 'p' });
  });

  it('a download answers the bytes and the Content-Disposition name', async () => {
    const p = createDataProvider('/api', fakeFetch(200, 'a;b', [], { 'Content-Disposition': 'attachment; filename="banche.csv"' }));
    const file = await p.api.download('/esportazioni/{id}/file', { params: { path: { id: '7' } } });
    expect(file.fileName).toBe('banche.csv');
    expect(await file.blob.text()).toBe('a;b');
  });
});
