/**
 * The cover sheet (testapacco) of seed 002 §5, §7 (spec/contratti/testapacco.yaml, operazioni-contratti.yaml):
 * printing checks the selection (at least one contract, all in error or all in shipment, an error sheet of one
 * bank, no contract already on an error sheet), records the sheet and marks each contract with its id, in one
 * transaction; a reprint finds the contracts by that id. Both answer the sheet as a text file.
 */
import { ApiError } from '../../http/api-error.js';
import type { Row } from '../../crud/row-mapping.js';
import { callerIn, operationMessage, type DomainContext, type DomainHandler } from '../handler.js';

const CONTRACT = 'ContrattoCompagnia';
const SHEET = 'Testapacco';
/** The contract field that holds the sheet's id, by the sheet's type (E error, S shipping). */
const DOC_FIELD = { E: 'idDocErr', S: 'idDocSpedizioneCompagnia' } as const;
/** The state a sheet's contracts must all be in (seed 002 §5 "in status 00 or 03"). */
const TYPE_OF_STATE: Readonly<Record<string, 'E' | 'S'>> = { '00': 'E', '03': 'S' };

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const italianDate = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10).split('-').reverse().join('/') : '');

function refuse(ctx: DomainContext, code: 'VALIDATION_ERROR' | 'INVALID_TRANSITION', message: string): ApiError {
  return new ApiError(code, [{ field: 'contratti', message: operationMessage(ctx.operation, message) }]);
}

/** The sheet as text: who, when, what, then a line per contract. */
function sheetFile(sheet: Row, contracts: Row[]): { fileName: string; content: string } {
  const printed = italianDate(sheet.creatoIl);
  const lines = [
    `Testapacco ${text(sheet.id)}`,
    `Tipo: ${sheet.tipo === 'E' ? 'contratti in errore' : 'spedizione alla compagnia'}`,
    `Banca: ${text(sheet.codAbi) || 'più banche'}`,
    `Compagnia: ${text(sheet.codCompagnia) || 'più compagnie'}`,
    `Stampato da ${text(sheet.creatoDa)} il ${printed}`,
    `Contratti: ${contracts.length}`,
    '',
    'Terminal id;Compagnia;Banca;Insegna;Esercente;Partita IVA;Data stampa contratto',
    ...[...contracts].sort((a, b) => text(a.termid).localeCompare(text(b.termid)))
      .map((c) => [c.termid, c.codCompagnie, c.codAbi, c.insegnaPdv, c.descEserc, c.partitaIvaEserc].map(text).concat(italianDate(c.dataStampaContratto)).join(';')),
  ];
  return { fileName: `Testapacco_${text(sheet.id).slice(0, 8)}_${printed.replace(/\//g, '-')}.txt`, content: `${lines.join('\r\n')}\r\n` };
}

const only = (values: unknown[]) => (new Set(values.map(text)).size === 1 ? text(values[0]) : null);

export const stampaTestapacco: DomainHandler = async (ctx) => {
  const caller = callerIn(ctx);
  const ids = [...new Set(text(ctx.body.contratti).split(',').map((s) => s.trim()).filter((s) => s !== ''))];
  if (!ids.length) throw refuse(ctx, 'VALIDATION_ERROR', 'nessunContratto');
  return ctx.transaction(async (service) => {
    // Each contract within the caller's scope: another bank's is missing, as its GET says (404).
    const contracts = await Promise.all(ids.map((id) => service(CONTRACT).get({ id }, caller).catch((e: unknown) => {
      throw e instanceof ApiError && e.code === 'NOT_FOUND' ? new ApiError('NOT_FOUND', [{ field: 'contratti', message: operationMessage(ctx.operation, 'contrattoInesistente') }]) : e;
    })));
    const tipo = only(contracts.map((c) => TYPE_OF_STATE[text(c.statoConv)] ?? '-'));
    if (tipo !== 'E' && tipo !== 'S') throw refuse(ctx, 'INVALID_TRANSITION', 'statoNonAmmesso');
    const codAbi = only(contracts.map((c) => c.codAbi));
    if (tipo === 'E' && codAbi === null) throw refuse(ctx, 'VALIDATION_ERROR', 'stessaBanca');
    if (tipo === 'E' && contracts.some((c) => text(c.idDocErr) !== '')) throw refuse(ctx, 'INVALID_TRANSITION', 'errorePresente');
    const sheet = await service(SHEET).create({
      tipo, codAbi, codCompagnia: only(contracts.map((c) => c.codCompagnie)), numContratti: contracts.length,
      terminali: contracts.map((c) => text(c.termid)).join(', ').slice(0, 900), creatoDa: caller.username, creatoIl: new Date().toISOString(),
    }, caller);
    // The sheet's id on each contract is the server's (a read-only field): written as an internal save.
    for (const c of contracts) await service(CONTRACT).update({ id: c.id }, { [DOC_FIELD[tipo]]: sheet.id });
    return sheetFile(sheet, contracts);
  });
};

export const ristampaTestapacco: DomainHandler = async (ctx) => {
  const caller = callerIn(ctx);
  const sheet = await ctx.service(SHEET).get({ id: ctx.params.id }, caller);
  const field = sheet.tipo === 'E' ? DOC_FIELD.E : DOC_FIELD.S;
  const contracts = await ctx.service(CONTRACT).listAll(caller, { [field]: sheet.id });
  if (!contracts.length) throw new ApiError('NOT_FOUND', [{ field: 'id', message: operationMessage(ctx.operation, 'vuoto') }]);
  return sheetFile(sheet, contracts);
};
