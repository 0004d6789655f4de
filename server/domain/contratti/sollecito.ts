/**
 * Reminder export of contracts by company (seed 002 §5, §7; spec/contratti/operazioni-contratti.yaml): the
 * caller's contracts of the company still in shipment (03) with a shipping document, one line each, as an Italian
 * spreadsheet opens a CSV (`;`, CRLF, dates dd/MM/yyyy). None: 404 with the seed's message.
 */
import { ApiError } from '../../http/api-error.js';
import { callerIn, operationMessage, type DomainHandler } from '../handler.js';

const HEADER = ['Terminal id', 'Compagnia', 'Banca', 'Insegna', 'Esercente', 'Partita IVA', 'Data stampa', 'Data spedizione', 'Documento di spedizione'];

function cell(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  // A cell starting like a formula is read as text (CSV formula injection), one holding `;` or `"` is quoted.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
const italianDate = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10).split('-').reverse().join('/') : '');

export const sollecitoContratti: DomainHandler = async (ctx) => {
  const caller = callerIn(ctx);
  const codCompagnie = String(ctx.query.codCompagnie);
  const where = { codCompagnie, statoConv: '03', ...(typeof ctx.query.codAbi === 'string' ? { codAbi: ctx.query.codAbi } : {}) };
  const rows = (await ctx.service('ContrattoCompagnia').listAll(caller, where))
    .filter((r) => typeof r.idDocSpedizioneCompagnia === 'string' && r.idDocSpedizioneCompagnia !== '')
    .sort((a, b) => String(a.termid).localeCompare(String(b.termid)));
  if (!rows.length) throw new ApiError('NOT_FOUND', [{ field: 'codCompagnie', message: operationMessage(ctx.operation, 'nessunContratto') }]);
  const lines = rows.map((r) => [r.termid, r.codCompagnie, r.codAbi, r.insegnaPdv, r.descEserc, r.partitaIvaEserc, italianDate(r.dataStampaContratto), italianDate(r.dataSpedizioneCompagnia), r.idDocSpedizioneCompagnia].map(cell).join(';'));
  const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
  return { fileName: `Sollecito_contratti_${codCompagnie}_${today}.csv`, content: `${[HEADER.join(';'), ...lines].join('\r\n')}\r\n` };
};
