import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { binaryBody } from '../support/binary-body.js';
import { createTestApp, API } from '../support/test-app.js';

it('makes demo', async () => {
  const app = await createTestApp();
  const sede = await app.loginAs('sede.30480');
  const out: string[] = [];
  const ids = { banca: 0, esercente: 0 };
  const jobs: [string, Record<string, string>, string][] = [
    ...['2026-06', '2026-07', '2026-08'].map((mese): [string, Record<string, string>, string] => ['trasrepo', { codAbi: '30480', mese }, `report-transazioni-30480-${mese}.pdf`]),
    ...['2026-06', '2026-07', '2026-08', '2026-09', '2026-10'].map((mese): [string, Record<string, string>, string] => ['trasrepoeserc', { codEserc: '0002345', mese }, `report-transazioni-0002345-${mese}.pdf`]),
    ['trasrepoeserc', { codEserc: '0001234', mese: '2026-09' }, 'report-transazioni-0001234-2026-09.pdf'],
  ];
  for (const [path, body, file] of jobs) {
    const res = await sede.post(`${API}/${path}/createreport`).send(body);
    if (res.status !== 200) throw new Error(`${path} ${JSON.stringify(body)} ${res.status} ${JSON.stringify(res.body)}`);
    const pdf = await sede.get(`${API}/${path}/${res.body.id}/documento`).buffer(true).parse(binaryBody);
    writeFileSync(`/work/wt-s31-riepilogo/spec/demo/files/${file}`, pdf.body);
    const b = res.body;
    const kind = path === 'trasrepo' ? 'banca' : 'esercente';
    ids[kind]++;
    const id = `${kind === 'banca' ? 'b' : 'e'}0000000-0000-4000-8000-0000000000${String(ids[kind]).padStart(2, '0')}`;
    out.push(`${kind}|  - { id: ${id}, codAbi: '${b.codAbi}', ${b.codEserc ? `codEserc: '${b.codEserc}', ` : ''}mese: '${b.mese}', operazioni: ${b.operazioni}, transato: ${b.transato}, storni: ${b.storni}, netto: ${b.netto}, creatoIl: '2026-11-27T09:00:00.000Z', creatoDa: sede.30480, documento: files/${file} }`);
  }
  writeFileSync('/tmp/s31/demo-rows.txt', out.join('\n'));
  await app.close();
}, 300_000);
