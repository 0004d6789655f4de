/**
 * countIndicator: the handler of every operation with `indicator:` (seed 000 §7 "Indicator count"). It
 * counts the rows of the indicator's entity in the caller's data scope whose field is in the declared
 * group; which entity, field and codes is all in the spec (spec/richieste/operazioni-indicatori.yaml).
 */
import { entityByName } from '../../../common/model.js';
import type { DomainHandler } from '../handler.js';
import { entityGroup } from '../enum-groups.js';

export const countIndicator: DomainHandler = async (ctx) => {
  const ind = ctx.operation.indicator!;
  const caller = ctx.caller!;
  const entity = entityByName(ctx.model, ind.entity);
  const column = (f: string) => entity.fields.find((x) => x.name === f)!.column;
  const qb = ctx.db(entity.table).whereIn(column(ind.field), entityGroup(ctx.model, ind.entity, ind.field, ind.group));
  const { bank, branch } = entity.scope;
  if (bank && caller.scope !== 'all') qb.whereIn(column(bank), caller.scope);
  if (branch && caller.cab) qb.where(column(branch), caller.cab);
  const [{ count }] = await qb.count({ count: '*' });
  return { count: Number(count) };
};

export const indicatorHandlers: Record<string, DomainHandler> = { countIndicator };
