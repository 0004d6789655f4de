/**
 * The download screens of seed 002 §2 "Bank-side routes" (spec/download/): the merchant download
 * (/esercente/download, DWD_ESER: a bank's merchants by the stores they opened over a period of 1 to 12 months, up
 * to seed 002 §5's download month limit, as CSV or Excel through the platform's export jobs), the contracts'
 * download (/esercente/downloadContratti, DWD_CONT_FATT: 30 a page, newest first, with the PDF) and the terminals to
 * replace (/download/terminaliDaSostituire, DWD_ESER: the terminals of a withdrawn model). The scope is the server's:
 * a bank sees its banks, a branch its cab (where the rows carry one), a merchant nothing here (no function); the seed's
 * messages are said verbatim.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, latestEndOf, romeToday } from '../../common/search-period.js';
import { API, createTestApp, type TestApp } from '../support/test-app.js';

const exportDir = mkdtempSync(join(tmpdir(), 'webpos-download-'));
process.env.EXPORT_DIR = exportDir;

const ESERCENTI = `${API}/download/esercenti`;
const CONTRATTI = `${API}/download/contratti`;
const DA_SOSTITUIRE = `${API}/download/terminaliDaSostituire`;
/** A period the download month limit allows on any day from 6 November 2026 (demo stores opened in 2026). */
const PERIOD = 'dataAperturaDa=2025-11-01&dataAperturaA=2026-10-31';
const OWN_CONTRACT = 'c0000000-0000-4000-8000-000000001234';

type Listed = { results: Record<string, unknown>[]; totalCount: number };
const listed = (res: { body: Listed }) => res.body;
const detailsOf = (res: { body: { details?: { field?: string; message: string }[] } }) => res.body.details?.map((d) => [d.field, d.message]);

let app: TestApp;
let as: Record<string, TestApp['request']>;

const bytesOf = (body: unknown): Buffer => {
  if (!Buffer.isBuffer(body)) throw new Error('the answer is not bytes');
  return body;
};

/** Downloads as bytes (supertest would parse a PDF as text or nothing). */
const download = (agent: TestApp['request'], url: string) => agent.get(url).buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
});

const entityOf = (name: string) => app.artifacts.model.entities.find((e) => e.name === name);

/** Polls an export job the way the page does, only faster, until it ends. */
async function finished(agent: TestApp['request'], id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 300; i++) {
    const res = await agent.get(`${API}/esportazioni/${id}`);
    expect(res.status).toBe(200);
    if (res.body.stato === 'S' || res.body.stato === 'E') return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`export ${id} did not end`);
}

beforeAll(async () => {
  app = await createTestApp();
  as = { assistenza: app.request };
  for (const user of ['sede.30480', 'filiale.30480']) as[user] = await app.loginAs(user);
  as['merchant.0001234'] = await app.loginAs('merchant.0001234', 'merchant');
}, 240_000);
afterAll(async () => { await app.close(); rmSync(exportDir, { recursive: true, force: true }); });

describe('the merchant download (seed 002 §2 /esercente/download, §7 Downloads, §9 1 to 12 months)', () => {
  it("lists the bank's merchants by the stores opened in the period, newest first, 30 a page", async () => {
    const res = await as['sede.30480'].get(`${ESERCENTI}?${PERIOD}`);
    expect(res.status).toBe(200);
    expect(listed(res).results.map((r) => [r.codEser, r.pdvid, r.abi, r.cab, r.dataApertura])).toEqual([
      ['0005678', '5001', '30480', '01600', '2026-10-05'],
      ['0001234', '1002', '30480', '01600', '2026-06-10'],
      ['0001234', '1001', '30480', '01600', '2026-03-16'],
      ['0002345', '2001', '30480', '01601', '2026-02-02'],
    ]);
    expect(entityOf('DownloadEsercente')?.api.pageSize).toBe(30);
    // A filter by branch (abi, branch, dates: seed 002 §7).
    const branch = await as['sede.30480'].get(`${ESERCENTI}?${PERIOD}&cab=01601`);
    expect(listed(branch).results.map((r) => r.pdvid)).toEqual(['2001']);
  });

  it('gives a branch user the merchants of its cab only, and assistance every bank', async () => {
    const filiale = await as['filiale.30480'].get(`${ESERCENTI}?${PERIOD}`);
    expect(filiale.status).toBe(200);
    expect(listed(filiale).results.map((r) => r.pdvid)).toEqual(['5001', '1002', '1001']);
    expect(listed(await as['filiale.30480'].get(`${ESERCENTI}?${PERIOD}&cab=01601`)).totalCount).toBe(0);
    const all = await as.assistenza.get(`${ESERCENTI}?${PERIOD}`);
    // Bar Centrale's, Ferramenta Verdi's, Hotel Dolomiti's, Supermercati Lombardi's and Alimentari delle Langhe's,
    // and one store of each merchant of every type at three banks (spec/demo/46-negozi-tipi.yaml).
    const everyType = Array.from({ length: 11 }, (_, i) => String(9001 + i));
    expect(listed(all).results.map((r) => r.pdvid).sort()).toEqual(['1001', '1002', '2001', '3001', '5001', '6001', ...everyType]);
  });

  it("never shows another bank's merchants, even when the bank is named", async () => {
    const named = await as['sede.30480'].get(`${ESERCENTI}?${PERIOD}&abi=34256`);
    expect(named.status).toBe(200);
    expect(listed(named).totalCount).toBe(0);
  });

  it('refuses a period missing, backwards, longer than 12 months or past the download month limit (seed 002 §5)', async () => {
    const sede = as['sede.30480'];
    const missing = await sede.get(`${ESERCENTI}?dataAperturaDa=2026-01-01`);
    expect(missing.status).toBe(400);
    expect(detailsOf(missing)).toEqual([['dataAperturaA', 'Indicare il periodo del download: data iniziale e data finale']]);
    const backwards = await sede.get(`${ESERCENTI}?dataAperturaDa=2026-05-01&dataAperturaA=2026-04-01`);
    expect(detailsOf(backwards)).toEqual([['dataAperturaDa', 'La data iniziale non può essere successiva alla data finale']]);
    const early = await sede.get(`${ESERCENTI}?dataAperturaDa=2019-06-30&dataAperturaA=2019-12-31`);
    expect(detailsOf(early)).toEqual([['dataAperturaDa', 'La data iniziale non può essere precedente al 01/07/2019']]);
    const long = await sede.get(`${ESERCENTI}?dataAperturaDa=2025-10-30&dataAperturaA=2026-10-31`);
    expect(detailsOf(long)).toEqual([['dataAperturaDa', 'Il periodo del download non può superare i 12 mesi']]);
    const latest = latestEndOf({ latestEnd: 'endOfDownloadMonth' }, romeToday()) ?? '';
    const late = await sede.get(`${ESERCENTI}?dataAperturaDa=${addMonths(latest, -1)}&dataAperturaA=${addMonths(latest, 1)}`);
    expect(late.status).toBe(400);
    expect(detailsOf(late)).toEqual([['dataAperturaA', `La data finale non può essere successiva al ${latest.split('-').reverse().join('/')}`]]);
  });

  it('is refused with 403 to a user without DWD_ESER (a merchant) and is read-only', async () => {
    expect((await as['merchant.0001234'].get(`${ESERCENTI}?${PERIOD}`)).status).toBe(403);
    expect((await as['sede.30480'].get(`${ESERCENTI}/1001`)).status).toBe(404);
    expect((await as['sede.30480'].post(ESERCENTI).send({ pdvid: '9999' })).status).toBe(404);
  });

  it("downloads the period as a file through a background job, in the caller's scope", async () => {
    const sede = as['filiale.30480'];
    const queued = await sede.post(`${ESERCENTI}/esportazioni?formato=csv&${PERIOD}`);
    expect(queued.status).toBe(202);
    const job = await finished(sede, queued.body.id);
    expect(job.stato).toBe('S');
    const file = await sede.get(`${API}/esportazioni/${queued.body.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename="Esercenti_\d{2}-\d{2}-\d{4}\.csv"/);
    const text = file.text;
    expect(text).toContain('Banca;Filiale (CAB);Esercente;Codice negozio;Insegna');
    expect(text).toContain('Supermercato Lombardi Milano Torino');
    expect(text).toContain('05/10/2026');
    expect(text).not.toContain('Ferramenta Verdi');          // cab 01601
    expect(text).not.toContain('Hotel Dolomiti');            // bank 34256
  });

  it("says 'Dati non disponibili per il periodo selezionato.' for a period without data (seed 002 §8), no empty file", async () => {
    const sede = as['sede.30480'];
    const queued = await sede.post(`${ESERCENTI}/esportazioni?formato=xlsx&dataAperturaDa=2024-01-01&dataAperturaA=2024-12-31`);
    expect(queued.status).toBe(202);
    const job = await finished(sede, queued.body.id);
    expect(job).toMatchObject({ stato: 'E', messaggio: 'Dati non disponibili per il periodo selezionato.', righeTotali: 0 });
    expect((await sede.get(`${API}/esportazioni/${queued.body.id}/file`)).status).toBe(409);
  });

  it("says 'Nessun risultato trovato' on an empty search (seed 002 §8), the list's message the page says", () => {
    expect(entityOf('DownloadEsercente')?.list?.emptyMessage).toBe('Nessun risultato trovato');
  });
});

describe("the contracts' download (seed 002 §2 /esercente/downloadContratti, §7, §9 30 a page)", () => {
  it("lists the bank's merchants' contracts, newest first, 30 a page, by merchant and bank", async () => {
    const res = await as['sede.30480'].get(CONTRATTI);
    expect(res.status).toBe(200);
    expect(listed(res).results.map((r) => [r.codEser, r.numContratto, r.dataStipula])).toEqual([
      ['0002345', '30480000023456', '2025-03-03'],
      ['0001234', '30480000012345', '2025-01-15'],
    ]);
    expect(entityOf('DownloadContratto')?.api.pageSize).toBe(30);
    const one = await as['sede.30480'].get(`${CONTRATTI}?codEser=0001234&abi=30480`);
    expect(listed(one).results.map((r) => r.id)).toEqual([OWN_CONTRACT]);
    expect(listed(await as['sede.30480'].get(`${CONTRATTI}?codEser=0005678`)).totalCount).toBe(0);
  });

  it('prints the latest contract: its PDF', async () => {
    const res = await download(as['sede.30480'], `${CONTRATTI}/${OWN_CONTRACT}/documento`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(bytesOf(res.body).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("says 'Nessun contratto presente per i parametri inseriti.' on an empty search (seed 002 §8)", () => {
    expect(entityOf('DownloadContratto')?.list?.emptyMessage).toBe('Nessun contratto presente per i parametri inseriti.');
  });

  it("gives a branch the contracts of its cab's merchants only (a contract carries no cab: its merchant's)", async () => {
    // Bar Centrale (0001234) is of branch 01600, filiale.30480's; Ferramenta Verdi (0002345) of 01601.
    const res = await as['filiale.30480'].get(CONTRATTI);
    expect(res.status).toBe(200);
    expect(listed(res).results.map((r) => [r.codEser, r.numContratto])).toEqual([['0001234', '30480000012345']]);
    expect(listed(await as['filiale.30480'].get(`${CONTRATTI}?codEser=0002345`)).totalCount).toBe(0);
    expect((await as['filiale.30480'].get(`${CONTRATTI}/c0000000-0000-4000-8000-000000002345`)).status).toBe(404);
    expect((await download(as['filiale.30480'], `${CONTRATTI}/c0000000-0000-4000-8000-000000002345/documento`)).status).toBe(404);
    expect((await download(as['filiale.30480'], `${CONTRATTI}/${OWN_CONTRACT}/documento`)).status).toBe(200);
  });

  it('is refused with 403 to a merchant, and never written', async () => {
    expect((await as['merchant.0001234'].get(CONTRATTI)).status).toBe(403);
    expect((await as['sede.30480'].put(`${CONTRATTI}/${OWN_CONTRACT}`).send({})).status).toBe(404);
  });
});

describe('the terminals to replace (seed 002 §2 /download/terminaliDaSostituire)', () => {
  it("lists the bank's terminals of a withdrawn model only, and assistance every bank's", async () => {
    const res = await as['sede.30480'].get(DA_SOSTITUIRE);
    expect(res.status).toBe(200);
    expect(listed(res).results.map((r) => [r.posid, r.pdvid, r.codEser, r.abi, r.codModpos])).toEqual([
      ['30480802', '8002', '0008002', '30480', 'G04'],
    ]);
    const all = await as.assistenza.get(DA_SOSTITUIRE);
    expect(listed(all).results.map((r) => r.posid)).toEqual(['30480802', '34256803']);
    // A terminal of a model still offered is no terminal to replace, nor can it be read here.
    expect(listed(await as['sede.30480'].get(`${DA_SOSTITUIRE}?posid=30480001`)).totalCount).toBe(0);
    expect(listed(await as['sede.30480'].get(`${DA_SOSTITUIRE}?abi=34256`)).totalCount).toBe(0);
  });

  it("gives a branch the terminals of its cab's stores only (a terminal carries no cab: its store's)", async () => {
    // Store 8002 (Pizzeria Bella Napoli) is of branch 01601; 1001 (Bar Centrale) of 01600, filiale.30480's.
    await app.db('terminale').insert({ posid: '30480909', pdvid: '1001', cod_eser: '0001234', abi: '30480', cod_modpos: 'G04', tipo_conn: 'U', tipo_modpos: 'F', enable: true });
    try {
      const branch = await as['filiale.30480'].get(DA_SOSTITUIRE);
      expect(branch.status).toBe(200);
      expect(listed(branch).results.map((r) => [r.posid, r.pdvid])).toEqual([['30480909', '1001']]);
      expect(listed(await as['filiale.30480'].get(`${DA_SOSTITUIRE}?codEser=0008002`)).totalCount).toBe(0);
      expect(listed(await as['sede.30480'].get(DA_SOSTITUIRE)).results.map((r) => r.posid)).toEqual(['30480802', '30480909']);
      // Its download too: the background export reads the same rows.
      const queued = await as['filiale.30480'].post(`${DA_SOSTITUIRE}/esportazioni?formato=csv`);
      expect(queued.status).toBe(202);
      expect((await finished(as['filiale.30480'], queued.body.id)).stato).toBe('S');
      const text = (await as['filiale.30480'].get(`${API}/esportazioni/${queued.body.id}/file`)).text;
      expect(text).toContain('30480909');
      expect(text).not.toContain('30480802');
    } finally {
      await app.db('terminale').where({ posid: '30480909' }).delete();
    }
  });

  it("says 'Non risulta esserci nessun terminale da dover sostituire' on an empty search (seed 002 §8)", () => {
    expect(entityOf('TerminaleDaSostituire')?.list?.emptyMessage).toBe('Non risulta esserci nessun terminale da dover sostituire');
  });

  it('downloads them as a file, and refuses a merchant (no DWD_ESER)', async () => {
    const sede = as['sede.30480'];
    const queued = await sede.post(`${DA_SOSTITUIRE}/esportazioni?formato=csv`);
    expect(queued.status).toBe(202);
    expect((await finished(sede, queued.body.id)).stato).toBe('S');
    const text = (await sede.get(`${API}/esportazioni/${queued.body.id}/file`)).text;
    expect(text).toContain('30480802');
    expect(text).not.toContain('34256803');
    expect((await as['merchant.0001234'].get(DA_SOSTITUIRE)).status).toBe(403);
  });
});

const MYBANK = `${API}/download/mybank`;
const COSTI = `${API}/download/rendicontazionecosto`;
const MONTHS = 'dataRiferimentoDa=2025-11-01&dataRiferimentoA=2026-10-31';

describe('the My Bank terminals billed to the bank (seed 002 §2 /download/mybank, §7 bank, branch, period)', () => {
  it("lists the bank's terminals month by month, newest first; a branch its cab; never another bank's", async () => {
    const sede = await as['sede.30480'].get(`${MYBANK}?${MONTHS}`);
    expect(sede.status).toBe(200);
    expect(listed(sede).results.map((r) => [r.dataRiferimento, r.cab, r.posid, r.canone]).sort()).toEqual([
      ['2026-09-01', '01600', '30480001', 12.5], ['2026-10-01', '01600', '30480001', 12.5], ['2026-10-01', '01601', '30480101', 15],
    ]);
    expect(listed(sede).results[2].dataRiferimento).toBe('2026-09-01');
    expect(listed(await as['sede.30480'].get(`${MYBANK}?${MONTHS}&cab=01601`)).results.map((r) => r.posid)).toEqual(['30480101']);
    const filiale = await as['filiale.30480'].get(`${MYBANK}?${MONTHS}`);
    expect(listed(filiale).results.map((r) => r.cab)).toEqual(['01600', '01600']);
    expect(listed(await as.assistenza.get(`${MYBANK}?${MONTHS}`)).totalCount).toBe(4);
    expect(listed(await as['sede.30480'].get(`${MYBANK}?dataRiferimentoDa=2026-01-01&dataRiferimentoA=2026-08-31`)).totalCount).toBe(0);
  });

  it('refuses a merchant (no GES_MYBANK) and a period past the download month limit', async () => {
    expect((await as['merchant.0001234'].get(`${MYBANK}?${MONTHS}`)).status).toBe(403);
    const latest = latestEndOf({ latestEnd: 'endOfDownloadMonth' }, romeToday()) ?? '';
    const late = await as['sede.30480'].get(`${MYBANK}?dataRiferimentoDa=${addMonths(latest, -1)}&dataRiferimentoA=${addMonths(latest, 1)}`);
    expect(detailsOf(late)).toEqual([['dataRiferimentoA', `La data finale non può essere successiva al ${latest.split('-').reverse().join('/')}`]]);
  });

  it("says the seed's message on an empty search, and 'Dati non disponibili per il periodo selezionato.' on an empty export", async () => {
    expect(entityOf('TerminaleMyBank')?.list?.emptyMessage).toBe('Attenzione - Non risulta nessun terminale My Bank a fatt.banca per il periodo selezionato !');
    const sede = as['sede.30480'];
    const empty = await sede.post(`${MYBANK}/esportazioni?formato=csv&dataRiferimentoDa=2026-01-01&dataRiferimentoA=2026-08-31`);
    expect(await finished(sede, empty.body.id)).toMatchObject({ stato: 'E', messaggio: 'Dati non disponibili per il periodo selezionato.' });
    const full = await sede.post(`${MYBANK}/esportazioni?formato=csv&${MONTHS}`);
    expect((await finished(sede, full.body.id)).stato).toBe('S');
    const text = (await sede.get(`${API}/esportazioni/${full.body.id}/file`)).text;
    expect(text).toContain('30480101');
    expect(text).not.toContain('34256001');
  });
});

describe('the cost reporting (seed 002 §2 /download/rendicontazionecosto, §7 bank, branch, period)', () => {
  it("lists the bank's monthly costs per branch and circuit; a branch its cab; never another bank's", async () => {
    const sede = await as['sede.30480'].get(`${COSTI}?${MONTHS}`);
    expect(sede.status).toBe(200);
    expect(listed(sede).results.map((r) => [r.dataRiferimento, r.cab, r.codCircuito, r.numeroTransazioni, r.transato, r.costo]).sort()).toEqual([
      ['2026-09-01', '01600', '00', 1250, 48230.4, 62.5],
      ['2026-10-01', '01600', '01', 830, 35120.75, 116.2],
      ['2026-10-01', '01601', '00', 410, 12040.1, 20.5],
    ]);
    expect(listed(await as['filiale.30480'].get(`${COSTI}?${MONTHS}`)).results.map((r) => r.cab)).toEqual(['01600', '01600']);
    expect(listed(await as['sede.30480'].get(`${COSTI}?${MONTHS}&abi=34256`)).totalCount).toBe(0);
    expect((await as['merchant.0001234'].get(`${COSTI}?${MONTHS}`)).status).toBe(403);
  });

  it("says 'Attenzione - Non risulta nessuna transazione per il periodo selezionato !' on an empty search (seed 002 §8)", () => {
    expect(entityOf('CostoTransazioni')?.list?.emptyMessage).toBe('Attenzione - Non risulta nessuna transazione per il periodo selezionato !');
  });
});

describe('the circulars (seed 002 §2 /download/circolareiccrea, DWD_ESER)', () => {
  it('lists the circulars to a bank user and downloads the PDF; a merchant gets 403', async () => {
    const res = await as['filiale.30480'].get(`${API}/download/circolari`);
    expect(res.status).toBe(200);
    expect(listed(res).results.map((r) => [r.numero, r.dataPubblicazione, r.titolo])).toEqual([['2026/07', '2026-10-15', 'Sostituzione dei terminali POS GPRS 2G']]);
    const file = await download(as['filiale.30480'], `${API}/download/circolari/${String(listed(res).results[0].id)}/documento`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(bytesOf(file.body).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await as['merchant.0001234'].get(`${API}/download/circolari`)).status).toBe(403);
    expect((await as['sede.30480'].post(`${API}/download/circolari`).send({ numero: 'x' })).status).toBe(404);
  });
});
