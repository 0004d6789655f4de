/**
 * The ticket history of a terminal (seed 000 §4 "the history treats codes 0, 1, 2, 6, 7, 8 as open
 * requests", §9 ticket history 30 per page): `classe=aperti` keeps the statuses of group `aperti` of
 * TicketManutenzione.stato, `classe=chiusi` all the others; newest first, only the caller's banks.
 */
import { entityByName } from '../../../common/model.js';
import type { operations } from '../../../generated/types/api.js';
import { Repository } from '../../crud/repository.js';
import { entityGroup } from '../enum-groups.js';
import type { DomainHandler } from '../handler.js';
import { TICKET } from './risposta.js';

type Query = NonNullable<operations['storicoTicket']['parameters']['query']>;

export const storicoTicket: DomainHandler = async (ctx) => {
  const query = ctx.query as Query;
  const caller = ctx.caller!;
  const entity = entityByName(ctx.model, TICKET);
  const column = (f: string) => entity.fields.find((x) => x.name === f)!.column;
  const aperti = entityGroup(ctx.model, TICKET, 'stato', 'aperti');
  const sizeDefault = Number(ctx.operation.query.find((f) => f.name === 'size')!.default);
  return new Repository(entity).list(ctx.db, {
    page: Number(query.page ?? 0),
    size: Number(query.size ?? sizeDefault),
    compact: false,
    filters: [{ field: 'termId', value: ctx.params.termId, exact: true }],
    sort: [{ field: 'dataApertura', direction: 'desc' }],
  }, (qb) => {
    if (caller.scope !== 'all') qb.whereIn(column('codAbi'), caller.scope);
    if (query.classe === 'aperti') qb.whereIn(column('stato'), aperti);
    if (query.classe === 'chiusi') qb.whereNotIn(column('stato'), aperti);
  });
};
