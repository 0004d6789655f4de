/**
 * The XLSX writer on its own (server/exports/writers.ts): exceljs writes into a file stream we own and paces on
 * it, so many batches come back intact, and a file that cannot be written fails the export instead of the process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadArtifacts } from '../../server/artifacts.js';
import { entityByName } from '../../common/model.js';
import { openWriter } from '../../server/exports/writers.js';

const dir = mkdtempSync(join(tmpdir(), 'webpos-writers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const banca = entityByName(loadArtifacts().model, 'Banca');
const columns = banca.fields.filter((f) => f.name === 'codAbi' || f.name === 'nomeBcc');

describe('xlsx writer', () => {
  it('writes every row of many batches, settling between them', async () => {
    const path = join(dir, 'many.xlsx');
    const writer = await openWriter('xlsx', path, columns, 'Banche');
    for (let batch = 0; batch < 20; batch++) {
      for (let i = 0; i < 500; i++) await writer.write({ codAbi: String(batch * 500 + i).padStart(5, '0'), nomeBcc: `Banca ${batch}-${i} ${'x'.repeat(80)}` });
      await writer.settle?.();
    }
    await writer.end();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Banche');
    expect(sheet.rowCount).toBe(1 + 10_000);
    expect(sheet.getRow(10_001).values).toEqual([undefined, '09999', `Banca 19-499 ${'x'.repeat(80)}`]);
  });

  it('a file that cannot be written fails the export, not the process', async () => {
    const writer = await openWriter('xlsx', join(dir, 'missing', 'out.xlsx'), columns, 'Banche');
    await expect((async () => {
      await writer.write({ codAbi: '00001', nomeBcc: 'Banca' });
      await writer.settle?.();
      await writer.end();
    })()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
