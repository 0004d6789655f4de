/**
 * The two file formats, written row by row to disk so memory stays flat whatever the size.
 * CSV is what an Italian Excel opens by double-click: UTF-8 with BOM (or accents break), ';' between
 * cells (',' is the decimal separator), CRLF line ends, fields quoted only when they hold ';', '"' or a
 * line break, with '"' doubled. XLSX comes from exceljs's streaming writer without shared strings (the
 * shared-string table would keep every distinct text of the file in memory until the end).
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
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

/**
 * exceljs compresses into a zip that it pipes, with backpressure, into the file stream we hand it; its sheet
 * ignores backpressure on its side, so while the file is behind, the rows given to exceljs would wait in
 * memory before the compressor. Between batches we wait until the file has taken what is pending (the
 * stream's own 'drain'), which bounds that wait to one batch. In the export benchmark the database reads
 * were the slower side, so this seldom waits (bench/RESULTS.md).
 */
async function fileCaughtUp(out: WriteStream): Promise<void> {
  if (out.writableNeedDrain) await drainOrFail(out);
}

async function xlsxWriter(path: string, columns: FieldModel[], sheetName: string): Promise<RowWriter> {
  // Loaded at the first Excel file, not at every server start: exceljs and its zip libraries take most of a
  // second to load, about a sixth of a start.
  const { default: ExcelJS } = await import('exceljs');
  const out = createWriteStream(path);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  // Excel limits a sheet name to 31 characters and refuses a few symbols.
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  sheet.columns = columns.map((c) => ({
    header: c.label, key: c.name, width: Math.min(40, Math.max(12, c.label.length + 2)),
    ...(xlsxNumberFormat(c) ? { style: { numFmt: xlsxNumberFormat(c) } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    write: (row) => {
      sheet.addRow(Object.fromEntries(columns.map((c) => [c.name, xlsxValue(c, row[c.name])]))).commit();
      return Promise.resolve();
    },
    settle: () => fileCaughtUp(out),
    end: async () => {
      sheet.commit();
      // exceljs listens for the file's errors only in its last step: one before it would leave commit() waiting.
      await Promise.race([workbook.commit(), new Promise<never>((_, reject) => out.once('error', reject))]);
    },
  };
}
