/**
 * A row's lifecycle as the spec declares it (docs/spec-language.md#state-machines), run generically for
 * every entity inside the write's own transaction:
 *   - `editable`: rows change only where the condition holds (seed 000 §4: stock only where the bank has
 *     stock management); elsewhere 403 with the spec's message, and lists leave out the `hide` rows;
 *   - `states`: a row is created in an initial state; its state changes only through a transition, which
 *     needs its permission (checked by authorize), its guard, and the row in one of its `from` states;
 *   - several machines: each holds its own enum field (a request's stato, statoPos, statoFattDir), starts in
 *     its own initial state and moves only through its own transitions; no plain update changes a state field;
 *   - effects: entering a state or running a transition sets fields of the row and adjusts quantities of
 *     other rows (the stock of a movement), never past the adjusted field's minimum or maximum; a transition
 *     may also insert a row of another entity (through its scoped service) and queue an outbox message.
 *     Any effect that fails undoes the whole transition: all of it runs in the one transaction.
 * Two transitions of one row cannot both apply: the state changes with `UPDATE ... WHERE state IN (from)`,
 * and the one that finds the row already moved answers 409 (on PostgreSQL the row lock makes the second
 * wait for the first; on SQLite transactions take turns on the one connection).
 */
import type { Knex } from 'knex';
import { CALLER_FACTS, logicVars } from '../../common/lifecycle.js';
import type { EffectModel, EntityModel, RelatedModel, StateMachineModel, TransitionModel } from '../../common/model.js';
import { entityByName, machineOfTransition, machinesOf, permissionsOf, transitionsOf } from '../../common/model.js';
import { enqueueOutbox } from '../outbox/enqueue.js';
import { evaluate, holds as logicHolds } from '../../common/rules.js';
import type { RuntimeModel } from '../artifacts.js';
import { holds, type Caller } from '../domain/auth/caller.js';
import { ApiError } from '../http/api-error.js';
import { Repository } from './repository.js';
import { keyColumns, toColumns, type Row } from './row-mapping.js';
import { bindValue } from '../db/bind-value.js';
import { logicToSql } from './logic-sql.js';
import { named, present } from '../lookup.js';
import { auditKey } from './audit.js';
import { textOf } from '../../common/text.js';

type Db = Knex | Knex.Transaction;
type Context = Record<string, unknown>;

/** What a related name holds: one row, or (`values:`) the distinct values of a field over the linked rows. */
type RelatedValue = Row | unknown[] | undefined;

/** Related rows already read for a page, by related list and link values. */
type RelatedRows = Map<string, RelatedValue>;

/** How a transition's `insert` effect creates its row: the target's scoped service, inside the transition's transaction. */
export type InsertRow = (entity: string, row: Row) => Promise<void>;

export class Lifecycle {
  /** The field a read-only refusal is reported on: the row's own field that finds the related row. */
  private readonly editableField: string;

  /**
   * The related rows the lifecycle's conditions read: a related row only the entity's `checks` read (a
   * municipality's CAB) is read when the row is saved, not for every row of a list's `_actions`.
   */
  private readonly related: RelatedModel[];

  constructor(private readonly model: RuntimeModel, private readonly entity: EntityModel) {
    this.editableField = this.fieldFinding(entity.editable?.when);
    const writable = entity.fields.flatMap((f) => (f.writableWhen ? [f.writableWhen.when] : []));
    const roots = new Set(logicVars([entity.editable?.when, entity.creatable?.when, entity.states, ...writable]).map((v) => v.name.split('.')[0]));
    this.related = (entity.related ?? []).filter((r) => roots.has(r.name));
  }

  /** The transition of this entity called `name` (the document only routes declared ones here). */
  transitionNamed(name: string): TransitionModel {
    const t = transitionsOf(this.entity).find((x) => x.name === name);
    if (!t) throw new Error(`${this.entity.name} has no transition ${name}`);
    return t;
  }

  /**
   * Create: the row must be editable and start in an initial state; entering it may set fields (mutates `row`).
   * A state declared `{ state, via: transition }` is the transition done at creation: the caller needs its
   * permission and its guard (403 otherwise, as the transition would answer), and its effects apply too.
   */
  async beforeInsert(trx: Knex.Transaction, row: Row, caller?: Caller): Promise<void> {
    await this.checkEditable(trx, row, caller);
    await this.checkCreatable(trx, row, caller);
    for (const states of machinesOf(this.entity)) {
      // A machine over an optional field is not started on a row without it (a request without direct billing).
      if (this.notStarted(states, row)) continue;
      const state = String(row[states.field]);
      if (!states.initial.includes(state)) throw new ApiError('INVALID_TRANSITION');
      const via = this.initialTransition(states, state);
      // Internal saves (demo data) load the spec's rows as written, like checkEditable.
      if (via && caller) {
        if (!holds(caller, via.permission)) throw new ApiError('FORBIDDEN');
        if (via.guard !== undefined && !logicHolds(via.guard, { ...(await this.context(trx, row, caller)), input: {} })) throw new ApiError('FORBIDDEN');
      }
      await this.setFields(trx, row, this.initialEffects(states, state), caller, {});
    }
  }

  /** After the insert: what entering the initial state does to other rows (a movement created accepted moves the stock). */
  async afterInsert(trx: Knex.Transaction, row: Row, caller?: Caller): Promise<void> {
    for (const states of machinesOf(this.entity)) {
      if (!this.notStarted(states, row)) await this.adjustAll(trx, row, this.initialEffects(states, String(row[states.field])), caller, {});
    }
  }

  /** Whether the row is outside `states` altogether: its field is optional and empty. */
  private notStarted(states: StateMachineModel, row: Row): boolean {
    const value = row[states.field];
    return (value === null || value === undefined) && !named(this.entity.fields, states.field, `${this.entity.name} fields`).required;
  }

  /** The transition a create in `state` stands for (`initial: [{ state, via }]`), if any. */
  private initialTransition(states: StateMachineModel, state: string): TransitionModel | undefined {
    const name = states.initialVia?.[state];
    return name ? this.transitionNamed(name) : undefined;
  }

  /** Effects of starting in `state`: its transition's, when it has one, then those of entering the state. */
  private initialEffects(states: StateMachineModel, state: string): EffectModel[] {
    // `enter` names only the states that do something on entry.
    const onEntry: Partial<StateMachineModel['enter']> = states.enter;
    return [...(this.initialTransition(states, state)?.effects ?? []), ...(onEntry[state]?.effects ?? [])];
  }

  /**
   * Update: the row must be editable before and after; the state of every machine changes only through a
   * transition: a body that changes one is 400 naming its field ('Campo non previsto', as any server-set field).
   * A state a rule of the entity derives from other fields (a store past its thresholds) follows them on an update
   * too: the rule, not the body, moved it.
   */
  async beforeUpdate(trx: Knex.Transaction, current: Row, next: Row, caller?: Caller): Promise<void> {
    await this.checkEditable(trx, current, caller);
    await this.checkEditable(trx, next, caller);
    const derived = new Set(this.entity.rules.flatMap((r) => Object.keys(r.set)));
    const changed = machinesOf(this.entity).map((m) => m.field).filter((field) => !derived.has(field) && String(next[field]) !== String(current[field]));
    if (changed.length) throw new ApiError('VALIDATION_ERROR', changed.map((field) => ({ field, message: this.model.messages.validation.unknownField })));
  }

  async beforeDelete(trx: Knex.Transaction, current: Row, caller?: Caller): Promise<void> {
    await this.checkEditable(trx, current, caller);
  }

  /**
   * Runs transition `name` on `current` (already found, locked and in the caller's scope): 403 when the row
   * is read-only or the guard refuses the caller, 409 when the row is not in a `from` state (or another
   * transition moved it first). Returns the spec's success message.
   */
  async transition(trx: Knex.Transaction, current: Row, name: string, caller: Caller, input: Row = {}, insertRow?: InsertRow): Promise<string> {
    const t = this.transitionNamed(name);
    const states = machineOfTransition(this.entity, name);
    await this.checkEditable(trx, current, caller);
    // Only the declared inputs, each present (null when not sent), so `input.<name>` never reads a stray key.
    const given = Object.fromEntries((t.input ?? []).map((f) => [f.name, input[f.name] ?? null]));
    if (t.guard !== undefined && !logicHolds(t.guard, { ...(await this.context(trx, current, caller)), input: given })) throw new ApiError('FORBIDDEN');
    if (!t.from.includes(String(current[states.field]))) throw invalidTransition(t);
    await this.checkTransition(trx, current, t, caller, given);

    const onEntry: Partial<StateMachineModel['enter']> = states.enter;
    // An action that keeps the state does not enter it again: what entering does has been done.
    const effects = [...t.effects, ...(t.keepState ? [] : onEntry[t.to]?.effects ?? [])];
    const next: Row = { ...current, [states.field]: t.to };
    await this.setFields(trx, next, effects, caller, given);
    // The state is always written: an action that keeps it (and changes nothing else, a note deleted twice) still
    // runs its conditional UPDATE, which is what tells it that another transition moved the row first.
    const changes = { ...Object.fromEntries(Object.entries(next).filter(([f, v]) => v !== current[f])), [states.field]: t.to };
    const stateColumn = this.column(states.field);
    const moved = await trx(this.entity.table)
      .where(keyColumns(this.entity, current))
      .whereIn(stateColumn, t.from)
      .update(toColumns(this.entity, changes));
    if (moved !== 1) throw invalidTransition(t);
    await this.adjustAll(trx, next, effects, caller, given);
    await this.insertAndEnqueue(trx, next, t, caller, given, insertRow);
    return t.success;
  }

  /**
   * A transition's `lock`s, then its `checks`, in the spec's order, on the row as it is (locked) and the input:
   * the first refusal is 422 TRANSITION_REFUSED with the spec's message (seed 002 §5: 'Operazione di Storno non
   * consentita'), on the input it names. A locked input must be its prefill (the full amount of a refund).
   */
  private async checkTransition(trx: Knex.Transaction, row: Row, t: TransitionModel, caller: Caller, input: Row): Promise<void> {
    if (!t.lock && !t.checks) return;
    const context = { ...(await this.context(trx, row, caller)), input };
    const refuse = (message: string, field?: string) => new ApiError('TRANSITION_REFUSED', field ? [{ field, message }] : [], undefined, { message });
    for (const [field, lock] of Object.entries(t.lock ?? {})) {
      if (!logicHolds(lock.when, context)) continue;
      const held = evaluate(present(t.prefill?.[field], `${this.entity.name}.${t.name}: prefill of locked ${field}`), context);
      if (!sameInput(input[field], held)) throw refuse(lock.message, field);
    }
    for (const check of t.checks ?? []) {
      if (!logicHolds(check.valid, context)) throw refuse(check.message, check.field);
    }
  }

  /**
   * A transition's `insert` and `outbox` effects, after the row has moved: each value is computed from the row
   * in its new state, the input and the caller. An insert goes through the target's scoped service (its
   * scope, rules and audit); a failure of either throws, and the caller's transaction undoes everything.
   */
  private async insertAndEnqueue(trx: Knex.Transaction, row: Row, t: TransitionModel, caller: Caller, input: Row, insertRow?: InsertRow): Promise<void> {
    for (const effect of t.effects) {
      if (effect.kind !== 'insert' && effect.kind !== 'outbox') continue;
      const context = { ...(await this.context(trx, row, caller)), input };
      if (effect.kind === 'insert') {
        const values = Object.fromEntries(Object.entries(effect.values).map(([f, expr]) => [f, evaluate(expr, context) ?? null]));
        await present(insertRow, `${this.entity.name}.${t.name}: the service that inserts rows`)(effect.entity, values);
      } else {
        const payload = Object.fromEntries(Object.entries(effect.payload).map(([f, expr]) => [f, evaluate(expr, context) ?? null]));
        await enqueueOutbox(trx, this.model, { target: effect.target, entity: this.entity.name, entityKey: auditKey(this.entity, row), transition: t.name, payload });
      }
    }
  }

  /**
   * What the caller may do with `row` now, as GET answers it in `_actions`: each transition whose permission
   * the caller holds, whose guard passes and which leaves the row's state; update and delete when the
   * entity has them, the caller holds their permission and the row is editable.
   */
  async actions(db: Db, row: Row, caller?: Caller, related?: RelatedRows): Promise<string[]> {
    if (!caller) return [];
    const context = await this.context(db, row, caller, related);
    if (this.entity.editable && !logicHolds(this.entity.editable.when, context)) return [];
    const out: string[] = [];
    for (const states of machinesOf(this.entity)) {
      const state = String(row[states.field]);
      for (const t of states.transitions) {
        if (!holds(caller, t.permission) || !t.from.includes(state)) continue;
        if (t.guard === undefined || logicHolds(t.guard, context)) out.push(t.name);
      }
    }
    for (const op of ['update', 'delete'] as const) {
      if (this.entity.api.operations.includes(op) && permissionsOf(this.entity.api, op).some((p) => holds(caller, p))) out.push(op);
    }
    return out;
  }

  /**
   * A list filter leaving out read-only rows that match `editable.hide` (seed 000 §4: zero rows hidden).
   * The condition reads at most one related row (a bank): the database decides it on that table, as a
   * subquery of the read-only rows' links (logic-sql.ts), so paging and totals stay exact and the call reads
   * no related row at all, however many banks there are (issue 19: it read every bank on every list).
   */
  hideReadOnly(db: Db, caller?: Caller): (qb: Knex.QueryBuilder) => void {
    const editable = this.entity.editable;
    if (!editable || Object.keys(editable.hide).length === 0) return () => {};
    const base = this.baseContext(caller);
    const hide = Object.entries(editable.hide).map(([f, v]) => [this.column(f), v] as const);
    // Each comparison also excludes NULL, so the NOT around them never sees NULL.
    const hidden = (inner: Knex.QueryBuilder) => {
      for (const [column, value] of hide) {
        if (value === null) inner.whereNull(column);
        else inner.where(column, bindValue(value)).whereNotNull(column);
      }
    };
    const related = this.editableRelated();
    if (!related) return logicHolds(editable.when, base) ? () => {} : (qb) => { qb.whereNot(hidden); };
    const target = entityByName(this.model, related.entity);
    const column = (field: string) => `ro.${named(target.fields, field, `${target.name} fields`).column}`;
    const when = logicToSql(editable.when, (name) => {
      const [root, member] = name.split('.');
      if (root !== related.name) return { value: evaluate({ var: name }, base) };
      const field = named(target.fields, member, `${target.name} fields`);
      return { column: column(field.name), type: field.type };
    });
    const links = Object.entries(related.link);
    const own = links.map(([, mine]) => this.column(mine));
    const readOnlyLinks = () => {
      const sub = db(`${target.table} as ro`).select(links.map(([theirs]) => column(theirs)))
        .whereRaw(`(CASE WHEN ${when.sql} THEN 1 ELSE 0 END) = 0`, when.bindings);
      for (const [theirs] of links) sub.whereNotNull(column(theirs));
      return sub;
    };
    return (qb) => {
      qb.whereNot((inner) => {
        hidden(inner);
        for (const c of own) inner.whereNotNull(c);
        if (own.length === 1) inner.whereIn(own[0], readOnlyLinks());
        else inner.whereIn(own, readOnlyLinks());
      });
    };
  }

  /** Internal saves (demo data, no caller) are not refused: the spec's data is loaded as written. */
  private async checkEditable(db: Db, row: Row, caller?: Caller): Promise<void> {
    const editable = this.entity.editable;
    if (!editable || !caller) return;
    if (!logicHolds(editable.when, await this.context(db, row, caller))) {
      throw new ApiError('FORBIDDEN', [{ field: this.editableField, message: editable.message }]);
    }
  }

  /**
   * `creatable`: a new row only where its condition holds (seed 001 §6: no new merchants at a bank with the
   * central-initiative flag); 403 with its message on the field that finds the related row it reads.
   */
  private async checkCreatable(db: Db, row: Row, caller?: Caller): Promise<void> {
    const creatable = this.entity.creatable;
    if (!creatable || !caller) return;
    if (!logicHolds(creatable.when, await this.context(db, row, caller))) {
      throw new ApiError('FORBIDDEN', [{ field: this.fieldFinding(creatable.when), message: creatable.message }]);
    }
  }

  /** Applies the `set` effects in order, each seeing the row as the previous ones left it. */
  private async setFields(db: Db, row: Row, effects: EffectModel[], caller?: Caller, input?: Row): Promise<void> {
    for (const effect of effects) {
      if (effect.kind !== 'set') continue;
      const context = { ...(await this.context(db, row, caller)), ...(input ? { input } : {}) };
      for (const [field, expr] of Object.entries(effect.values)) row[field] = evaluate(expr, context) ?? null;
    }
  }

  /**
   * Each `adjust` in one conditional UPDATE: the target changes only if the result stays within its field's
   * minimum and maximum, so two movements at once can never take the stock below zero together.
   */
  private async adjustAll(trx: Knex.Transaction, row: Row, effects: EffectModel[], caller?: Caller, input?: Row): Promise<void> {
    for (const effect of effects) {
      if (effect.kind !== 'adjust') continue;
      const target = entityByName(this.model, effect.entity);
      const field = named(target.fields, effect.field, `${target.name} fields`);
      const by = Number(evaluate(effect.by, { ...(await this.context(trx, row, caller)), ...(input ? { input } : {}) }));
      if (!Number.isFinite(by) || (field.type === 'integer' && !Number.isInteger(by))) {
        throw new Error(`${this.entity.name}: adjust of ${target.name}.${field.name} computed ${by}, not a ${field.type} (spec mistake)`);
      }
      const where = Object.fromEntries(Object.entries(effect.link).map(([targetField, own]) => [targetField, row[own]]));
      const qb = trx(target.table).where(toColumns(target, where));
      if (field.minimum !== undefined) qb.whereRaw('?? + ? >= ?', [field.column, by, field.minimum]);
      if (field.maximum !== undefined) qb.whereRaw('?? + ? <= ?', [field.column, by, field.maximum]);
      const changed = await qb.increment(field.column, by);
      if (changed === 1) continue;
      const exists = await new Repository(target).findWhere(trx, where);
      throw new ApiError('QUANTITY_UNAVAILABLE', [{ field: effect.field, message: exists.length ? effect.message : effect.missing }]);
    }
  }

  /** What conditions read: the row, the caller's facts, the time, and each related row by name ({} when none). */
  /**
   * Each row's `_actions`, for a page of a list: the related rows the rules read are fetched once per
   * distinct link on the page (a page of one bank's movements reads its bank once), not once per row.
   */
  async actionsOfRows(db: Db, rows: readonly Row[], caller?: Caller): Promise<string[][]> {
    const related: RelatedRows = new Map();
    const out: string[][] = [];
    for (const row of rows) out.push(await this.actions(db, row, caller, related));
    return out;
  }

  private async context(db: Db, row: Row, caller?: Caller, known?: RelatedRows): Promise<Context> {
    const context: Context = { ...this.baseContext(caller), row };
    for (const related of this.related) context[related.name] = (await this.relatedRowOnce(db, related, row, known)) ?? {};
    return context;
  }

  private async relatedRowOnce(db: Db, related: RelatedModel, row: Row, known?: RelatedRows): Promise<RelatedValue> {
    if (!known) return this.relatedRow(db, related, row);
    const id = `${related.name}\u0000${JSON.stringify(Object.values(related.link).map((own) => row[own] ?? null))}`;
    if (!known.has(id)) known.set(id, await this.relatedRow(db, related, row));
    return known.get(id);
  }

  private baseContext(caller?: Caller): Context {
    const now = new Date().toISOString();
    const facts = caller ? Object.fromEntries(CALLER_FACTS.map((f) => [f, caller[f] ?? null])) : {};
    return { caller: facts, now, today: now.slice(0, 10) };
  }

  private async relatedRow(db: Db, related: RelatedModel, row: Row): Promise<RelatedValue> {
    const where = Object.fromEntries(Object.entries(related.link).map(([targetField, own]) => [targetField, row[own]]));
    const target = entityByName(this.model, related.entity);
    if (related.values !== undefined) {
      if (Object.values(where).some((v) => v === null || v === undefined)) return [];
      // One indexed read of the distinct values (a merchant's stores' banks), never the linked rows themselves.
      const column = named(target.fields, related.values, `${target.name} fields`).column;
      const rows = await db<Row>(target.table).distinct(column).where(toColumns(target, where)).whereNotNull(column);
      return rows.map((r) => r[column]);
    }
    if (Object.values(where).some((v) => v === null || v === undefined)) return undefined;
    return (await new Repository(target).findWhere(db, where))[0];
  }

  /**
   * The fields of `row` the caller may not change now (`writableWhen` false: seed 001 §6, the company name of a
   * position whose banks are not the caller's); GET answers them in `_readOnly`, an update that changes one is 403.
   * Internal saves (no caller) change anything.
   */
  async lockedFields(db: Db, row: Row, caller?: Caller): Promise<string[]> {
    const guarded = this.entity.fields.filter((f) => f.writableWhen);
    if (!caller || !guarded.length) return [];
    const context = await this.context(db, row, caller);
    return guarded.filter((f) => f.writableWhen && !logicHolds(f.writableWhen.when, context)).map((f) => f.name);
  }

  /** The one related row `editable.when` reads (the generator allows one when rows are hidden). */
  private editableRelated(): RelatedModel | undefined {
    return this.relatedReadBy(this.entity.editable?.when);
  }

  /** The first related row a condition reads. */
  private relatedReadBy(when: unknown): RelatedModel | undefined {
    if (when === undefined) return undefined;
    const roots = new Set(logicVars(when).map((v) => v.name.split('.')[0]));
    return this.entity.related?.find((r) => roots.has(r.name));
  }

  /**
   * Where a refusal by `when` is reported: the row's field that finds the related row it reads, else the first
   * field of the row it reads (a store's bank, 99999 the push one), else the key.
   */
  private fieldFinding(when: unknown): string {
    const used = this.relatedReadBy(when);
    if (used) return Object.values(used.link)[0];
    const own = when === undefined ? undefined : logicVars(when).map((v) => v.name).find((name) => name.startsWith('row.'));
    return own?.slice('row.'.length) ?? this.entity.key[0];
  }

  private column(field: string): string {
    return named(this.entity.fields, field, `${this.entity.name} fields`).column;
  }
}

/** Whether an input is the value it is held at: numbers by value (12.5 and '12.50' alike), anything else as text. */
function sameInput(given: unknown, held: unknown): boolean {
  const a = textOf(given);
  const b = textOf(held);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(Number(a)) && Number.isFinite(Number(b))) return Number(a) === Number(b);
  return a === b;
}

/** 409 INVALID_TRANSITION, in the transition's own words when the spec gives them (`failure`). */
function invalidTransition(t: TransitionModel): ApiError {
  const error = new ApiError('INVALID_TRANSITION');
  if (t.failure) error.errorMessage = t.failure;
  return error;
}
