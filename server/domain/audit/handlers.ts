/**
 * GET audit?entity=&key=: the history of one row (server/crud/audit.ts writes it). Besides AUDIT:VISUALIZZAZIONE
 * the caller needs the audited entity's own read permission, and sees only rows of their data scope, as for
 * the row itself; a deleted row's history stays readable by the same rule (its scope is kept in the trail).
 */
import type { EntityModel } from '../../../common/model.js';
import type { Condition } from '../../crud/conditions.js';
import { ApiError } from '../../http/api-error.js';
import { holds } from '../auth/caller.js';
import { callerIn, type DomainHandler } from '../handler.js';

/** The entity the trail is stored as (spec/platform/storico-modifiche.yaml; server/crud/audit.ts writes it). */
const TRAIL = 'StoricoModifica';

const auditTrail: DomainHandler = async (ctx) => {
  const { model, query, service } = ctx;
  const c = callerIn(ctx);
  const entity: EntityModel | undefined = model.entities.find((e) => e.name === query.entity);
  // An entity that is not audited has no history to show: the same answer as an unknown one.
  if (!entity || entity.audit === false) throw new ApiError('NOT_FOUND');
  if (!holds(c, entity.api.permissions.get)) throw new ApiError('FORBIDDEN');
  const trail = service(TRAIL);
  const size = Number(query.size ?? trail.entity.api.pageSize);
  const page = Number(query.page ?? 0);
  // The trail keeps the scope of the row it records: the caller sees the entries of his banks (and branch).
  const { bank = entity.scope.group, branch } = entity.scope;
  const where: Condition[] = [];
  if (c.scope !== 'all' && bank) where.push({ field: 'scopeBank', inScopeOf: c });
  // A branch taken through a reference counts too (the trail records the terminal's store's cab); older entries
  // without one stay hidden from a branch user.
  if (c.scope !== 'all' && (branch || entity.scopeThrough?.branch) && c.cab) where.push({ field: 'scopeBranch', in: [c.cab] });
  return trail.search({
    page, size, where,
    filters: [{ field: 'entity', value: entity.name, exact: true }, { field: 'entityKey', value: String(query.key), exact: true }],
    sort: [{ field: 'changedAt', direction: 'desc' }, { field: 'id', direction: 'desc' }],
  }, c);
};

export const auditHandlers: Record<string, DomainHandler> = { auditTrail };
