/**
 * insertRisposta (seed 000 §7 {idchiamata, motivo, risposta, termid}; §4 only suspended tickets can be
 * replied to; §8 'Risposta inviata correttamente'). The ticket moves from a `sospesi` status to the
 * `rispostaInviata` one with a conditional UPDATE in the transaction that records the reply in the thread:
 * of two replies sent at once exactly one applies, the other finds the status changed and gets 409.
 */
import { entityByName } from '../../../common/model.js';
import type { TicketManutenzione, TicketMessaggio } from '../../../generated/types/entities.js';
import type { operations } from '../../../generated/types/api.js';
import { recordAudit } from '../../crud/audit.js';
import { Repository } from '../../crud/repository.js';
import type { Row } from '../../crud/row-mapping.js';
import { ApiError } from '../../http/api-error.js';
import { inScope } from '../auth/caller.js';
import { entityGroup } from '../enum-groups.js';
import type { DomainHandler } from '../handler.js';

type Body = operations['insertRisposta']['requestBody']['content']['application/json'];
type Answer = operations['insertRisposta']['responses'][200]['content']['application/json'];
export const TICKET = 'TicketManutenzione';
export const MESSAGGIO = 'TicketMessaggio';

export const insertRisposta: DomainHandler = async (ctx) => {
  const body = ctx.body as Body;
  const caller = ctx.caller!;
  const ticketEntity = entityByName(ctx.model, TICKET);
  const tickets = new Repository(ticketEntity);
  const messages = new Repository(entityByName(ctx.model, MESSAGGIO));
  const sospesi = entityGroup(ctx.model, TICKET, 'stato', 'sospesi');
  const [dopo] = entityGroup(ctx.model, TICKET, 'stato', 'rispostaInviata');
  const refuse = (name: string, field: string) => new ApiError('INVALID_TRANSITION', [{ field, message: ctx.operation.messages![name] }]);

  return ctx.db.transaction(async (trx): Promise<Answer> => {
    const [found] = await tickets.findWhere(trx, { idchiamata: body.idchiamata });
    // Another bank's ticket is the same answer as a missing one: nothing about it leaks.
    if (!found || !inScope(caller, found.codAbi)) throw new ApiError('NOT_FOUND', [{ field: 'idchiamata', message: ctx.operation.messages!.ticketInesistente }]);
    const before = found as unknown as TicketManutenzione;
    if (before.termId !== body.termid) throw new ApiError('VALIDATION_ERROR', [{ field: 'termid', message: ctx.operation.messages!.terminaleDiverso }]);
    const column = (f: string) => ticketEntity.fields.find((x) => x.name === f)!.column;
    const changed = await trx(ticketEntity.table)
      .where(column('numeroTicket'), before.numeroTicket)
      .whereIn(column('stato'), sospesi)
      .update({ [column('stato')]: dopo, [column('risposta')]: body.risposta, ...(body.motivo !== undefined ? { [column('motivo')]: body.motivo } : {}) });
    if (changed !== 1) throw refuse('nonSospeso', 'idchiamata');

    // The status change above serialises replies to one ticket, so the next number cannot be taken twice.
    const thread = messages.entity;
    const col = (f: string) => thread.fields.find((x) => x.name === f)!.column;
    const [{ last }] = await trx(thread.table).where(col('numeroTicket'), before.numeroTicket).max({ last: col('progressivo') });
    const message: TicketMessaggio = {
      numeroTicket: before.numeroTicket, progressivo: Number(last ?? 0) + 1, codAbi: before.codAbi, idchiamata: body.idchiamata,
      tipo: 'R', motivo: body.motivo ?? null, testo: body.risposta, autore: caller.username, data: new Date().toISOString(),
    };
    await messages.insert(trx, message as unknown as Row);
    const after = (await tickets.find(trx, { numeroTicket: before.numeroTicket }))!;
    await recordAudit(trx, ctx.model, { entity: TICKET, key: after, operation: 'update', before: found, after, username: caller.username });
    await recordAudit(trx, ctx.model, { entity: MESSAGGIO, key: message as unknown as Row, operation: 'create', after: message as unknown as Row, username: caller.username });
    return { message: ctx.operation.successMessage!, numeroTicket: before.numeroTicket, stato: String(after.stato) };
  });
};
