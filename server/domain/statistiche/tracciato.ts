/**
 * A bank's monthly turnover file (seed 002 §2 /statistiche/tracciato STAT_TRACCIATO, Screens "Monthly turnover-file:
 * bank plus reference month, text download"; spec/statistiche/operazioni-statistiche.yaml documents the layout, which
 * is ours). The figures are the spec's report TracciatoMensile (spec/statistiche/tracciato-mensile.yaml: exclusions,
 * sales apart from refunds), read through the movements' scoped service once per card company, grouped by store; a
 * store names its merchant. The bank must be one the caller may read (else 404, nothing read); a month without sales
 * answers 404 with the seed's 'Dati non disponibili per il periodo selezionato.'.
 */
import { named } from '../../lookup.js';
import { ApiError } from '../../http/api-error.js';
import { computeReport, reportFilterable, type ReportAnswer } from '../../reports/report-route.js';
import { callerIn, operationMessage, type DomainHandler } from '../handler.js';

const REPORT = 'TracciatoMensile';

/** 1234.5 as 1234,50: the file's amounts (no thousands separator, a comma before the cents). */
const amount = (value: number | string | null | undefined) => Number(value ?? 0).toFixed(2).replace('.', ',');

/** The first and last day of a yyyy-mm month. */
function monthBounds(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export const tracciatoMensile: DomainHandler = async (ctx) => {
  const caller = callerIn(ctx);
  const codAbi = String(ctx.query.codAbi);
  const mese = String(ctx.query.mese);
  // Another bank is not there for the caller: the same 404 as an unknown code, and nothing of its movements is read.
  try {
    await ctx.service('Banca').get({ codAbi }, caller);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw new ApiError('NOT_FOUND', [{ field: 'codAbi', message: operationMessage(ctx.operation, 'bancaNonConsultabile') }]);
    throw e;
  }
  const report = named(ctx.model.reports, REPORT, 'The spec\'s reports');
  const service = ctx.service(report.entity);
  const fieldOf = (name: string) => named(service.entity.fields, name, `${service.entity.name}'s fields`);
  const period = report.period;
  if (!period) throw new Error(`Report ${REPORT} has no period`);
  // The report's filters under the list's parameter names, as its own GET reads them.
  const filterable = reportFilterable(report, service.entity);
  const { from, to } = monthBounds(mese);
  const base = { [fieldOf('codAbi').filterParam]: codAbi, [period.from]: from, [period.to]: to };
  const byCompany = await computeReport(service, report, filterable, { ...base, per: 'compagnia' }, caller);
  const companies = byCompany.rows.map((r) => r.key).filter((k): k is string => k !== null).sort();
  const perStore: { company: string; answer: ReportAnswer }[] = [];
  for (const company of companies) {
    perStore.push({ company, answer: await computeReport(service, report, filterable, { ...base, [fieldOf('codCompagnia').filterParam]: company, per: 'negozio' }, caller) });
  }
  // Each store's merchant, from the stores the caller may read of that bank.
  const stores = new Map((await ctx.service('Negozio').listAll(caller, { abi: codAbi })).map((s) => [String(s.pdvid), String(s.codEser)]));
  const lines = perStore
    .flatMap(({ company, answer }) => answer.rows.filter((r) => Number(r.operazioni) > 0).map((r) => ({ merchant: stores.get(String(r.key)) ?? '', store: String(r.key), company, transato: r.transato, operazioni: r.operazioni })))
    .sort((a, b) => a.merchant.localeCompare(b.merchant) || a.store.localeCompare(b.store) || a.company.localeCompare(b.company));
  if (!lines.length) throw new ApiError('NOT_FOUND', [{ field: 'mese', message: operationMessage(ctx.operation, 'nessunDato') }]);
  const text = [
    `TRACCIATO;${codAbi};${mese};${lines.length}`,
    'CODICE_ESERCENTE;CODICE_NEGOZIO;CODICE_COMPAGNIA;TRANSATO;NUMERO_OPERAZIONI',
    ...lines.map((l) => [l.merchant, l.store, l.company, amount(l.transato), String(l.operazioni)].join(';')),
    `TOTALE;;;${amount(byCompany.totals.transato)};${String(byCompany.totals.operazioni ?? 0)}`,
  ];
  return { fileName: `Tracciato_${codAbi}_${mese}.txt`, content: `${text.join('\r\n')}\r\n` };
};
