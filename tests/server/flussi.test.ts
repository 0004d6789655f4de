/**
 * File-feed search at /assistenza/FTMerc (seed 000 §2 RIC_FTMERC, §3, §5, §7, §9): types 01 and 02 read the
 * file feed, the others the bank-specific feed; types 13000 and 20000 are searched by terminal id whatever
 * the mode; the default start date is one month ago; 20 per page; detail and download of a record's line;
 * only the caller's banks; 403 without RIC_FTMERC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFeedSearchFrom, todayIso } from '../../common/flussi-dates.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
type Agent = TestApp['request'];
let sede: Agent; // sede.30480: RIC_FTMERC, bank 30480
let filiale: Agent; // filiale.30480: no RIC_FTMERC

const WIDE = 'dataDa=2026-01-01&dataA=2026-12-31';
const search = (agent: Agent, query: string) => agent.get(`${API}/flussi/ricerca?${query}`);
const ids = (body: { results: Record<string, unknown>[] }) => body.results.map((r) => r.termid);

beforeAll(async () => {
  app = await createTestApp();
  sede = await app.loginAs('sede.30480');
  filiale = await app.loginAs('filiale.30480');
}, 120_000);
afterAll(() => app.close());

describe('routing by type (GET flussi/ricerca)', () => {
  it('types 01 and 02 read the file feed', async () => {
    const res = await search(sede, `tipo=01&modalita=T&valore=30480001&${WIDE}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ entity: 'FlussoFileRecord', totalCount: 1 });
    expect(res.body.results[0]).toMatchObject({ nomeFile: 'FTMERC_30480_20261115.txt', numRiga: 1, tipoRecord: '01', detailType: 'ANAGRAFICA' });
    const two = await search(sede, `tipo=02&modalita=C&valore=CT-30480-02&${WIDE}`);
    expect(two.body).toMatchObject({ entity: 'FlussoFileRecord', totalCount: 1 });
  });

  it('other types read the bank-specific feed (interventi)', async () => {
    const res = await search(sede, `tipo=10000&modalita=C&valore=CT-30480-02&${WIDE}`);
    expect(res.body).toMatchObject({ entity: 'FlussoBancaRecord', totalCount: 1 });
    expect(res.body.results[0]).toMatchObject({ fileName: 'INTERVENTI_30480_20261112.txt', tipoRichiesta: '10000', msgErrore: 'Contratto inesistente', fattDir: true });
  });

  it('types 13000 and 20000 are searched by terminal id, whatever mode is asked', async () => {
    // Asked as a contract, the terminal id still finds the record: the mode was forced to terminal id.
    const forced = await search(sede, `tipo=13000&modalita=C&valore=30480001&${WIDE}`);
    expect(forced.body).toMatchObject({ entity: 'FlussoBancaRecord', totalCount: 1 });
    expect(forced.body.results[0]).toMatchObject({ termidSubentro: '30480009' });
    expect((await search(sede, `tipo=13000&modalita=C&valore=CT-30480-01&${WIDE}`)).body.totalCount).toBe(0);
    expect((await search(app.request, `tipo=20000&modalita=L&valore=34256001&${WIDE}`)).body.totalCount).toBe(1);
    // Type 10000 is not forced: as a contract, the terminal id finds nothing.
    expect((await search(sede, `tipo=10000&modalita=C&valore=30480002&${WIDE}`)).body.totalCount).toBe(0);
  });

  it('free text matches anywhere in the line, case-insensitively', async () => {
    const res = await search(sede, `tipo=01&modalita=L&valore=bar centrale&${WIDE}`);
    expect(ids(res.body)).toEqual(['30480001']);
  });

  it('the mode defaults to terminal id', async () => {
    expect(ids((await search(sede, `tipo=02&valore=30480002&${WIDE}`)).body)).toEqual(['30480002']);
  });
});

describe('dates, paging and scope', () => {
  it('without dataDa the search starts one month ago and ends today', async () => {
    const today = new Date();
    const recent = todayIso(today);
    const old = new Date(today.getTime() - 40 * 86_400_000).toISOString().slice(0, 10);
    await app.db('flusso_file_record').insert([
      { nome_file: 'RECENTE.txt', num_riga: 1, tipo_record: '01', data: recent, cod_abi: '30480', termid: '30480555', contenuto: 'riga recente' },
      { nome_file: 'VECCHIO.txt', num_riga: 1, tipo_record: '01', data: old, cod_abi: '30480', termid: '30480555', contenuto: 'riga vecchia' },
    ]);
    const res = await search(sede, 'tipo=01&valore=30480555');
    expect(res.body.results.map((r: { nomeFile: string }) => r.nomeFile)).toEqual(['RECENTE.txt']);
    expect(defaultFeedSearchFrom(new Date('2026-03-31T10:00:00Z'))).toBe('2026-02-28');
    expect(defaultFeedSearchFrom(new Date('2026-11-21T10:00:00Z'))).toBe('2026-10-21');
  });

  it('20 per page', async () => {
    await app.db('flusso_file_record').insert(Array.from({ length: 23 }, (_, i) => (
      { nome_file: 'MOLTI.txt', num_riga: i + 1, tipo_record: '02', data: '2026-06-01', cod_abi: '30480', termid: '30480666', contenuto: `riga ${i + 1}` })));
    const res = await search(sede, `tipo=02&valore=30480666&${WIDE}`);
    expect(res.body.results).toHaveLength(20);
    expect(res.body.totalCount).toBe(23);
    expect((await search(sede, `tipo=02&valore=30480666&${WIDE}&page=1`)).body.results).toHaveLength(3);
  });

  it('a bank user finds only his bank\'s records', async () => {
    expect((await search(sede, `tipo=01&valore=34256001&${WIDE}`)).body.totalCount).toBe(0);
    expect((await search(app.request, `tipo=01&valore=34256001&${WIDE}`)).body.totalCount).toBe(1);
  });

  it('403 without RIC_FTMERC', async () => {
    const res = await search(filiale, `tipo=01&valore=30480001&${WIDE}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'FORBIDDEN', errorMessage: 'Operazione non consentita', details: [] });
    expect((await filiale.get(`${API}/flussi/file/FTMERC_30480_20261115.txt/1`)).status).toBe(403);
    expect((await filiale.get(`${API}/flussi/banca/fb-30480-0001/download`)).status).toBe(403);
  });

  it('a search without a value is refused in Italian', async () => {
    const res = await search(sede, 'tipo=01');
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'valore', message: "Questo campo e' obbligatorio" }]);
  });
});

describe('detail and download', () => {
  it('the detail of a file-feed and of a bank-feed record', async () => {
    const file = await sede.get(`${API}/flussi/file/FTMERC_30480_20261115.txt/2`);
    expect(file.status).toBe(200);
    expect(file.body).toMatchObject({ termid: '30480002', numContratto: 'CT-30480-02', tipoRecord: '02' });
    const banca = await sede.get(`${API}/flussi/banca/fb-30480-0001`);
    expect(banca.body).toMatchObject({ ragioneSociale: 'BAR CENTRALE', tipoIntervento: 'SOSTITUZIONE', stato: 'ELABORATO' });
    expect((await sede.get(`${API}/flussi/banca/fb-34256-0001`)).status).toBe(404);
  });

  it('downloads the record\'s line as a UTF-8 text attachment', async () => {
    const res = await sede.get(`${API}/flussi/file/FTMERC_30480_20261115.txt/1/download`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="FTMERC_30480_20261115.txt_riga_1.txt"');
    expect(res.text).toBe('01;30480;30480001;CT-30480-01;BAR CENTRALE;VIA ROMA 1\n');
    const banca = await sede.get(`${API}/flussi/banca/fb-30480-0002/download`);
    expect(banca.status).toBe(200);
    expect(banca.text).toBe('10000;30480;30480002;CT-30480-02;PIZZERIA NAPOLI;INSTALLAZIONE\n');
    expect((await sede.get(`${API}/flussi/file/FTMERC_34256_20261116.txt/1/download`)).status).toBe(404);
  });
});
