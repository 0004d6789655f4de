/**
 * A JSON Logic condition over one related row, as SQL the database evaluates on that row's table
 * (`editable.when` with `hide`: the read-only rows a list leaves out). Deciding it in JavaScript meant reading
 * every row of the related table on every list call, ten thousand banks for a warehouse list (issue 19).
 *
 * The result never yields NULL: every comparison with a column is NULL-safe, so NOT and OR behave as JSON
 * Logic does on a missing value (null is falsy and equals nothing but null). The operators are those of
 * common/lifecycle.ts DATABASE_CONDITION_OPERATORS, which the generator enforces at the condition's line.
 */
import type { Knex } from 'knex';
import type { FieldType } from '../../common/model.js';
import { evaluate, type JsonLogic } from '../../common/rules.js';
import { bindValue } from '../db/bind-value.js';

export interface LogicSql { sql: string; bindings: Knex.RawBinding[] }

type Column = { column: string; type: FieldType };

/** What a `{var}` stands for: a column of the related row, or a value known before the statement (the caller, today). */
export type Operand = Column | { value: unknown };

type Node = Operand | LogicSql;

const isSql = (n: Node): n is LogicSql => 'sql' in n;
const always = (holds: boolean): LogicSql => ({ sql: holds ? '1 = 1' : '1 = 0', bindings: [] });

/** JSON Logic truthiness of a column: null, false, 0 and '' are false (a column holds no array). */
function truthyColumn(column: string, type: FieldType): LogicSql {
  if (type === 'boolean') return { sql: '(?? IS NOT NULL AND ?? = ?)', bindings: [column, column, bindValue(true)] };
  if (type === 'integer' || type === 'decimal') return { sql: '(?? IS NOT NULL AND ?? <> 0)', bindings: [column, column] };
  return { sql: "(?? IS NOT NULL AND ?? <> '')", bindings: [column, column] };
}

function truthy(node: Node): LogicSql {
  if (isSql(node)) return node;
  if ('column' in node) return truthyColumn(node.column, node.type);
  return always(Boolean(evaluate({ '!!': [node.value] }, {})));
}

function not(p: LogicSql): LogicSql {
  return { sql: `NOT (${p.sql})`, bindings: p.bindings };
}

function join(parts: LogicSql[], op: 'AND' | 'OR'): LogicSql {
  return { sql: `(${parts.map((p) => p.sql).join(` ${op} `)})`, bindings: parts.flatMap((p) => p.bindings) };
}

/** `column == value`, null-safe: a missing value equals only null. */
function columnEquals(col: Column, value: unknown): LogicSql {
  if (value === null || value === undefined) return { sql: '?? IS NULL', bindings: [col.column] };
  return { sql: '(?? IS NOT NULL AND ?? = ?)', bindings: [col.column, col.column, bindValue(value)] };
}

/** `a == b` where at least one side is a column; null-safe both ways. */
function equals(a: Node, b: Node): LogicSql {
  if (isSql(a) || isSql(b)) throw new Error('A comparison compares a field with a value, not conditions');
  if ('column' in a) {
    if ('value' in b) return columnEquals(a, b.value);
    return { sql: '((?? IS NULL AND ?? IS NULL) OR (?? IS NOT NULL AND ?? IS NOT NULL AND ?? = ??))', bindings: [a.column, b.column, a.column, b.column, a.column, b.column] };
  }
  if ('column' in b) return columnEquals(b, a.value);
  return always(Boolean(evaluate({ '==': [a.value, b.value] }, {})));
}

function argsOf(args: unknown): unknown[] {
  return Array.isArray(args) ? args : [args];
}

/** `logic` as a predicate on the related row's table; `operand` resolves each `{var}`. */
export function logicToSql(logic: JsonLogic, operand: (name: string) => Operand): LogicSql {
  return truthy(compile(logic, operand));
}

function compile(logic: unknown, operand: (name: string) => Operand): Node {
  if (logic === null || typeof logic !== 'object') return { value: logic };
  if (Array.isArray(logic)) throw new Error('A condition cannot be a list');
  const entries: [string, unknown][] = Object.entries(logic);
  if (entries.length !== 1) throw new Error('A condition has one operator');
  const [op, raw] = entries[0];
  const args = argsOf(raw);
  const sub = (i: number) => compile(args[i], operand);
  switch (op) {
    case 'var': {
      const name: unknown = args[0];
      if (typeof name !== 'string') throw new Error('A variable is named by a text');
      return operand(name);
    }
    case '!!': return truthy(sub(0));
    case '!': return not(truthy(sub(0)));
    case 'and': return join(args.map((_, i) => truthy(sub(i))), 'AND');
    case 'or': return join(args.map((_, i) => truthy(sub(i))), 'OR');
    case '==': case '===': return equals(sub(0), sub(1));
    case '!=': case '!==': return not(equals(sub(0), sub(1)));
    case 'in': {
      const needle = sub(0);
      const list: unknown = args[1];
      if (!Array.isArray(list)) throw new Error("'in' looks a field up in a list of values");
      return join(list.length ? list.map((v) => equals(needle, { value: v })) : [always(false)], 'OR');
    }
    default: throw new Error(`Operator '${op}' cannot be evaluated by the database`);
  }
}
