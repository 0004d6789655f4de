/** The record of the address, asked as the shell starts (ui/src/core/firstRecord.ts; issue 15 item 8). */
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../ui/src/core/dataProvider';
import { startFirstRecord, takeFirstRecord } from '../../ui/src/core/firstRecord';
import { entityMeta } from './entityMeta';
import { seen } from './fakeFetch';

const banche = entityMeta('banche', ['codAbi']);
const filiali = entityMeta('filiali', ['codAbi', 'cab']);

function recordingProvider(status: number, body: unknown) {
  const calls: string[] = [];
  let lost = 0;
  const provider = createDataProvider('/api', (request) => {
    calls.push(seen(request).url);
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  }, { onUnauthorized: () => { lost++; } });
  return { provider, calls, lost: () => lost };
}

describe('startFirstRecord and takeFirstRecord', () => {
  it('asks the record once and hands it to the form that shows that record, once', async () => {
    const { provider, calls } = recordingProvider(200, { codAbi: '30480', nomeBcc: 'BCC di Esempio' });
    await startFirstRecord(provider, banche, { codAbi: '30480' });
    expect(calls).toEqual(['/api/banche/30480']);
    expect(takeFirstRecord(filiali, { codAbi: '30480' })).toBeUndefined();
    expect(takeFirstRecord(banche, { codAbi: '60855' })).toBeUndefined();
    expect(takeFirstRecord(banche, { codAbi: '30480' })).toEqual({ codAbi: '30480', nomeBcc: 'BCC di Esempio' });
    // A later read (a reload, the same record opened again) asks the server.
    expect(takeFirstRecord(banche, { codAbi: '30480' })).toBeUndefined();
  });

  it('a refusal (not found, no session) is left to the page: nothing to take, the call settles', async () => {
    for (const status of [404, 401]) {
      const { provider, calls } = recordingProvider(status, { code: status === 404 ? 'NOT_FOUND' : 'UNAUTHENTICATED' });
      await expect(startFirstRecord(provider, banche, { codAbi: '99999' })).resolves.toBeUndefined();
      expect(calls).toEqual(['/api/banche/99999']);
      expect(takeFirstRecord(banche, { codAbi: '99999' })).toBeUndefined();
    }
  });
});
