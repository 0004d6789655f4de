/**
 * The list the address opens, asked as the shell starts (ui/src/core/firstList.ts; issue 15 item 8): the query the
 * list page will ask, and the answer handed to that page only when it asks exactly that query, once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../ui/src/core/dataProvider';
import { openingListQuery, startFirstList, takeFirstList } from '../../ui/src/core/firstList';
import type { EntityMeta, Manifest } from '../../ui/src/core/types';
import { entityMeta } from './entityMeta';
import { seen } from './fakeFetch';

const manifest: Manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../generated/manifest.json'), 'utf8'));
const entities: Partial<Record<string, EntityMeta>> = manifest.entities;
const entity = (name: string): EntityMeta => {
  const found = entities[name];
  if (!found) throw new Error(`no entity ${name} in the manifest`);
  return found;
};
const nobodyFixed = { fixedBank: null, fixedBranch: null };
const branchUser = { fixedBank: '30480', fixedGroup: '30480', fixedBranch: '01600' };

const banche = entityMeta('banche', ['codAbi']);
const PAGE = { results: [{ codAbi: '30480' }], totalCount: 1 };

function recordingProvider(status: number, body: unknown) {
  const calls: string[] = [];
  const provider = createDataProvider('/api', (request) => {
    calls.push(seen(request).url);
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  }, {});
  return { provider, calls };
}

describe('openingListQuery', () => {
  it('is the view in the address with the caller\'s fixed bank and branch, as the list page asks it', () => {
    const filiali = entity('Filiale');
    expect(openingListQuery(filiali, '?page=2&nome=Sede', nobodyFixed)).toEqual({ page: 1, size: filiali.pageSize, sort: [filiali.defaultSort], filters: { nome: 'Sede' } });
    expect(openingListQuery(filiali, '', branchUser)?.filters).toEqual({ codAbi: '30480', cab: '01600' });
  });

  it('is none for a list that first needs a filter, its opening period or a single choice', () => {
    const waits = Object.values(manifest.entities).filter((e) => e.requireOneFilter || e.period || e.selectSingle?.length);
    expect(waits.length).toBeGreaterThan(2);
    for (const e of waits) expect(openingListQuery(e, '', nobodyFixed)).toBeUndefined();
  });
});

describe('startFirstList and takeFirstList', () => {
  it('asks the page once and hands its answer to the list that asks the same query, once', async () => {
    const { provider, calls } = recordingProvider(200, PAGE);
    const query = { page: 0, size: 30, sort: [{ field: 'codAbi', direction: 'asc' as const }], filters: { name: 'Banca', flgAttiva: 'S' } };
    await startFirstList(provider, banche, query);
    expect(calls).toEqual(['/api/banche?page=0&size=30&sort=codAbi%2Casc&name=Banca&flgAttiva=S']);
    // The same query built in another order is the same request.
    const taken = takeFirstList(banche, { ...query, filters: { flgAttiva: 'S', name: 'Banca' } });
    expect(taken?.answer).toMatchObject(PAGE);
    expect(takeFirstList(banche, query)).toBeUndefined();
  });

  it('is only for the first list that asks: another query, or another list, leaves nothing for a later visit', async () => {
    const query = { page: 0, size: 30 };
    for (const other of [{ entity: banche, query: { ...query, page: 1 } }, { entity: entityMeta('filiali', ['codAbi', 'cab']), query }]) {
      const { provider } = recordingProvider(200, PAGE);
      await startFirstList(provider, banche, query);
      expect(takeFirstList(other.entity, other.query)).toBeUndefined();
      expect(takeFirstList(banche, query)).toBeUndefined();
    }
  });

  it('hands the request still on its way, so the list awaits it instead of asking again', async () => {
    const { provider, calls } = recordingProvider(200, PAGE);
    const query = { page: 0, size: 30 };
    const settled = startFirstList(provider, banche, query);
    const taken = takeFirstList(banche, query);
    expect(taken?.answer).toBeUndefined();
    await expect(taken?.pending).resolves.toMatchObject(PAGE);
    await settled;
    expect(calls).toHaveLength(1);
  });

  it('a refusal settles the start and reaches the list as its own read\'s error would', async () => {
    const { provider } = recordingProvider(403, { code: 'FORBIDDEN', message: 'Operazione non consentita' });
    const query = { page: 0, size: 30 };
    await expect(startFirstList(provider, banche, query)).resolves.toBeUndefined();
    const taken = takeFirstList(banche, query);
    expect(taken?.answer).toBeUndefined();
    await expect(taken?.pending).rejects.toMatchObject({ status: 403 });
  });
});
