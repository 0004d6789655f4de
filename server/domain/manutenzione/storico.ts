/**
 * The ticket history of a terminal (seed 000 §4 "the history treats codes 0, 1, 2, 6, 7, 8 as open
 * requests", §9 ticket history 30 per page): `classe=aperti` keeps the statuses of group `aperti` of
 * TicketManutenzione.stato, `classe=chiusi` all the others; newest first, only the caller's banks (the
 * service's data scope).
 */
import type { Condition } from '../../crud/conditions.js';
import { entityGroup } from '../enum-groups.js';
import { queryDefault, validatedRequest, type DomainHandler } from '../handler.js';
import { TICKET } from './risposta.js';

export const storicoTicket: DomainHandler = async (ctx) => {
  const { query } = validatedRequest(ctx, 'storicoTicket');
  const aperti = entityGroup(ctx.model, TICKET, 'stato', 'aperti');
  const sizeDefault = Number(queryDefault(ctx.operation, 'size'));
  const where: Condition[] = query.classe === 'aperti' ? [{ field: 'stato', in: aperti }]
    : query.classe === 'chiusi' ? [{ field: 'stato', notIn: aperti }] : [];
  return ctx.service(TICKET).search({
    page: query.page ?? 0,
    size: query.size ?? sizeDefault,
    filters: [{ field: 'termId', value: ctx.params.termId, exact: true }],
    sort: [{ field: 'dataApertura', direction: 'desc' }],
    where,
  }, ctx.caller);
};
