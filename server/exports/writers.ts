/**
 * The two file formats, written row by row to disk so memory stays flat whatever the size.
 * CSV is what an Italian Excel opens by double-click: UTF-8 with BOM (or accents break), ';' between
 * cells (',' is the decimal separator), CRLF line ends, fields quoted only when they hold ';', '"' or a
 * line break, with '"' doubled. XLSX comes from exceljs's streaming writer without shared strings (the
 * shared-string table would keep every distinct text of the file in memory until the end).
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { ExportFormat, FieldModel } from '../../common/model.js';
import type { Row } from '../crud/row-mapping.js';
import { csvText, xlsxNumberFormat, xlsxValue } from './cells.js';

export interface RowWriter {
  write(row: Row): Promise<void>;
  /** Called between batches: waits until what was written so far has left memory for the file. */
  settle?(): Promise<void>;
  /** Flushes and closes the file. */
  end(): Promise<void>;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function openWriter(format: ExportFormat, path: string, columns: FieldModel[], sheetName: string): Promise<RowWriter> {
  return format === 'csv' ? csvWriter(path, columns) : xlsxWriter(path, columns, sheetName);
}

async function csvWriter(path: string, columns: FieldModel[]): Promise<RowWriter> {
  const out = createWriteStream(path);
  const put = async (text: string) => { if (!out.write(text)) await drainOrFail(out); };
  await put(`\uFEFF${columns.map((c) => quote(c.label)).join(';')}\r\n`);
  return {
    write: (row) => put(`${columns.map((c) => quote(csvText(c, row[c.name]))).join(';')}\r\n`),
    end: async () => { out.end(); await once(out, 'finish'); },
  };
}

export function quote(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function drainOrFail(out: WriteStream): Promise<void> {
  await Promise.race([once(out, 'drain'), once(out, 'error').then(([e]) => { throw e; })]);
}

const PENDING_LIMIT = 1 << 20;

/**
 * exceljs's sheet stream hands rows to the zip compressor without waiting for it (it ignores `write`'s
 * false), so a reader faster than the compressor could pile the sheet up in the compressor's input buffer.
 * Between batches we wait until that buffer is under 1 MiB. A safeguard: in the export benchmark the database
 * reads were the slower side and the peak RSS was the same with and without it (bench/RESULTS.md).
 */
async function compressorCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  // exceljs pipes through its own readable-stream copy (no `writableLength`): read the state it keeps.
  const stream = (sheet as unknown as { stream?: { pipes?: (Writable & { _writableState?: { length: number } })[] } }).stream;
  for (let i = 0; i < 10_000; i++) {
    const sink = stream?.pipes?.[0];
    const pending = sink?._writableState?.length ?? sink?.writableLength;
    if (typeof pending !== 'number' || pending < PENDING_LIMIT) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function xlsxWriter(path: string, columns: FieldModel[], sheetName: string): Promise<RowWriter> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: true });
  // Excel limits a sheet name to 31 characters and refuses a few symbols.
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  sheet.columns = columns.map((c) => ({
    header: c.label, key: c.name, width: Math.min(40, Math.max(12, c.label.length + 2)),
    ...(xlsxNumberFormat(c) ? { style: { numFmt: xlsxNumberFormat(c) } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    write: async (row) => { sheet.addRow(Object.fromEntries(columns.map((c) => [c.name, xlsxValue(c, row[c.name])]))).commit(); },
    settle: () => compressorCaughtUp(sheet),
    end: async () => { sheet.commit(); await workbook.commit(); },
  };
}
