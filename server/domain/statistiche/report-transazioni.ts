/**
 * "Create report" of the monthly transaction reports (seed 002 §2 /report/trasrepo GES_TRANS_REPORT and
 * /report/trasrepoeserc GES_TRANS_REP_ESERC, §7 transactionReport and transrepoeserc createreport; the operations in
 * spec/statistiche/operazioni-report-transazioni.yaml). The month's figures are the spec's transaction summary
 * (report RiepilogoTransazioni: exclusions, sales, refunds and net) read through the movements' scoped service, for
 * the bank or the merchant asked, per circuit and per store; they are written into a PDF (server/files/text-pdf.ts)
 * stored as the new row's file, in one transaction with the row. A bank or merchant the caller may not read is 404
 * and nothing is read; a month without movements, the seed's 'Dati non disponibili per il periodo selezionato.'.
 */
import type { Caller } from '../auth/caller.js';
import { ApiError } from '../../http/api-error.js';
import type { EntityService } from '../../crud/entity-service.js';
import { textPdf } from '../../files/text-pdf.js';
import { textOf } from '../../../common/text.js';
import { named } from '../../lookup.js';
import { computeReport, reportFilterable, type ReportAnswer } from '../../reports/report-route.js';
import { callerIn, operationMessage, type DomainContext, type DomainHandler } from '../handler.js';

const SUMMARY = 'RiepilogoTransazioni';
const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const italianDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
/** 12345.6 as 12.345,60 (Italian thousands and decimals). */
function euro(value: unknown): string {
  const [whole, cents] = Math.abs(Number(value ?? 0)).toFixed(2).split('.');
  return `${Number(value ?? 0) < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}

function monthBounds(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number);
  return { from: `${month}-01`, to: `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}` };
}

/** Whom the report is about: the filters that keep the movements to it, its name on the PDF, the row's own fields. */
interface Subject { filters: Record<string, string>; heading: string; row: Record<string, string> }

/** The summary of the month, per circuit and per store, in the caller's scope and for the subject only. */
async function monthFigures(ctx: DomainContext, caller: Caller, subject: Subject, month: string): Promise<{ byCircuit: ReportAnswer; byStore: ReportAnswer }> {
  const report = named(ctx.model.reports, SUMMARY, 'The spec\'s reports');
  const service: EntityService = ctx.service(report.entity);
  const param = (field: string) => named(service.entity.fields, field, `${service.entity.name}'s fields`).filterParam;
  const period = report.period;
  if (!period) throw new Error(`Report ${SUMMARY} has no period`);
  // The summary's filters plus the subject's (bank, merchant) under the list's parameter names.
  const filterable = reportFilterable(report, service.entity, [...report.filters, ...Object.keys(subject.filters)]);
  const { from, to } = monthBounds(month);
  const query = { ...Object.fromEntries(Object.entries(subject.filters).map(([f, v]) => [param(f), v])), [period.from]: from, [period.to]: to };
  return {
    byCircuit: await computeReport(service, report, filterable, { ...query, per: 'circuito' }, caller),
    byStore: await computeReport(service, report, filterable, { ...query, per: 'negozio' }, caller),
  };
}

/** The PDF's lines: the month's totals, then a table per circuit and one per store (Courier: columns by padding). */
function reportLines(subject: Subject, month: string, figures: { byCircuit: ReportAnswer; byStore: ReportAnswer }, caller: Caller, now: Date): string[] {
  const { from, to } = monthBounds(month);
  const t = figures.byCircuit.totals;
  const table = (title: string, answer: ReportAnswer) => [
    title,
    `${'Voce'.padEnd(30)}${'N. trans.'.padStart(10)}${'Transato'.padStart(16)}${'Storni'.padStart(16)}${'Netto'.padStart(16)}`,
    '-'.repeat(88),
    ...answer.rows.map((r) => `${r.label.slice(0, 29).padEnd(30)}${String(r.operazioni ?? 0).padStart(10)}${euro(r.transato).padStart(16)}${euro(r.storni).padStart(16)}${euro(r.netto).padStart(16)}`),
    '-'.repeat(88),
    `${'Totale'.padEnd(30)}${String(answer.totals.operazioni ?? 0).padStart(10)}${euro(answer.totals.transato).padStart(16)}${euro(answer.totals.storni).padStart(16)}${euro(answer.totals.netto).padStart(16)}`,
    '',
  ];
  return [
    subject.heading,
    `Periodo: dal ${italianDate(from)} al ${italianDate(to)}`,
    `Creato il ${italianDate(now.toISOString())} da ${caller.username}`,
    '',
    'Totali del mese',
    `  Numero transazioni  ${String(t.operazioni ?? 0).padStart(16)}`,
    `  Transato            ${euro(t.transato).padStart(16)} €`,
    `  Storni (${String(t.numeroStorni ?? 0)})${' '.repeat(Math.max(1, 10 - String(t.numeroStorni ?? 0).length))}${euro(t.storni).padStart(16)} €`,
    `  Netto               ${euro(t.netto).padStart(16)} €`,
    '',
    ...table('Per circuito', figures.byCircuit),
    ...table('Per negozio', figures.byStore),
    'Importi in euro. Non sono comprese le transazioni rifiutate né quelle della compagnia 90.',
  ];
}

async function createReport(ctx: DomainContext, entity: string, subject: Subject, month: string, fileName: string): Promise<unknown> {
  const caller = callerIn(ctx);
  const now = new Date();
  const current = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  if (month > current) throw new ApiError('VALIDATION_ERROR', [{ field: 'mese', message: operationMessage(ctx.operation, 'meseFuturo') }]);
  const reports = ctx.service(entity);
  const existing = await reports.listAll(caller, { ...subject.row, mese: month });
  if (existing.length) throw new ApiError('DUPLICATE_KEY', [{ field: 'mese', message: operationMessage(ctx.operation, 'giaPresente') }]);
  const figures = await monthFigures(ctx, caller, subject, month);
  const t = figures.byCircuit.totals;
  if (!figures.byCircuit.rows.length) throw new ApiError('NOT_FOUND', [{ field: 'mese', message: operationMessage(ctx.operation, 'nessunDato') }]);
  const pdf = await textPdf(`Report transazioni - ${monthName(month)}`, reportLines(subject, month, figures, caller, now));
  return ctx.transaction(async (service) => {
    const own = service(entity);
    const saved = await own.create({
      ...subject.row, mese: month, operazioni: t.operazioni ?? 0, transato: t.transato ?? 0, storni: t.storni ?? 0, netto: t.netto ?? 0,
      creatoIl: now.toISOString(), creatoDa: caller.username,
    }, caller);
    const store = own.files;
    if (!store) throw new Error(`${entity} has no file store`);
    return own.writeValues({ id: saved.id }, caller, {}, async (trx) => ({ documento: (await store.put(trx, { name: fileName, contentType: 'application/pdf', bytes: pdf })).id }));
  });
}

/** A 404 with the operation's message when the caller may not read the row (another bank's, another merchant's). */
async function readable(ctx: DomainContext, entity: string, key: Record<string, string>, field: string, message: string): Promise<Record<string, unknown>> {
  try {
    return await ctx.service(entity).get(key, callerIn(ctx));
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw new ApiError('NOT_FOUND', [{ field, message: operationMessage(ctx.operation, message) }]);
    throw e;
  }
}

export const creaReportTransazioniBanca: DomainHandler = async (ctx) => {
  const codAbi = String(ctx.body.codAbi);
  const mese = String(ctx.body.mese);
  const bank = await readable(ctx, 'Banca', { codAbi }, 'codAbi', 'bancaNonConsultabile');
  const subject = { filters: { codAbi }, heading: `Banca: ${codAbi} - ${textOf(bank.nomeBcc ?? '')}`, row: { codAbi } };
  return createReport(ctx, 'ReportTransazioniBanca', subject, mese, `Report_transazioni_${codAbi}_${mese}.pdf`);
};

export const creaReportTransazioniEsercente: DomainHandler = async (ctx) => {
  const codEserc = String(ctx.body.codEserc);
  const mese = String(ctx.body.mese);
  const merchant = await readable(ctx, 'Esercente', { codEser: codEserc }, 'codEserc', 'esercenteNonConsultabile');
  const codAbi = String(merchant.codAbi);
  const subject = { filters: { codAbi, codEserc }, heading: `Esercente: ${codEserc} - ${textOf(merchant.ds ?? '')} (banca ${codAbi})`, row: { codAbi, codEserc } };
  return createReport(ctx, 'ReportTransazioniEsercente', subject, mese, `Report_transazioni_${codEserc}_${mese}.pdf`);
};
