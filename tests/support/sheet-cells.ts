/**
 * The cells of an Excel file's first sheet, row by row, as a test reads back what a user downloads (report exports):
 * every row as wide as the sheet, an empty cell as null.
 */
import ExcelJS from 'exceljs';

export async function sheetCells(body: Parameters<ExcelJS.Xlsx['load']>[0]): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body);
  const out: unknown[][] = [];
  const sheet = book.worksheets[0];
  sheet.eachRow((row) => {
    const values: unknown[] = Array.isArray(row.values) ? row.values : [];
    out.push(Array.from({ length: sheet.columnCount }, (_, i) => values[i + 1] ?? null));
  });
  return out;
}
