/**
 * countIndicator: the handler of every operation with `indicator:` (seed 000 §7 "Indicator count"). It
 * counts the rows of the indicator's entity in the caller's data scope whose field is in the declared
 * group; which entity, field and codes is all in the spec (spec/richieste/operazioni-indicatori.yaml).
 */
import { present } from '../../lookup.js';
import type { DomainHandler } from '../handler.js';
import { entityGroup } from '../enum-groups.js';

export const countIndicator: DomainHandler = async (ctx) => {
  const ind = present(ctx.operation.indicator, `The indicator of ${ctx.operation.name}`);
  const codes = entityGroup(ctx.model, ind.entity, ind.field, ind.group);
  return { count: await ctx.service(ind.entity).count([{ field: ind.field, in: codes }], ctx.caller) };
};

export const indicatorHandlers: Record<string, DomainHandler> = { countIndicator };
