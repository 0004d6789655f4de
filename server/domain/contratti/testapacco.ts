/**
 * The cover sheet (testapacco) of seed 002 §5, §7 (spec/contratti/testapacco.yaml, operazioni-contratti.yaml):
 * printing checks the selection (at least one contract, all in error or all in shipment, an error sheet of one
 * bank, no contract already on an error sheet), records the sheet and marks each contract with its id, in one
 * transaction; a reprint finds the contracts by that id. Both answer the sheet as a text file.
 */
import { entityByName, type EntityModel } from '../../../common/model.js';
import { named } from '../../lookup.js';
import type { RuntimeModel } from '../../artifacts.js';
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
/** The contract's columns of the sheet, in order; their headings are the fields' labels in the spec. */
const SHEET_COLUMNS = ['termid', 'codCompagnie', 'codAbi', 'insegnaPdv', 'descEserc', 'partitaIvaEserc', 'dataStampaContratto'] as const;

function refuse(ctx: DomainContext, code: 'VALIDATION_ERROR' | 'INVALID_TRANSITION', message: string): ApiError {
  return new ApiError(code, [{ field: 'contratti', message: operationMessage(ctx.operation, message) }]);
}

/**
 * The sheet as text: what it is, then a line per contract. Every word of it is a label of the spec
 * (spec/contratti/testapacco.yaml, contratto-compagnia.yaml); a sheet of several banks or companies names them all.
 */
function sheetFile(model: RuntimeModel, sheet: Row, contracts: Row[]): { fileName: string; content: string } {
  const sheetEntity = entityByName(model, SHEET);
  const contract = entityByName(model, CONTRACT);
  const label = (entity: EntityModel, name: string) => named(entity.fields, name, `Fields of ${entity.name}`).label;
  const line = (name: string, value: string) => `${label(sheetEntity, name)}: ${value}`;
  const all = (name: string) => [...new Set(contracts.map((c) => text(c[name])))].sort().join(', ');
  const printed = italianDate(sheet.creatoIl);
  const lines = [
    `${sheetEntity.label} ${text(sheet.id)}`,
    line('tipo', named(sheetEntity.fields, 'tipo', `Fields of ${SHEET}`).options?.find((o) => o.value === sheet.tipo)?.label ?? text(sheet.tipo)),
    line('codAbi', text(sheet.codAbi) || all('codAbi')),
    line('codCompagnia', text(sheet.codCompagnia) || all('codCompagnie')),
    line('creatoDa', text(sheet.creatoDa)),
    line('creatoIl', printed),
    line('numContratti', String(contracts.length)),
    '',
    SHEET_COLUMNS.map((name) => label(contract, name)).join(';'),
    ...[...contracts].sort((a, b) => text(a.termid).localeCompare(text(b.termid)))
      .map((c) => SHEET_COLUMNS.map((name) => (name === 'dataStampaContratto' ? italianDate(c[name]) : text(c[name]))).join(';')),
  ];
  return { fileName: `${sheetEntity.label}_${text(sheet.id).slice(0, 8)}_${printed.replace(/\//g, '-')}.txt`, content: `${lines.join('\r\n')}\r\n` };
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
    return sheetFile(ctx.model, sheet, contracts);
  });
};

export const ristampaTestapacco: DomainHandler = async (ctx) => {
  const caller = callerIn(ctx);
  const sheet = await ctx.service(SHEET).get({ id: ctx.params.id }, caller);
  const field = sheet.tipo === 'E' ? DOC_FIELD.E : DOC_FIELD.S;
  const contracts = await ctx.service(CONTRACT).listAll(caller, { [field]: sheet.id });
  if (!contracts.length) throw new ApiError('NOT_FOUND', [{ field: 'id', message: operationMessage(ctx.operation, 'vuoto') }]);
  return sheetFile(ctx.model, sheet, contracts);
};
