/**
 * insertRisposta (seed 000 §7 {idchiamata, motivo, risposta, termid}; §4 only suspended tickets can be
 * replied to; §8 'Risposta inviata correttamente'). The ticket moves from a `sospesi` status to the
 * `rispostaInviata` one through the service's update with `expect` (the status is checked on the locked
 * row), in the transaction that records the reply in the thread: of two replies sent at once exactly one
 * applies, the other finds the status changed and gets 409. Both changes are audited by the services.
 */
import type { TicketMessaggio } from '../../../generated/types/entities.js';
import type { operations } from '../../../generated/types/api.js';
import type { Row } from '../../crud/row-mapping.js';
import { present } from '../../lookup.js';
import { ApiError } from '../../http/api-error.js';
import { entityGroup } from '../enum-groups.js';
import { callerIn, operationMessage, validatedRequest, type DomainHandler } from '../handler.js';

type Answer = operations['insertRisposta']['responses'][200]['content']['application/json'];
export const TICKET = 'TicketManutenzione';
export const MESSAGGIO = 'TicketMessaggio';

export const insertRisposta: DomainHandler = async (ctx) => {
  const { body } = validatedRequest(ctx, 'insertRisposta');
  const caller = callerIn(ctx);
  const sospesi = entityGroup(ctx.model, TICKET, 'stato', 'sospesi');
  const [dopo] = entityGroup(ctx.model, TICKET, 'stato', 'rispostaInviata');
  const refuse = (name: string, field: string) => new ApiError('INVALID_TRANSITION', [{ field, message: operationMessage(ctx.operation, name) }]);

  return ctx.transaction(async (service): Promise<Answer> => {
    const tickets = service(TICKET);
    // Another bank's ticket is the same answer as a missing one (the service's scope): nothing about it leaks.
    const found = (await tickets.search({ page: 0, size: 1, filters: [{ field: 'idchiamata', value: body.idchiamata, exact: true }] }, caller)).results.at(0);
    if (!found) throw new ApiError('NOT_FOUND', [{ field: 'idchiamata', message: operationMessage(ctx.operation, 'ticketInesistente') }]);
    if (found.termId !== body.termid) throw new ApiError('VALIDATION_ERROR', [{ field: 'termid', message: operationMessage(ctx.operation, 'terminaleDiverso') }]);
    const numeroTicket = String(found.numeroTicket);
    const change = { stato: dopo, risposta: body.risposta, ...(body.motivo !== undefined ? { motivo: body.motivo } : {}) };
    let after: Row;
    try {
      after = await tickets.update({ numeroTicket }, change, caller, { expect: [{ field: 'stato', in: sospesi }] });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TRANSITION') throw refuse('nonSospeso', 'idchiamata');
      throw error;
    }

    // The status change above serialises replies to one ticket, so the next number cannot be taken twice.
    const thread = service(MESSAGGIO);
    const last = (await thread.search({
      page: 0, size: 1, filters: [{ field: 'numeroTicket', value: numeroTicket, exact: true }], sort: [{ field: 'progressivo', direction: 'desc' }],
    }, caller)).results.at(0);
    const message = {
      numeroTicket, progressivo: Number(last?.progressivo ?? 0) + 1, codAbi: String(found.codAbi), idchiamata: body.idchiamata,
      tipo: 'R', motivo: body.motivo ?? null, testo: body.risposta, autore: caller.username, data: new Date().toISOString(),
    } satisfies TicketMessaggio;
    await thread.create(message, caller);
    return { message: present(ctx.operation.successMessage, `The success message of ${ctx.operation.name}`), numeroTicket, stato: String(after.stato) };
  });
};
