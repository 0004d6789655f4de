/**
 * The generic behaviour of every entity: list, get, create, update, delete, and child lists.
 * A save is one transaction covering the row and its children (seed 000 §7: a bank is saved with
 * its group): either all of it is written or none. Plain objects in and out; Express is elsewhere.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { ChildModel, ChildOperation, EntityModel, FieldModel, Operation } from '../../common/model.js';
import { compactFields, entityByName, machinesOf, permissionsForRow, permissionsOf, unconfirmedFields } from '../../common/model.js';
import { applyRules } from '../../common/rules.js';
import type { RuntimeModel } from '../artifacts.js';
import { configValue } from '../config-value.js';
import { constraintKind, uniqueViolation } from '../db/db-errors.js';
import { ApiError, type ErrorDetail } from '../http/api-error.js';
import { holds, type Caller } from '../domain/auth/caller.js';
import { rowInScope, scopeFieldsOf, throughInScope, whereInCallerScope } from './data-scope.js';
import type { EntityHooks } from '../domain/hooks.js';
import { audited, recordAudit, type AuditOperation } from './audit.js';
import { outOfColumnRange } from './column-range.js';
import { checkVersion } from './concurrency.js';
import type { RowValidator } from './row-validator.js';
import { Lifecycle } from './lifecycle.js';
import { applyConditions, meets, type Condition } from './conditions.js';
import { applyFilters, keysetOrder, parseListParams, type FilterParam, type ListParams } from './list-query.js';
import { decodeCursor } from './cursor.js';
import { Repository, type ListPage } from './repository.js';
import { whereInViewRows } from './view-rows.js';
import { inlineFilesOf } from '../files/inline-upload.js';
import { upsertChildRows, type DesiredRow } from './child-rows.js';
import { refuseUnchosen, withKeptChoices } from './child-choices.js';
import { enforceChecks, enforceEnabledBy, enforceFieldConditions, relatedCheckProblems } from './row-checks.js';
import { keyColumns, keyOf, type Row } from './row-mapping.js';
import { RollupKeeper, rollupsOf } from '../reports/rollup-sql.js';
import { fileFields } from '../../common/file-rules.js';
import { refuseAssistanceOnly, refuseLockedChanges, refuseServerSet } from './field-access.js';
import { fileInAudit, type FileStore, type StoredFileMeta } from '../files/store.js';
import { named, present } from '../lookup.js';
import { expectRecord, expectRecords } from '../records.js';
import { countOf } from './count-cache.js';
import { runAggregate, type AggregateRequest, type AggregateResult, type AggregateSource } from './aggregate.js';
import { withoutLabels, withReferenceLabels } from './reference-labels.js';
import { textOf } from '../../common/text.js';
import { fixedValues } from '../../common/child-fixed.js';

/** How a write of an existing row is checked and reported (server/crud/concurrency.ts). */
export interface WriteOptions {
  /** The versions (ETags) the client read; the write is refused with 412 unless the row is still one of them. */
  ifMatch?: readonly string[];
  /** Called inside the transaction with the row as saved (children included), e.g. for its new ETag. */
  onSaved?(row: Row): void;
  /**
   * Conditions the stored row must still meet once locked (a status among the ones a change starts from),
   * else the write is refused with 409 INVALID_TRANSITION: of two such writes at once only the first applies.
   */
  expect?: readonly Condition[];
  /** A transition's answer, inside its transaction before it commits (an idempotent request keeps it there). */
  beforeCommit?(trx: Knex.Transaction, answer: { message: string; row: Row }): Promise<void>;
}

/** What a domain handler searches for (EntityService.search): the list's filters and order, and conditions. */
export interface SearchParams {
  page: number;
  size: number;
  sort?: ListParams['sort'];
  /** Equality, or the field's wildcard search unless `exact`. */
  filters?: ListParams['filters'];
  where?: readonly Condition[];
}

export class EntityService {
  private readonly repo: Repository;
  private readonly lifecycle: Lifecycle;
  /** The reports' rollups of this table, kept current by every write here (docs/spec-language.md#rollups). */
  private readonly rollups: RollupKeeper;

  constructor(
    readonly db: Knex, private readonly model: RuntimeModel, readonly entity: EntityModel,
    private readonly filterable: readonly FilterParam[], private readonly hooks: EntityHooks = {},
    /** Where the files of `type: file` fields are kept (server/files/); a deleted row takes its files along. */
    readonly files?: FileStore,
    /** The services of the other entities (the router's): a transition's `insert` effect creates through them. */
    private readonly peers?: (entity: string) => EntityService,
    /** Checks a row no request carried (an `insert` effect's) against its entity's request schema. */
    private readonly validateRow?: RowValidator,
  ) {
    this.repo = new Repository(entity, (db, qb) => whereInViewRows(model, entity, db, qb));
    this.lifecycle = new Lifecycle(model, entity);
    this.rollups = new RollupKeeper(rollupsOf(model, entity.table), (key) => keyColumns(entity, key));
  }

  /** What a hook is handed besides the row: the save's transaction, the spec, configuration and the other services. */
  private hookTools(trx: Knex.Transaction, creating: boolean) {
    const peers = this.peers;
    return {
      trx, model: this.model, entity: this.entity, creating,
      config: (key: string) => configValue(trx, this.model, key),
      service: (name: string) => {
        if (!peers) throw new Error(`${this.entity.name}: no services of other entities to hand its hooks`);
        return peers(name);
      },
      // The same reads inside the save's transaction: what the save's checks need (SQLite has one connection).
      read: (name: string) => {
        if (!peers) throw new Error(`${this.entity.name}: no services of other entities to hand its hooks`);
        const peer = peers(name);
        return { listAll: (caller?: Caller, where?: Row) => peer.listAll(caller, where, trx), readFile: (id: string) => peer.within(trx).readFile(id) };
      },
    };
  }

  /** A page of rows in the caller's scope; `fixed` are exact filters from the path (gruppi/{g}/ruoli). */
  async list(query: Record<string, unknown>, caller?: Caller, fixed: Row = {}): Promise<ListPage> {
    const params = parseListParams(this.entity, query, this.filterable);
    params.filters.push(...Object.entries(fixed).map(([field, value]) => ({ field, value, exact: true })));
    if (typeof query.cursor === 'string') {
      // A cursor of an order that pages by number (a sort on a field that may be empty) is refused like a forged one.
      const message = this.model.messages.validation.cursor;
      const order = keysetOrder(this.entity, params);
      if (!order) throw new ApiError('VALIDATION_ERROR', [{ field: 'cursor', message }]);
      params.cursor = decodeCursor(query.cursor, order, message);
    }
    const hide = this.lifecycle.hideReadOnly(this.db, caller);
    const page = await this.repo.list(this.db, params, (qb) => { this.restrict(qb, caller); this.whereRelatedExist(qb, params, caller); hide(qb); });
    if (!params.compact || this.entity.api.compact.length === 0) return page;
    const fields = compactFields(this.entity);
    const pick = (r: Row) => Object.fromEntries(fields.map((f) => [f, r[f]]));
    return { ...page, results: page.results.map(pick) };
  }

  /**
   * What an export of the list writes (server/exports/): the list's own filters, sort, data scope and
   * hidden rows, unpaged. `filtered()` is a fresh query each time, so the exporter pages it by keyset.
   */
  exportQuery(query: Record<string, unknown>, caller: Caller, fixed: Row = {}): { params: ListParams; filtered: () => Knex.QueryBuilder<Row, Row[]> } {
    const params = parseListParams(this.entity, query, this.filterable);
    params.filters.push(...Object.entries(fixed).map(([field, value]) => ({ field, value, exact: true })));
    const hide = this.lifecycle.hideReadOnly(this.db, caller);
    return { params, filtered: () => { const qb = applyFilters(this.db<Row, Row[]>(this.entity.table), this.entity, params); this.restrict(qb, caller); this.whereRelatedExist(qb, params, caller); hide(qb); return qb; } };
  }

  /**
   * Every row in the caller's scope, unpaged, in the list's order: for small lists such as the caller's own
   * banks; `where` keeps the rows whose fields equal its values; `db` a transaction to read in (a hook's save).
   */
  async listAll(caller?: Caller, where: Row = {}, db: Knex = this.db): Promise<Row[]> {
    const filters = Object.entries(where).map(([field, value]) => ({ field, value, exact: true }));
    const page = await this.repo.list(db, { page: 0, size: 100000, sort: [], filters, compact: false }, (qb) => this.restrict(qb, caller));
    return page.results;
  }

  /** A stored file by its id (a file field's value), read outside any caller's scope: the row was read before. */
  async readFile(id: string): Promise<{ name: string; contentType: string; bytes: Buffer } | undefined> {
    const stored = this.files ? await this.files.read(this.db, id) : undefined;
    return stored ? { name: stored.meta.name, contentType: stored.meta.contentType, bytes: stored.bytes } : undefined;
  }

  /**
   * A page of rows in the caller's scope, read-only rows hidden as the list hides them, chosen by a domain
   * handler rather than by a query string: filters, conditions (server/crud/conditions.ts) and an order.
   */
  async search(params: SearchParams, caller?: Caller): Promise<ListPage> {
    const hide = this.lifecycle.hideReadOnly(this.db, caller);
    const list: ListParams = { page: params.page, size: params.size, sort: params.sort ?? [], filters: params.filters ?? [], compact: false };
    return this.repo.list(this.db, list, (qb) => { this.restrict(qb, caller); hide(qb); applyConditions(qb, this.entity, params.where ?? []); });
  }

  /** How many rows of the caller's scope (as the list shows them) meet `where`. */
  async count(where: readonly Condition[], caller?: Caller): Promise<number> {
    return countOf(this.scoped(where, caller)().count({ count: '*' }));
  }

  /** As count, per value of `field`: value (as text) -> rows. Values without rows are absent. */
  async countBy(field: string, where: readonly Condition[], caller?: Caller): Promise<Map<string, number>> {
    const column = this.column(field);
    const rows = await this.scoped(where, caller)().select({ value: column }).count<{ value: unknown; count: unknown }[]>({ count: '*' }).groupBy(column);
    // PostgreSQL answers count(*) as text (bigint): Number() reads both drivers alike.
    return new Map(rows.map((r) => [String(r.value), Number(r.count)]));
  }

  /**
   * A report's figures (docs/spec-language.md#reports): the rows the list would find for `query` (its filters, the
   * caller's scope as a predicate of the same query, hidden rows hidden) that also meet `where`, grouped in one query.
   */
  async aggregate(query: Record<string, unknown>, filterable: readonly FilterParam[], where: readonly Condition[], request: AggregateRequest, caller?: Caller): Promise<AggregateResult> {
    const params = parseListParams(this.entity, query, filterable);
    const hide = this.lifecycle.hideReadOnly(this.db, caller);
    const qb = applyFilters(this.db(this.entity.table), this.entity, params);
    this.restrict(qb, caller);
    this.whereRelatedExist(qb, params, caller);
    hide(qb);
    applyConditions(qb, this.entity, where);
    return runAggregate(this.db, qb, (field) => this.column(field), request);
  }

  /**
   * As aggregate, from a report's rollup tables (server/reports/rollup-read.ts decided they cover the request): the
   * list's filters and the caller's scope on the rollup's columns, which carry the entity's column names. Several
   * parts (a month rollup's whole months, a day rollup's edge days) are read as one: their `columns`, union all.
   */
  async aggregateRollup(parts: readonly { table: string; query: Record<string, unknown> }[], columns: readonly string[], filterable: readonly FilterParam[], request: AggregateRequest, source: AggregateSource, caller?: Caller): Promise<AggregateResult> {
    const rowsOf = ({ table, query }: { table: string; query: Record<string, unknown> }) => {
      const qb = applyFilters(this.db(table), this.entity, parseListParams(this.entity, query, filterable));
      this.restrict(qb, caller);
      return qb;
    };
    if (!parts.length) throw new Error(`A rollup read of ${this.entity.name} with no part`);
    const [first, ...others] = parts.map(rowsOf);
    // Unwrapped: SQLite refuses a parenthesised member of a compound select.
    const qb = others.length ? this.db.from(first.select(columns).unionAll(others.map((o) => o.select(columns)), false).as('rollup')) : first;
    return runAggregate(this.db, qb, (field) => this.column(field), request, source);
  }

  /**
   * The values of `field` of every row meeting `where`, as a subquery for another query's condition (`inQuery`),
   * read outside any caller's scope: a report's peers (server/reports/report-peers.ts) are the others' rows.
   */
  valuesWhere(field: string, where: readonly Condition[]): Knex.QueryBuilder {
    const qb = this.db(this.entity.table).distinct(this.column(field));
    applyConditions(qb, this.entity, where);
    return qb;
  }

  /** The fields the caller's data scope restricts on this entity: a rollup answers the caller only if it keeps them. */
  scopeFieldsFor(caller?: Caller): string[] {
    return scopeFieldsOf(this.model, this.entity, caller);
  }

  /** The row without its children, or undefined when it is missing or outside the caller's scope. */
  async find(key: Row, caller?: Caller): Promise<Row | undefined> {
    const row = await this.repo.find(this.db, key);
    return row && await this.readable(this.db, row, caller) && await this.inCallersViewRows(this.db, key, caller) ? row : undefined;
  }

  /**
   * The same service inside the transaction `trx`: its writes there (each in a savepoint of its own) are
   * kept or undone with the rest of the transaction, e.g. a handler's several creates as one change.
   */
  within(trx: Knex.Transaction): EntityService {
    return new EntityService(trx, this.model, this.entity, this.filterable, this.hooks, this.files, this.peers, this.validateRow);
  }

  /** The rows of the caller's scope that meet `where`, as a query to finish (a function: a query is thenable). */
  private scoped(where: readonly Condition[], caller?: Caller): () => Knex.QueryBuilder {
    const hide = this.lifecycle.hideReadOnly(this.db, caller);
    return () => {
      const qb = this.db(this.entity.table);
      this.restrict(qb, caller);
      hide(qb);
      applyConditions(qb, this.entity, where);
      return qb;
    };
  }

  async get(key: Row, caller?: Caller, db: Knex | Knex.Transaction = this.db): Promise<Row> {
    const row = await this.repo.find(db, key);
    // Outside the caller's scope is the same answer as missing: no row's data, not even its existence.
    if (!row || !(await this.readable(db, row, caller)) || !(await this.inCallersViewRows(db, key, caller))) throw new ApiError('NOT_FOUND');
    this.requireRowPermission(row, 'get', caller);
    for (const child of this.entity.children) {
      const rows = await this.childRepo(child).findWhere(db, this.linkValues(child, row));
      row[child.name] = child.kind === 'one' ? (rows[0] ?? null) : rows;
    }
    return row;
  }

  create(body: Row, caller?: Caller): Promise<Row> {
    // Files the body carries (docs/spec-language.md#files): checked before anything else, stored with the row.
    const files = inlineFilesOf(this.entity, body);
    return this.transaction(async (trx, afterCommit) => {
      refuseServerSet(this.model, this.entity, body, caller);
      await this.refuseUnchosen(body, null, caller);
      const row = this.prepare(this.entity, withDefaults(this.entity, withoutFiles(this.entity, body)));
      enforceFieldConditions(this.entity, row, body, undefined);
      // Internal saves (demo data) are not checked: the key governs what callers may send.
      if (caller) await enforceEnabledBy(trx, this.model, this.entity, row, body, undefined);
      if (!(await this.visible(trx, row, caller))) throw new ApiError('FORBIDDEN');
      this.requireRowPermission(row, 'create', caller);
      await refuseAssistanceOnly(trx, this.model, this.entity, body, null, caller);
      const storedFiles = new Map<string, StoredFileMeta>();
      for (const [name, file] of files) {
        if (!this.files) throw new Error('No file store configured (server/files/index.ts)');
        const meta = await this.files.put(trx, file);
        storedFiles.set(name, meta);
        row[name] = meta.id;
      }
      await this.hooks.beforeSave?.({ ...this.hookTools(trx, true), afterCommit, caller, row, body });
      // A view's rows are some of its table's: its key is looked up first, as a row outside them answers otherwise.
      if (this.entity.viewRows) {
        const existing = await this.repo.find(trx, keyOf(this.entity, row));
        if (existing) throw await this.duplicate(trx, this.entity, existing, caller);
        // A view's key taken by a row outside its rows (a bank's user, for the merchant users): as out of scope.
        if (await this.repo.exists(trx, keyOf(this.entity, row))) throw new ApiError('FORBIDDEN');
      }
      // A new row's one-to-one child is new too: bank 11000 must not take over the existing group 11000
      // (saveChildren updates a child it finds, which is right for an update only).
      for (const child of this.entity.children.filter((c) => c.kind === 'one')) {
        const taken = (await this.childRepo(child).findWhere(trx, this.linkValues(child, row))).at(0);
        if (taken) throw await this.duplicate(trx, this.childRepo(child).entity, taken, caller);
      }
      await this.checkReferences(trx, this.entity, row, '', caller);
      await this.lifecycle.beforeInsert(trx, row, caller);
      // The key taken is found by the insert itself (no read before it): the same answer as a read would give.
      const stored = this.entity.viewRows ? await this.repo.insertReturning(trx, row) : await this.repo.insertUnlessKeyTaken(trx, row);
      if (!stored) throw await this.duplicate(trx, this.entity, present(await this.repo.find(trx, keyOf(this.entity, row)), 'the row whose key the insert found taken'), caller);
      await this.refuseOutsideView(trx, row);
      await this.lifecycle.afterInsert(trx, row, caller);
      // A list the create leaves out is an empty one: a child with minItems refuses it, and one with `onCreate`
      // choices still gets those items (a merchant user created without roles is still its merchant's ADMIN).
      const lists = Object.fromEntries(this.entity.children.filter((c) => (c.minItems || c.choices?.onCreate.length) && body[c.name] === undefined).map((c) => [c.name, []]));
      await this.saveChildren(trx, row, { ...lists, ...body }, undefined, { caller, created: true });
      // The answer is the row as stored: the insert returned it, unless children were saved with it or a state
      // machine's effects (afterInsert) may have written it since; then it is read again.
      const saved = this.entity.children.length || machinesOf(this.entity).length ? await this.get(keyOf(this.entity, row), undefined, trx) : stored;
      await this.rollups.putIn(trx, keyOf(this.entity, row));
      // The trail shows a file the body carried as an upload's does: id, name, size, sha256, never its base64.
      const described = storedFiles.size ? { ...saved, ...Object.fromEntries([...storedFiles].map(([name, meta]) => [name, fileInAudit(meta)])) } : saved;
      await this.audit(trx, 'create', null, described, caller);
      return saved;
    });
  }

  update(key: Row, sent: Row, caller?: Caller, options: WriteOptions = {}): Promise<Row> {
    // A file field's value (the stored file's id, as GET answered it) changes only by upload (server/files/).
    const body = withoutFiles(this.entity, sent);
    return this.transaction(async (trx, afterCommit) => {
      const mismatched = this.entity.key.filter((k) => body[k] !== undefined && textOf(body[k]) !== textOf(key[k]));
      if (mismatched.length) throw this.keyMismatch(mismatched);
      const current = await this.repo.findForUpdate(trx, key);
      if (!current || !(await this.visible(trx, current, caller))) throw new ApiError('NOT_FOUND');
      if (options.expect && !meets(current, options.expect)) throw new ApiError('INVALID_TRANSITION');
      this.requireRowPermission(current, 'update', caller);
      const before = await this.before(trx, key, caller, options);
      refuseServerSet(this.model, this.entity, body, caller);
      await this.refuseUnchosen(body, { trx, parent: current }, caller);
      this.checkFieldPermissions(current, body, caller);
      await refuseAssistanceOnly(trx, this.model, this.entity, body, current, caller);
      refuseLockedChanges(this.entity, body, current, await this.lifecycle.lockedFields(trx, current, caller));
      const row = this.prepare(this.entity, { ...current, ...stripChildren(this.entity, body), ...key });
      enforceFieldConditions(this.entity, row, body, current);
      if (caller) await enforceEnabledBy(trx, this.model, this.entity, row, body, current);
      if (!(await this.visible(trx, row, caller))) throw new ApiError('FORBIDDEN');
      // Turning a row into one another function governs (a merchant made virtual) needs that function too.
      this.requireRowPermission(row, 'update', caller);
      await this.lifecycle.beforeUpdate(trx, current, row, caller);
      await this.hooks.beforeSave?.({ ...this.hookTools(trx, false), afterCommit, caller, row, body });
      await this.checkReferences(trx, this.entity, row, '', caller);
      await this.rollups.takeOut(trx, key);
      await this.repo.update(trx, key, row);
      await this.refuseOutsideView(trx, row);
      await this.saveChildren(trx, row, body, undefined, { caller, created: false });
      await this.rollups.putIn(trx, key);
      const saved = await this.get(key, undefined, trx);
      await this.audit(trx, 'update', before, saved, caller);
      return saved;
    });
  }

  delete(key: Row, caller?: Caller, options: WriteOptions = {}): Promise<void> {
    return this.transaction(async (trx, afterCommit) => {
      const current = await this.repo.findForDelete(trx, key);
      if (!current || !(await this.visible(trx, current, caller))) throw new ApiError('NOT_FOUND');
      this.requireRowPermission(current, 'delete', caller);
      const before = await this.before(trx, key, caller, options);
      await this.lifecycle.beforeDelete(trx, current, caller);
      await this.hooks.beforeDelete?.({ trx, afterCommit, model: this.model, entity: this.entity, caller, row: current });
      await this.rollups.takeOut(trx, key);
      for (const child of this.entity.children) await this.childRepo(child).deleteWhere(trx, this.linkValues(child, current));
      await this.repo.delete(trx, key);
      for (const field of fileFields(this.entity.fields)) {
        if (current[field.name]) await this.files?.remove(trx, String(current[field.name]));
      }
      await this.audit(trx, 'delete', before, null, caller);
    });
  }

  /**
   * Changes some of the row's stored values outside the body: a file upload (server/files/) sets its
   * field to the new file's id. The same rules as update hold: row lock, If-Match (412/428), bank scope,
   * the entity's `editable`, one transaction and an audit entry; `describe` lets the trail show more
   * than the stored value (the file's name, size and sha256 instead of its id). Without a caller (the demo
   * data's files) no scope holds, as for a create without one.
   */
  writeValues(
    key: Row, caller: Caller | undefined, options: WriteOptions,
    change: (trx: Knex.Transaction, current: Row) => Promise<Row>, describe: (trx: Knex.Transaction, row: Row) => Promise<Row> = (_t, r) => Promise.resolve(r),
  ): Promise<Row> {
    return this.transaction(async (trx) => {
      const current = await this.repo.findForUpdate(trx, key);
      if (!current || !(await this.visible(trx, current, caller))) throw new ApiError('NOT_FOUND');
      const before = await this.before(trx, key, caller, options);
      const described = before ? await describe(trx, before) : null;
      const values = await change(trx, current);
      await this.lifecycle.beforeUpdate(trx, current, { ...current, ...values }, caller);
      await this.rollups.takeOut(trx, key);
      await this.repo.update(trx, key, values);
      await this.rollups.putIn(trx, key);
      const saved = await this.get(key, undefined, trx);
      await this.audit(trx, 'update', described, await describe(trx, saved), caller);
      options.onSaved?.(saved);
      return saved;
    });
  }

  async listChildren(key: Row, childName: string, caller?: Caller): Promise<Row[]> {
    const row = await this.get(key, caller);
    return expectRecords(row[childName], `${this.entity.name}.${childName}`);
  }

  replaceChildren(key: Row, childName: string, items: Row[], caller?: Caller, options: WriteOptions = {}): Promise<Row[]> {
    return this.transaction(async (trx, afterCommit) => {
      const current = await this.repo.findForUpdate(trx, key);
      if (!current || !(await this.visible(trx, current, caller))) throw new ApiError('NOT_FOUND');
      this.requireRowPermission(current, 'childReplace', caller);
      const before = await this.before(trx, key, caller, options);
      // The body of this call is the list itself, so error paths start at the item index (0.codModpos).
      const pathOf = (_child: ChildModel, i?: number) => (i === undefined ? '' : `${i}.`);
      const body = { [childName]: items };
      refuseServerSet(this.model, this.entity, body, caller, pathOf);
      await this.refuseUnchosen(body, { trx, parent: current }, caller, pathOf);
      await refuseAssistanceOnly(trx, this.model, this.entity, body, current, caller, pathOf);
      await this.hooks.beforeSave?.({ ...this.hookTools(trx, false), afterCommit, caller, row: current, body, pathOf });
      await this.saveChildren(trx, current, body, pathOf, { caller, created: false });
      const saved = await this.get(key, undefined, trx);
      await this.audit(trx, 'update', before, saved, caller);
      options.onSaved?.(saved);
      return expectRecords(saved[childName], `${this.entity.name}.${childName}`);
    });
  }

  /**
   * Runs a transition of the entity's state machine (server/crud/lifecycle.ts) on the row with `key`:
   * the row changes state with its effects, in one transaction, and is answered with the spec's success
   * message and the actions the caller may run next. With If-Match, a row changed since it was read is 412.
   * `input` is the transition's declared body (already validated against the document), e.g. a reason.
   */
  transition(key: Row, name: string, caller: Caller, options: WriteOptions = {}, input: Row = {}): Promise<{ message: string; row: Row }> {
    return this.transaction(async (trx) => {
      const current = await this.repo.findForUpdate(trx, key);
      if (!current || !(await this.visible(trx, current, caller))) throw new ApiError('NOT_FOUND');
      const before = await this.before(trx, key, caller, options);
      // An `insert` effect creates its row as the caller, through the target's own service (scope, rules, audit).
      const insertRow = async (entity: string, row: Row) => {
        const peer = this.peers?.(entity) ?? new EntityService(this.db, this.model, entityByName(this.model, entity), [], {}, this.files);
        // The row is checked as a create body would be (lengths, formats, required), then created as one.
        present(this.validateRow, 'the row validator of insert effects')(peer.entity, row);
        await peer.within(trx).create(row, caller);
      };
      await this.rollups.takeOut(trx, key);
      const message = await this.lifecycle.transition(trx, current, name, caller, input, insertRow);
      await this.rollups.putIn(trx, key);
      const saved = await this.get(key, undefined, trx);
      if (audited(this.entity, caller.username)) {
        await recordAudit(trx, this.model, { entity: this.entity.name, key, operation: 'transition', transition: name, before, after: saved, username: caller.username });
      }
      options.onSaved?.(saved);
      const answer = { message, row: { ...saved, _actions: await this.lifecycle.actions(trx, saved, caller) } };
      await options.beforeCommit?.(trx, answer);
      return answer;
    });
  }

  /** A create or update body without the `_labels` a GET put in it and its child rows. */
  withoutLabels(body: Row): Row {
    return withoutLabels(this.model, this.entity, body);
  }

  /** The rows with `_labels`: the names of the rows their reference fields point to, within the caller's scope of them (the generic routes' answers). */
  withLabels(rows: Row[], caller?: Caller): Promise<Row[]> {
    return withReferenceLabels(this.db, this.model, this.entity, rows, caller);
  }

  /**
   * The row with `_actions` (what the caller may run on it now) for entities with a lifecycle, and `_readOnly`
   * (the fields the caller may not change on it: `writableWhen`) for entities with such fields.
   */
  async withActions(row: Row, caller?: Caller): Promise<Row> {
    const locked = this.entity.fields.some((f) => f.writableWhen) ? { _readOnly: await this.lifecycle.lockedFields(this.db, row, caller) } : {};
    if (!this.entity.states?.length && !this.entity.editable) return { ...row, ...locked };
    return { ...row, _actions: await this.lifecycle.actions(this.db, row, caller), ...locked };
  }

  /** A page's rows, each with the actions the caller may run on it now (issue 14 item 9: a list's row actions). */
  async withActionsEach(rows: Row[], caller?: Caller): Promise<Row[]> {
    if (!this.entity.states?.length && !this.entity.editable) return rows;
    const actions = await this.lifecycle.actionsOfRows(this.db, rows, caller);
    return rows.map((row, i) => ({ ...row, _actions: actions[i] }));
  }

  /**
   * The row as GET answers it, read after the row lock, when the write must compare its version (412 if
   * it changed since the client read it) or record it in the audit trail.
   */
  private async before(trx: Knex.Transaction, key: Row, caller: Caller | undefined, options: WriteOptions): Promise<Row | null> {
    if (!options.ifMatch && !audited(this.entity, caller?.username)) return null;
    const row = await this.get(key, undefined, trx);
    checkVersion(row, options.ifMatch);
    return row;
  }

  /** Changes made by a caller are recorded (server/crud/audit.ts); internal saves such as demo data are not. */
  private async audit(trx: Knex.Transaction, operation: AuditOperation, before: Row | null, after: Row | null, caller?: Caller): Promise<void> {
    const username = caller?.username;
    if (!audited(this.entity, username) || username === undefined) return;
    const key = keyOf(this.entity, present(after ?? before, 'the audited row'));
    await recordAudit(trx, this.model, { entity: this.entity.name, key, operation, before, after, username });
  }

  /**
   * A row another function governs (spec `rowPermissions`, seed 001 §6: a virtual merchant and GES_ESER_VIRTUALE)
   * needs that function's action; any other row the entity's own. authorize() let holders of either through.
   * Only an update may still come through a field's `editPermission` (checkFieldPermissions decides those).
   */
  private requireRowPermission(row: Row, operation: Operation | ChildOperation, caller?: Caller): void {
    if (!caller || !this.entity.rowPermissions?.length) return;
    const needed = permissionsForRow(this.entity.rowPermissions, permissionsOf(this.entity.api, operation), row);
    if (needed.some((p) => holds(caller, p))) return;
    if (operation === 'update' && this.entity.fields.some((f) => f.editPermission && holds(caller, f.editPermission))) return;
    throw new ApiError('FORBIDDEN');
  }

  /**
   * A caller without the update permission got here through a field's `editPermission`: only the
   * fields whose permission they hold may differ from the stored row, and children may not be sent.
   */
  private checkFieldPermissions(current: Row, body: Row, caller?: Caller): void {
    if (!caller || permissionsForRow(this.entity.rowPermissions, permissionsOf(this.entity.api, 'update'), current).some((p) => holds(caller, p))) return;
    const refused = [
      ...this.entity.fields
        .filter((f) => body[f.name] !== undefined && (body[f.name] ?? null) !== (current[f.name] ?? null))
        .filter((f) => !f.editPermission || !holds(caller, f.editPermission))
        .map((f) => f.name),
      ...this.entity.children.filter((c) => body[c.name] !== undefined).map((c) => c.name),
    ];
    if (refused.length) throw new ApiError('FORBIDDEN', refused.map((field) => ({ field, message: this.model.messages.errors.FORBIDDEN })));
  }

  /**
   * A create whose key is taken. Inside the caller's scope that is a duplicate (409); outside it the answer
   * is the one for creating any row out of scope (403 without details), so nobody learns which keys other
   * banks use (issue 12 item 15a).
   */
  private async duplicate(db: Knex | Knex.Transaction, entity: EntityModel, existing: Row, caller?: Caller): Promise<ApiError> {
    return await this.visibleIn(db, entity, existing, caller) ? new ApiError('DUPLICATE_KEY') : new ApiError('FORBIDDEN');
  }

  keyMismatch(fields: string[]): ApiError {
    return new ApiError('KEY_MISMATCH', fields.map((field) => ({ field, message: this.model.messages.errors.KEY_MISMATCH })));
  }

  /** Seed 000 §6 and seed 002 §3, as spec/platform/bindings.yaml `dataScope` says (./data-scope.ts). */
  private visible(db: Knex | Knex.Transaction, row: Row, caller?: Caller): Promise<boolean> {
    return this.visibleIn(db, this.entity, row, caller);
  }

  /** The row's own dimensions, then those it takes through a reference (a terminal's branch, from its store). */
  private async visibleIn(db: Knex | Knex.Transaction, entity: EntityModel, row: Row, caller?: Caller): Promise<boolean> {
    return rowInScope(this.model, entity, row, caller) && await throughInScope(db, this.model, entity, row, caller);
  }

  /** As visible, for a read: an entity with `readAbove` is read in the groups above the caller's too. */
  private async readable(db: Knex | Knex.Transaction, row: Row, caller?: Caller): Promise<boolean> {
    return rowInScope(this.model, this.entity, row, caller, 'read') && await throughInScope(db, this.model, this.entity, row, caller, 'read');
  }

  /**
   * The list's filters over related rows (docs/spec-language.md#filters-over-related-rows): the rows whose link
   * fields are among those of the related rows with the value, read in the caller's scope on the related entity
   * (a terminal the caller cannot see finds nothing). A subquery that does not depend on the outer row, so the
   * database reads the related rows by the filtered field's index once, then this table by its link columns.
   */
  private whereRelatedExist(qb: Knex.QueryBuilder, params: ListParams, caller?: Caller): void {
    for (const { field: name, value, exists } of params.filters) {
      if (!exists) continue;
      const filter = (this.entity.existsFilters ?? []).find((x) => x.param === name);
      if (!filter) throw new Error(`${this.entity.name} has no filter ${name}`);
      const target = entityByName(this.model, filter.entity);
      const column = (field: string) => named(target.fields, field, `${target.name} fields`).column;
      const links = Object.entries(filter.link);
      const sub = this.db(target.table).select(links.map(([theirs]) => column(theirs))).where(column(filter.field), textOf(value));
      whereInCallerScope(this.model, target, sub, column, caller);
      const own = links.map(([, mine]) => this.column(mine));
      if (own.length === 1) qb.whereIn(own[0], sub);
      else qb.whereIn(own, sub);
    }
  }

  /**
   * Child items outside their `choices` (a role the caller may not hand out), before any other check of the
   * body; `stored` reads the parent's stored items (an update), absent on a create. Only callers: demo data may
   * write any value.
   */
  private async refuseUnchosen(
    body: Row, stored: { trx: Knex.Transaction; parent: Row } | null, caller?: Caller,
    pathOf: (child: ChildModel, index?: number) => string = (child, i) => (i === undefined ? `${child.name}.` : `${child.name}.${i}.`),
  ): Promise<void> {
    if (!caller) return;
    for (const child of this.entity.children.filter((c) => c.choices && Array.isArray(body[c.name]))) {
      const items = expectRecords(body[child.name], `${this.entity.name}.${child.name}`);
      const held = stored ? await this.childRepo(child).findWhere(stored.trx, this.linkValues(child, stored.parent)) : [];
      refuseUnchosen(child, items, held, (i) => pathOf(child, i), caller);
    }
  }

  /** A view's save that leaves the row outside its rows (a merchant user moved to a bank's group): 403, undone. */
  private async refuseOutsideView(trx: Knex.Transaction, row: Row): Promise<void> {
    if (this.entity.viewRows && !(await this.repo.find(trx, keyOf(this.entity, row)))) throw new ApiError('FORBIDDEN');
  }

  /**
   * A view whose rows are linked to rows within the caller's scope (`viewRows.withinScope`): whether the row of
   * `key` is one of the caller's. The repository's own narrowing knows no caller; every other entity: true.
   */
  private async inCallersViewRows(db: Knex | Knex.Transaction, key: Row, caller?: Caller): Promise<boolean> {
    if (!this.entity.viewRows?.some((rows) => rows.withinScope) || !caller) return true;
    const qb = db(this.entity.table).where(keyColumns(this.entity, key));
    whereInViewRows(this.model, this.entity, db, qb, caller);
    return (await qb.first(db.raw('1 as found'))) !== undefined;
  }

  /** Restricts a read (a list, a count) to the rows the caller may read. */
  private restrict(qb: Knex.QueryBuilder, caller?: Caller): void {
    whereInViewRows(this.model, this.entity, this.db, qb, caller);
    whereInCallerScope(this.model, this.entity, qb, (field) => this.column(field), caller, 'read');
  }

  private column(field: string): string {
    return named(this.entity.fields, field, `${this.entity.name} fields`).column;
  }

  /** Defaults are filled by the caller on create; here the spec's field rules settle the row. */
  private prepare(entity: EntityModel, body: Row): Row {
    // A confirmation field a body carries (the e-mail typed twice) is never stored, but must repeat its field
    // as it will be stored (docs/spec-language.md#confirmation-fields).
    const confirmations = new Set((entity.confirmFields ?? []).map((c) => c.name));
    const row = applyRules(entity.rules, Object.fromEntries(Object.entries(stripChildren(entity, body)).filter(([name]) => !confirmations.has(name))));
    const unconfirmed = unconfirmedFields(entity.confirmFields, body, row);
    if (unconfirmed.length) throw new ApiError('VALIDATION_ERROR', unconfirmed.map((c) => ({ field: c.name, message: c.message })));
    // The spec's cross-field `checks` see the row as it will be stored, after the rules settled it.
    enforceChecks(entity, row);
    return row;
  }

  private async saveChildren(
    trx: Knex.Transaction, parent: Row, body: Row,
    pathOf: (child: ChildModel, index?: number) => string = (child, i) => (i === undefined ? `${child.name}.` : `${child.name}.${i}.`),
    { caller, created }: { caller?: Caller; created: boolean } = { created: false },
  ): Promise<void> {
    for (const child of this.entity.children) {
      const value = body[child.name];
      if (value === undefined || (value === null && child.kind === 'one')) continue;
      const repo = this.childRepo(child);
      const childEntity = repo.entity;
      const link = { ...this.linkValues(child, parent), ...fixedValues(child, parent) };
      const sent = child.kind === 'one' ? [expectRecord(value, `${this.entity.name}.${child.name}`)] : expectRecords(value, `${this.entity.name}.${child.name}`);
      const items = child.choices ? withKeptChoices(child, sent, created ? [] : await repo.findWhere(trx, this.linkValues(child, parent)), created, caller) : sent;
      const mismatched = items.flatMap((item, i) => Object.keys(link)
        .filter((f) => item[f] !== undefined && item[f] !== null && textOf(item[f]) !== textOf(link[f]))
        .map((f) => pathOf(child, child.kind === 'one' ? undefined : i) + f));
      if (mismatched.length) throw this.keyMismatch(mismatched);
      const count = countRefusal(child, items.length);
      // The list's own path: `titolari` in the parent's body, `body` when the body is the list (PUT <item>/<child>).
      if (count) throw new ApiError('VALIDATION_ERROR', [{ field: pathOf(child).replace(/\.$/, '') || 'body', message: count }]);
      if (child.kind === 'one') {
        const row = this.prepare(childEntity, { ...withDefaults(childEntity, items[0]), ...link });
        await this.checkReferences(trx, childEntity, row, pathOf(child), caller);
        const key = keyOf(childEntity, row);
        if (await repo.exists(trx, key)) await repo.update(trx, key, row);
        else await repo.insert(trx, row);
      } else {
        const desired: DesiredRow[] = [];
        for (let i = 0; i < items.length; i++) {
          const row = this.prepare(childEntity, { ...withDefaults(childEntity, items[i]), ...link });
          await this.checkReferences(trx, childEntity, row, pathOf(child, i), caller);
          desired.push({ row, path: pathOf(child, i) });
        }
        await upsertChildRows(trx, repo, this.linkValues(child, parent), desired, this.model.messages.errors.DUPLICATE_KEY);
      }
    }
  }

  /**
   * A reference to a row that does not exist, or a number no column holds (column-range.ts), is a
   * user's mistake: say which field, in Italian.
   */
  private async checkReferences(trx: Knex.Transaction, entity: EntityModel, row: Row, prefix: string, caller?: Caller): Promise<void> {
    const details: ErrorDetail[] = [];
    for (const field of entity.fields) {
      const value = row[field.name];
      const bound = outOfColumnRange(field, value);
      if (bound) {
        details.push({ field: prefix + field.name, message: field.messages[bound] });
        continue;
      }
      if (field.lookup && value !== null && value !== undefined && value !== '' && !(await this.lookupFinds(trx, field.lookup, value, row))) {
        details.push({ field: prefix + field.name, message: field.messages.lookup });
        continue;
      }
      if (!field.reference || value === null || value === undefined) continue;
      if (field.reference.entity === entity.name && value === row[entity.key[0]]) continue;
      const targetEntity = entityByName(this.model, field.reference.entity);
      const target = new Repository(targetEntity);
      if (field.withinScope) {
        // Another merchant's store is answered as a missing one: the refusal tells nothing of rows outside the scope.
        const found = (await target.findWhere(trx, { [field.reference.field]: value })).at(0);
        if (!found || !rowInScope(this.model, targetEntity, found, caller)) details.push({ field: prefix + field.name, message: field.messages.withinScope });
        continue;
      }
      if (!(await target.exists(trx, { [field.reference.field]: value }))) details.push({ field: prefix + field.name, message: field.messages.reference });
    }
    // Checks across tables (a CAB of the chosen municipality) once every value is known to be well-formed.
    if (!details.length) details.push(...(await relatedCheckProblems(trx, this.model, entity, row, prefix)));
    if (details.length) throw new ApiError('VALIDATION_ERROR', details);
  }

  /** Whether a row of the lookup's entity has `value` and matches this row on its `filterBy` fields. */
  private async lookupFinds(trx: Knex.Transaction, lookup: NonNullable<FieldModel['lookup']>, value: unknown, row: Row): Promise<boolean> {
    const where = { [lookup.value]: value, ...Object.fromEntries(Object.entries(lookup.filterBy).map(([theirs, own]) => [theirs, row[own] ?? null])) };
    return (await new Repository(entityByName(this.model, lookup.entity)).findWhere(trx, where)).length > 0;
  }

  private linkValues(child: ChildModel, parent: Row): Row {
    return Object.fromEntries(Object.entries(child.link).map(([childField, parentField]) => [childField, parent[parentField]]));
  }

  private childRepo(child: ChildModel): Repository {
    return new Repository(entityByName(this.model, child.entity));
  }

  /**
   * One transaction; what hooks ask to run `afterCommit` runs once it has committed (a mail about a new
   * row), and never when it rolls back.
   */
  private async transaction<T>(work: (trx: Knex.Transaction, afterCommit: (task: () => void) => void) => Promise<T>): Promise<T> {
    const tasks: (() => void)[] = [];
    try {
      const result = await this.db.transaction((trx) => work(trx, (task) => tasks.push(task)));
      for (const task of tasks) task();
      return result;
    } catch (error) {
      const kind = constraintKind(error);
      if (kind === 'unique') throw uniqueRefusalOf(this.model, error);
      if (kind === 'foreignKey') throw new ApiError('REFERENCED');
      throw error;
    }
  }
}

/**
 * A save that broke a unique index: 409, with the index's own message on its field when the spec declares one (a
 * partial unique rule, docs/spec-language.md#partial-unique-rules), the catalogue's otherwise. The index is found by
 * name (PostgreSQL) or by table and columns (SQLite), among every entity's, since a save writes children too.
 */
function uniqueRefusalOf(model: RuntimeModel, error: unknown): ApiError {
  const broken = uniqueViolation(error);
  for (const entity of broken ? model.entities : []) {
    if (broken?.table !== undefined && broken.table !== entity.table) continue;
    const columnsOf = (fields: string[]) => fields.map((f) => entity.fields.find((x) => x.name === f)?.column ?? f).join(',');
    const rule = entity.indexes.find((ix) => ix.message !== undefined && ix.field !== undefined
      && (broken?.index !== undefined ? ix.name === broken.index : broken?.columns !== undefined && columnsOf(ix.fields) === broken.columns.join(',')));
    if (rule?.message !== undefined && rule.field !== undefined) {
      const refusal = new ApiError('DUPLICATE_KEY', [{ field: rule.field, message: rule.message }]);
      refusal.errorMessage = rule.message;
      return refusal;
    }
  }
  return new ApiError('DUPLICATE_KEY');
}

function withDefaults(entity: EntityModel, body: Row): Row {
  const out: Row = { ...body };
  for (const field of entity.fields) {
    if (out[field.name] === undefined && field.default !== undefined) out[field.name] = field.default;
    if ((out[field.name] === undefined || out[field.name] === null) && field.generate === 'uuid') out[field.name] = randomUUID();
  }
  return out;
}

/** The refusal of a `many` list with fewer than minItems or more than maxItems items (the API's validator says the same). */
function countRefusal(child: ChildModel, count: number): string | undefined {
  if (child.minItems !== undefined && count < child.minItems) return child.messages?.minItems;
  if (child.maxItems !== undefined && count > child.maxItems) return child.messages?.maxItems;
  return undefined;
}

function stripChildren(entity: EntityModel, body: Row): Row {
  const children = new Set(entity.children.map((c) => c.name));
  return Object.fromEntries(Object.entries(body).filter(([name]) => !children.has(name)));
}

/** The body without file fields: they change only by upload (server/files/file-routes.ts). */
function withoutFiles(entity: EntityModel, body: Row): Row {
  const files = fileFields(entity.fields);
  if (!files.length) return body;
  const names = new Set(files.map((f) => f.name));
  return Object.fromEntries(Object.entries(body).filter(([name]) => !names.has(name)));
}
