/**
 * The generic behaviour of every entity: list, get, create, update, delete, and child lists.
 * A save is one transaction covering the row and its children (seed 000 §7: a bank is saved with
 * its group): either all of it is written or none. Plain objects in and out; Express is elsewhere.
 */
import type { Knex } from 'knex';
import type { ChildModel, EntityModel } from '../../common/model.js';
import { entityByName } from '../../common/model.js';
import { applyRules } from '../../common/rules.js';
import type { RuntimeModel } from '../artifacts.js';
import { constraintKind } from '../db/db-errors.js';
import { ApiError, type ErrorDetail } from '../http/api-error.js';
import { holds, inScope, type Caller } from '../domain/auth/caller.js';
import type { EntityHooks } from '../domain/hooks.js';
import { parseListParams, type FilterParam } from './list-query.js';
import { Repository } from './repository.js';
import { keyOf, type Row } from './row-mapping.js';

export class EntityService {
  private readonly repo: Repository;

  constructor(
    private readonly db: Knex, private readonly model: RuntimeModel, readonly entity: EntityModel,
    private readonly filterable: readonly FilterParam[], private readonly hooks: EntityHooks = {},
  ) {
    this.repo = new Repository(entity);
  }

  /** A page of rows in the caller's scope; `fixed` are exact filters from the path (gruppi/{g}/ruoli). */
  async list(query: Record<string, unknown>, caller?: Caller, fixed: Row = {}): Promise<{ results: Row[]; totalCount: number }> {
    const params = parseListParams(this.entity, query, this.filterable);
    params.filters.push(...Object.entries(fixed).map(([field, value]) => ({ field, value, exact: true })));
    const page = await this.repo.list(this.db, params, (qb) => this.restrict(qb, caller));
    if (!params.compact || this.entity.api.compact.length === 0) return page;
    const pick = (r: Row) => Object.fromEntries(this.entity.api.compact.map((f) => [f, r[f]]));
    return { results: page.results.map(pick), totalCount: page.totalCount };
  }

  /** Every row in the caller's scope, unpaged: for small lists such as the caller's own banks. */
  async listAll(caller?: Caller): Promise<Row[]> {
    const page = await this.repo.list(this.db, { page: 0, size: 100000, sort: [], filters: [], compact: false }, (qb) => this.restrict(qb, caller));
    return page.results;
  }

  async get(key: Row, caller?: Caller, db: Knex | Knex.Transaction = this.db): Promise<Row> {
    const row = await this.repo.find(db, key);
    // Outside the caller's scope is the same answer as missing: no row's data, not even its existence.
    if (!row || !this.visible(row, caller)) throw new ApiError('NOT_FOUND');
    for (const child of this.entity.children) {
      const rows = await this.childRepo(child).findWhere(db, this.linkValues(child, row));
      row[child.name] = child.kind === 'one' ? (rows[0] ?? null) : rows;
    }
    return row;
  }

  create(body: Row, caller?: Caller): Promise<Row> {
    return this.transaction(async (trx) => {
      const row = this.prepare(this.entity, withDefaults(this.entity, body));
      if (!this.visible(row, caller)) throw new ApiError('FORBIDDEN');
      await this.hooks.beforeSave?.({ trx, caller, row, body });
      if (await this.repo.exists(trx, keyOf(this.entity, row))) throw new ApiError('DUPLICATE_KEY');
      await this.checkReferences(trx, this.entity, row, '');
      await this.repo.insert(trx, row);
      await this.saveChildren(trx, row, body);
      return this.get(keyOf(this.entity, row), undefined, trx);
    });
  }

  update(key: Row, body: Row, caller?: Caller): Promise<Row> {
    return this.transaction(async (trx) => {
      const mismatched = this.entity.key.filter((k) => body[k] !== undefined && String(body[k]) !== String(key[k]));
      if (mismatched.length) throw this.keyMismatch(mismatched);
      const current = await this.repo.find(trx, key);
      if (!current || !this.visible(current, caller)) throw new ApiError('NOT_FOUND');
      this.checkFieldPermissions(current, body, caller);
      const row = this.prepare(this.entity, { ...current, ...stripChildren(this.entity, body), ...key });
      if (!this.visible(row, caller)) throw new ApiError('FORBIDDEN');
      await this.hooks.beforeSave?.({ trx, caller, row, body });
      await this.checkReferences(trx, this.entity, row, '');
      await this.repo.update(trx, key, row);
      await this.saveChildren(trx, row, body);
      return this.get(key, undefined, trx);
    });
  }

  delete(key: Row, caller?: Caller): Promise<void> {
    return this.transaction(async (trx) => {
      const current = await this.repo.find(trx, key);
      if (!current || !this.visible(current, caller)) throw new ApiError('NOT_FOUND');
      for (const child of this.entity.children) await this.childRepo(child).deleteWhere(trx, this.linkValues(child, current));
      await this.repo.delete(trx, key);
    });
  }

  async listChildren(key: Row, childName: string, caller?: Caller): Promise<Row[]> {
    const row = await this.get(key, caller);
    return row[childName] as Row[];
  }

  replaceChildren(key: Row, childName: string, items: Row[], caller?: Caller): Promise<Row[]> {
    return this.transaction(async (trx) => {
      const current = await this.repo.find(trx, key);
      if (!current || !this.visible(current, caller)) throw new ApiError('NOT_FOUND');
      await this.hooks.beforeSave?.({ trx, caller, row: current, body: { [childName]: items } });
      // The body of this call is the list itself, so error paths start at the item index (0.codModpos).
      await this.saveChildren(trx, current, { [childName]: items }, (_child, i) => `${i}.`);
      const child = this.entity.children.find((c) => c.name === childName)!;
      return this.childRepo(child).findWhere(trx, this.linkValues(child, current));
    });
  }

  /**
   * A caller without the update permission got here through a field's `editPermission`: only the
   * fields whose permission they hold may differ from the stored row, and children may not be sent.
   */
  private checkFieldPermissions(current: Row, body: Row, caller?: Caller): void {
    if (!caller || holds(caller, this.entity.api.permissions.update)) return;
    const refused = [
      ...this.entity.fields
        .filter((f) => body[f.name] !== undefined && (body[f.name] ?? null) !== (current[f.name] ?? null))
        .filter((f) => !f.editPermission || !holds(caller, f.editPermission))
        .map((f) => f.name),
      ...this.entity.children.filter((c) => body[c.name] !== undefined).map((c) => c.name),
    ];
    if (refused.length) throw new ApiError('FORBIDDEN', refused.map((field) => ({ field, message: this.model.messages.errors.FORBIDDEN })));
  }

  keyMismatch(fields: string[]): ApiError {
    return new ApiError('KEY_MISMATCH', fields.map((field) => ({ field, message: this.model.messages.errors.KEY_MISMATCH })));
  }

  /** Seed 000 §6: bank users see their banks' rows only; a user with a cab only that branch's. */
  private visible(row: Row, caller?: Caller): boolean {
    if (!caller || caller.scope === 'all') return true;
    const { bank, branch } = this.entity.scope;
    if (bank && !inScope(caller, row[bank])) return false;
    if (branch && caller.cab && row[branch] !== caller.cab) return false;
    return true;
  }

  private restrict(qb: Knex.QueryBuilder, caller?: Caller): void {
    if (!caller || caller.scope === 'all') return;
    const { bank, branch } = this.entity.scope;
    const column = (name: string) => this.entity.fields.find((f) => f.name === name)!.column;
    if (bank) qb.whereIn(column(bank), caller.scope);
    if (branch && caller.cab) qb.where(column(branch), caller.cab);
  }

  /** Defaults are filled by the caller on create; here the spec's field rules settle the row. */
  private prepare(entity: EntityModel, body: Row): Row {
    return applyRules(entity.rules, stripChildren(entity, body));
  }

  private async saveChildren(
    trx: Knex.Transaction, parent: Row, body: Row,
    pathOf: (child: ChildModel, index?: number) => string = (child, i) => (i === undefined ? `${child.name}.` : `${child.name}.${i}.`),
  ): Promise<void> {
    for (const child of this.entity.children) {
      const value = body[child.name];
      if (value === undefined || (value === null && child.kind === 'one')) continue;
      const repo = this.childRepo(child);
      const childEntity = repo.entity;
      const link = { ...this.linkValues(child, parent), ...child.fixed };
      const items = child.kind === 'one' ? [value as Row] : (value as Row[]);
      const mismatched = items.flatMap((item, i) => Object.keys(link)
        .filter((f) => item[f] !== undefined && item[f] !== null && String(item[f]) !== String(link[f]))
        .map((f) => pathOf(child, child.kind === 'one' ? undefined : i) + f));
      if (mismatched.length) throw this.keyMismatch(mismatched);
      if (child.kind === 'one') {
        const row = this.prepare(childEntity, { ...withDefaults(childEntity, value as Row), ...link });
        await this.checkReferences(trx, childEntity, row, pathOf(child));
        const key = keyOf(childEntity, row);
        if (await repo.exists(trx, key)) await repo.update(trx, key, row);
        else await repo.insert(trx, row);
      } else {
        await repo.deleteWhere(trx, this.linkValues(child, parent));
        for (let i = 0; i < items.length; i++) {
          const row = this.prepare(childEntity, { ...withDefaults(childEntity, items[i]), ...link });
          await this.checkReferences(trx, childEntity, row, pathOf(child, i));
          await repo.insert(trx, row);
        }
      }
    }
  }

  /** A reference to a row that does not exist is a user's mistake: say which field, in Italian. */
  private async checkReferences(trx: Knex.Transaction, entity: EntityModel, row: Row, prefix: string): Promise<void> {
    const details: ErrorDetail[] = [];
    for (const field of entity.fields) {
      const value = row[field.name];
      if (!field.reference || value === null || value === undefined) continue;
      if (field.reference.entity === entity.name && value === row[entity.key[0]]) continue;
      const target = new Repository(entityByName(this.model, field.reference.entity));
      if (!(await target.exists(trx, { [field.reference.field]: value }))) details.push({ field: prefix + field.name, message: field.messages.reference });
    }
    if (details.length) throw new ApiError('VALIDATION_ERROR', details);
  }

  private linkValues(child: ChildModel, parent: Row): Row {
    return Object.fromEntries(Object.entries(child.link).map(([childField, parentField]) => [childField, parent[parentField]]));
  }

  private childRepo(child: ChildModel): Repository {
    return new Repository(entityByName(this.model, child.entity));
  }

  private async transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      const kind = constraintKind(error);
      if (kind === 'unique') throw new ApiError('DUPLICATE_KEY');
      if (kind === 'foreignKey') throw new ApiError('REFERENCED');
      throw error;
    }
  }
}

function withDefaults(entity: EntityModel, body: Row): Row {
  const out: Row = { ...body };
  for (const field of entity.fields) {
    if (out[field.name] === undefined && field.default !== undefined) out[field.name] = field.default;
  }
  return out;
}

function stripChildren(entity: EntityModel, body: Row): Row {
  const out: Row = { ...body };
  for (const child of entity.children) delete out[child.name];
  return out;
}
