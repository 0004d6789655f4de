/**
 * Enforces the spec's `checks:` and conditional fields before a row is stored (common/row-checks.ts evaluates them): each failing
 * check is one Italian detail on its field, all of them in one 400, like the request's field validation.
 */
import type { Knex } from 'knex';
import type { EntityModel } from '../../common/model.js';
import { entityByName } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import { conditionProblems } from '../../common/field-conditions.js';
import { failedChecks, relatedReadBy } from '../../common/row-checks.js';
import { ApiError, type ErrorDetail } from '../http/api-error.js';
import { Repository } from './repository.js';
import { configValue } from '../config-value.js';
import { textOf } from '../../common/text.js';
import type { Row } from './row-mapping.js';

export function enforceChecks(entity: EntityModel, row: Row): void {
  const details = failedChecks(entity, row);
  if (details.length) throw new ApiError('VALIDATION_ERROR', details);
}

/**
 * The checks that read `related` rows (a municipality's province, a CAB of the municipality): each related row
 * they name is read by its link in the save's transaction, without the caller's scope (as a reference's check: it
 * says whether the row exists and what it holds, nothing the caller could not type); `{}` when none matches or a
 * link field of the row is empty. The failures are details of the same kind as the row's own checks, `prefix`ed
 * for a child's row.
 */
export async function relatedCheckProblems(db: Knex | Knex.Transaction, model: RuntimeModel, entity: EntityModel, row: Row, prefix: string): Promise<ErrorDetail[]> {
  const names = new Set((entity.checks ?? []).flatMap((check) => relatedReadBy(entity, check)));
  if (!names.size) return [];
  const related: Record<string, Row> = {};
  for (const r of entity.related ?? []) {
    if (!names.has(r.name)) continue;
    const where = Object.fromEntries(Object.entries(r.link).map(([theirs, own]) => [theirs, row[own]]));
    const empty = Object.values(where).some((v) => v === null || v === undefined || v === '');
    related[r.name] = empty ? {} : ((await new Repository(entityByName(model, r.entity)).findWhere(db, where)).at(0) ?? {});
  }
  return failedChecks(entity, row, undefined, related).map((f) => ({ field: prefix + f.field, message: f.message }));
}

/**
 * Fields enabled by configuration (`enabledBy`, docs/spec-language.md#fields-enabled-by-configuration): a new value
 * sent while the boolean key is not true is 400 naming the field with messages.enabledBy (seed 002 §5: the
 * pay-by-mail's cause and name-surname only while PWM.SPECIAL_REQUESTS is on).
 */
export async function enforceEnabledBy(db: Knex | Knex.Transaction, model: RuntimeModel, entity: EntityModel, row: Row, sent: Row, stored: Row | undefined): Promise<void> {
  const details: ErrorDetail[] = [];
  for (const field of entity.fields) {
    if (!field.enabledBy || !(field.name in sent)) continue;
    const value = row[field.name];
    const empty = value === undefined || value === null || value === '';
    // A value the row already holds is kept (an update that repeats it); a new one needs the key on.
    if (empty || (stored && textOf(stored[field.name] ?? '') === textOf(value))) continue;
    if ((await configValue(db, model, field.enabledBy)) !== 'true') details.push({ field: field.name, message: field.messages.enabledBy });
  }
  if (details.length) throw new ApiError('VALIDATION_ERROR', details);
}

/**
 * Conditional fields (common/field-conditions.ts) on the row as it will be stored: a new value for a field
 * read-only or hidden by its condition, or an empty one required by it, is 400 naming the field.
 * `stored`: the row before an update; a create compares with the fields' defaults.
 */
export function enforceFieldConditions(entity: EntityModel, row: Row, sent: Row, stored: Row | undefined): void {
  const defaults = Object.fromEntries(entity.fields.map((f) => [f.name, f.default ?? null]));
  const details = conditionProblems(entity.fields, row, sent, stored, defaults);
  if (details.length) throw new ApiError('VALIDATION_ERROR', details);
}
