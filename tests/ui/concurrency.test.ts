/**
 * Optimistic concurrency in the UI's data provider (issue 5 item 6): a row read with GET remembers its ETag
 * (`versionOf`), update and remove send it as If-Match (the one the form loaded, else the last seen for that
 * row), and a 412 comes back as an ApiError with the server's Italian message for the form to show.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../ui/src/core/apiError';
import { createDataProvider, versionOf } from '../../ui/src/core/dataProvider';
import { entityMeta } from './entityMeta';
import { seen, type SeenCall } from './fakeFetch';

const banca = entityMeta('banche', ['codAbi']);
const CONFLICT = "L'elemento è stato modificato da un altro utente nel frattempo: ricaricare i dati e ripetere la modifica";

type Call = SeenCall;
/** Answers each call with the next of `answers`: [status, body, etag]. */
function server(answers: [number, unknown, string?][], calls: Call[]) {
  return (request: Request) => {
    calls.push(seen(request));
    const [status, body, etag] = answers.shift() ?? [500, ''];
    const headers = etag ? { ETag: etag } : undefined;
    return Promise.resolve(new Response(status === 204 ? null : JSON.stringify(body), { status, headers }));
  };
}
const ifMatch = (call: Call) => call.headers.get('If-Match');

describe('versions in the data provider', () => {
  it('remembers the ETag of a row read with GET and sends it as If-Match on update', async () => {
    const calls: Call[] = [];
    const p = createDataProvider('/api', server([[200, { codAbi: '30480', nomeBcc: 'A' }, '"v1"'], [200, { codAbi: '30480', nomeBcc: 'B' }, '"v2"']], calls));
    const row = await p.get(banca, { codAbi: '30480' });
    expect(versionOf(row)).toBe('"v1"');
    const saved = await p.update(banca, { codAbi: '30480' }, { ...row, nomeBcc: 'B' }, versionOf(row));
    expect(calls[1]).toMatchObject({ url: '/api/banche/30480', method: 'PUT' });
    expect(ifMatch(calls[1])).toBe('"v1"');
    expect(versionOf(saved)).toBe('"v2"');
  });

  it('without an explicit version sends the last one seen for that row (a page that keeps no row)', async () => {
    const calls: Call[] = [];
    const p = createDataProvider('/api', server([[200, { codAbi: '60855' }, '"g1"'], [200, { codAbi: '60855' }, '"g2"'], [204, null]], calls));
    await p.get(banca, { codAbi: '60855' });
    await p.update(banca, { codAbi: '60855' }, { codAbi: '60855' });
    expect(ifMatch(calls[1])).toBe('"g1"');
    await p.remove(banca, { codAbi: '60855' });
    expect(calls[2].method).toBe('DELETE');
    expect(ifMatch(calls[2])).toBe('"g2"');
  });

  it('the explicit version wins over a later read of the same row', async () => {
    const calls: Call[] = [];
    const p = createDataProvider('/api', server([[200, { codAbi: '08549' }, '"old"'], [200, { codAbi: '08549' }, '"new"'], [412, { errorMessage: CONFLICT, code: 'VERSION_CONFLICT', details: [] }]], calls));
    const loaded = await p.get(banca, { codAbi: '08549' });
    await p.get(banca, { codAbi: '08549' });
    const error = await p.update(banca, { codAbi: '08549' }, { codAbi: '08549' }, versionOf(loaded)).catch((e: unknown) => e);
    expect(ifMatch(calls[2])).toBe('"old"');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 412, code: 'VERSION_CONFLICT', message: CONFLICT });
  });

  it('a list row has no version (its ETag is the weak one of the whole answer)', async () => {
    const p = createDataProvider('/api', server([[200, { results: [{ codAbi: '1' }], totalCount: 1 }, 'W/"abc"']], []));
    const page = await p.list(banca, { page: 0, size: 30 });
    expect(versionOf(page.results[0])).toBeUndefined();
  });

  it('create sends no If-Match and remembers the new row\'s version', async () => {
    const calls: Call[] = [];
    const p = createDataProvider('/api', server([[201, { codAbi: '12345' }, '"c1"']], calls));
    const created = await p.create(banca, { codAbi: '12345' });
    expect(ifMatch(calls[0])).toBeNull();
    expect(versionOf(created)).toBe('"c1"');
  });
});
