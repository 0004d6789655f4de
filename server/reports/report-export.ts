/**
 * GET /report/<path>/esportazione?formato=xlsx (spec `export`, docs/spec-language.md#report-exports; seed 002 §2 the
 * daily turnover's Excel export, "Esporta tutti gli esercenti"): the grouping the page shows, every group of it (not
 * only the page's or the limit's: docs/spec-language.md#paged-groupings) in the page's order, with the totals, as a
 * sheet. The file is built in memory and answered at once, not queued as a list's export is (server/exports/): its
 * rows are groups, not movements, of the caller's own scope over at most the export's months (12), so even a bank's
 * every merchant (a few thousand groups of a label and three figures: about a megabyte of workbook) stays small.
 */
import type { Request, Response } from 'express';
import type { ReportFormat, ReportModel } from '../../common/report.js';
import type { Caller } from '../domain/auth/caller.js';
import type { EntityService } from '../crud/entity-service.js';
import { ApiError } from '../http/api-error.js';
import { periodRefusal } from '../../common/search-period.js';
import type { FilterParam } from '../crud/list-query.js';
import { contentDisposition } from '../files/file-routes.js';
import { fileName } from '../exports/worker.js';
import { CONTENT_TYPES } from '../exports/writers.js';
import { computeReport, type ReportAnswer } from './report-route.js';
import { compareReport, type CompareAnswer } from './report-compare.js';

/** Excel's number formats for the spec's: euro with two decimals (Excel shows it in the reader's locale). */
const NUMBER_FORMATS: Record<ReportFormat, string> = { euro: '#,##0.00 [$€-410]', integer: '#,##0', decimal: '#,##0.00' };
/** Excel refuses sheet names longer than 31 characters or holding : \ / ? * [ ]. */
const sheetName = (label: string) => label.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

export async function exportReport(service: EntityService, report: ReportModel, filterable: readonly FilterParam[], req: Request, res: Response, caller: Caller): Promise<void> {
  // The document's schema already refused a format the spec does not offer.
  const { formato: _format, ...query } = req.query;
  refuseLongerThanExport(report, query);
  const compared = report.compare ? await compareReport(service, report, filterable, query, caller) : undefined;
  const answer = compared ?? await computeReport(service, report, filterable, query, caller, 'all');
  // Seed 002 §8: an export without data says so ('Dati non disponibili per il periodo selezionato.'), as a list's does.
  if (report.exportEmptyMessage && (compared ? !compared.rows.some(hasFigures) : !answer.rows.length)) {
    const refusal = new ApiError('EXPORT_FAILED');
    refusal.errorMessage = report.exportEmptyMessage;
    throw refusal;
  }
  const bytes = 'periodi' in answer ? await compareWorkbookOf(report, answer) : await workbookOf(report, answer);
  res.set({
    'Content-Type': CONTENT_TYPES.xlsx,
    'Content-Length': String(bytes.length),
    'Content-Disposition': contentDisposition(fileName(report.label, 'xlsx')),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-cache',
  });
  res.status(200).end(bytes);
}

/**
 * The export's own longest period (spec `export.maxMonths`, seed 002 §5 "Turnover export of all merchants is limited to
 * 12 months"): refused with the export's words before the report reads anything; the report's own checks follow.
 */
function refuseLongerThanExport(report: ReportModel, query: Record<string, unknown>): void {
  if (!report.period || !report.exportPeriod) return;
  const { maxMonths, tooLongMessage } = report.exportPeriod;
  const period = { ...report.period, maxMonths, messages: { ...report.period.messages, tooLong: tooLongMessage } };
  const refusal = periodRefusal(period, query[period.from], query[period.to]);
  if (refusal?.message === tooLongMessage) throw new ApiError('VALIDATION_ERROR', [{ field: refusal.param, message: refusal.message }]);
}

/** A month of a comparison with a figure in either period (a month without movements has only 0 and null). */
function hasFigures(row: CompareAnswer['rows'][number]): boolean {
  return [row.periodo1, row.periodo2].some((figures) => Object.values(figures).some((v) => v !== null && v !== 0));
}

/** The change in percent as the page shows it ("+12,50 %"), a number Excel can still sum or sort. */
const PERCENT_FORMAT = '+0.00" %";-0.00" %";0.00" %"';

/**
 * A comparison as one sheet (docs/spec-language.md#period-comparison): the month, then for each measure its figure in
 * each period (named as the page names them: "2026", "Lug-Set 2026") and its change in percent, headed as the
 * page heads them; a bold totals row.
 */
export async function compareWorkbookOf(report: ReportModel, answer: CompareAnswer): Promise<Buffer> {
  const book = await newWorkbook();
  const sheet = book.addWorksheet(sheetName(report.label));
  const [one, two] = answer.periodi;
  sheet.columns = [
    { header: 'Mese', width: 24 },
    ...report.measures.flatMap((m) => [
      { header: `${m.label} ${one.label}`, width: 22, style: { numFmt: NUMBER_FORMATS[m.format] } },
      { header: `${m.label} ${two.label}`, width: 22, style: { numFmt: NUMBER_FORMATS[m.format] } },
      { header: `Variazione ${m.label.toLowerCase()}`, width: 18, style: { numFmt: PERCENT_FORMAT } },
    ]),
  ];
  sheet.getRow(1).font = { bold: true };
  const cells = (figures: CompareAnswer['totals']) => report.measures.flatMap((m) => [figures.periodo1[m.name] ?? null, figures.periodo2[m.name] ?? null, figures.variazione[m.name] ?? null]);
  for (const row of answer.rows) sheet.addRow([row.label, ...cells(row)]);
  sheet.addRow(['Totale', ...cells(answer.totals)]).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One sheet: a bold header of labels, a row per group (its name, never a bare code), a bold totals row. */
export async function workbookOf(report: ReportModel, answer: ReportAnswer): Promise<Buffer> {
  const book = await newWorkbook();
  const sheet = book.addWorksheet(sheetName(report.label));
  const dimension = report.dimensions.find((d) => d.name === answer.dimension);
  sheet.columns = [
    { header: dimension?.label ?? answer.dimension, width: 28 },
    ...report.measures.map((m) => ({ header: m.label, width: 20, style: { numFmt: NUMBER_FORMATS[m.format] } })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of answer.rows) sheet.addRow([row.label, ...report.measures.map((m) => row[m.name] ?? null)]);
  const totals = sheet.addRow(['Totale', ...report.measures.map((m) => answer.totals[m.name] ?? null)]);
  totals.font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** exceljs is loaded at the first workbook, not at every server start (server/exports/writers.ts says why). */
async function newWorkbook() {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}
