/**
 * GET audit?entity=&key=: the history of one row (server/crud/audit.ts writes it). Besides AUDIT:VISUALIZZAZIONE
 * the caller needs the audited entity's own read permission, and sees only rows of their data scope, as for
 * the row itself; a deleted row's history stays readable by the same rule (its scope is kept in the trail).
 */
import type { EntityModel } from '../../../common/model.js';
import { entityByName } from '../../../common/model.js';
import { AUDIT_ENTITY } from '../../crud/audit.js';
import { Repository } from '../../crud/repository.js';
import { ApiError } from '../../http/api-error.js';
import { holds } from '../auth/caller.js';
import type { DomainHandler } from '../handler.js';

const auditTrail: DomainHandler = async ({ db, model, caller, query }) => {
  const c = caller!;
  const entity: EntityModel | undefined = model.entities.find((e) => e.name === query.entity);
  // An entity that is not audited has no history to show: the same answer as an unknown one.
  if (!entity || entity.audit === false) throw new ApiError('NOT_FOUND');
  if (!holds(c, entity.api.permissions.get)) throw new ApiError('FORBIDDEN');
  const trail = entityByName(model, AUDIT_ENTITY);
  const size = Number(query.size ?? trail.api.pageSize);
  const page = Number(query.page ?? 0);
  const { bank, branch } = entity.scope;
  return new Repository(trail).list(db, {
    page, size, compact: false,
    filters: [{ field: 'entity', value: entity.name, exact: true }, { field: 'entityKey', value: String(query.key), exact: true }],
    sort: [{ field: 'changedAt', direction: 'desc' }, { field: 'id', direction: 'desc' }],
  }, (qb) => {
    if (c.scope === 'all') return;
    if (bank) qb.whereIn('scope_bank', c.scope);
    if (branch && c.cab) qb.where('scope_branch', c.cab);
  });
};

export const auditHandlers: Record<string, DomainHandler> = { auditTrail };
