/**
 * What the conditions of a row's lifecycle (`editable.when`, transition guards, effect values: see
 * docs/spec-language.md#state-machines) may read. The generator checks every `{var: ...}` against these
 * names at file:line:col, the server builds exactly this context (server/crud/lifecycle.ts).
 */
import type { JsonLogic } from './rules.js';

/**
 * Facts about the caller a condition may read as `caller.<fact>` (server/domain/auth/caller.ts): the
 * caller's group is how "a user of the group that owns the stock" is said (seed 000 §4).
 */
export const CALLER_FACTS = ['username', 'group', 'groupType', 'parentGroup', 'cab', 'banks', 'authorities', 'isAssistenza', 'isMerchant'] as const;

/** Names every context has besides the related rows: the row itself, the caller, the time of the call. */
export const CONTEXT_ROOTS = ['row', 'caller', 'now', 'today'] as const;

/** A `{var: ...}` of a JSON Logic expression: the dotted name and where it sits inside the expression. */
export interface LogicVar { name: string; path: (string | number)[] }

/** Every variable an expression reads, with its path inside the expression (for file:line:col). */
export function logicVars(logic: JsonLogic, path: (string | number)[] = []): LogicVar[] {
  if (Array.isArray(logic)) return logic.flatMap((item, i) => logicVars(item, [...path, i]));
  if (!logic || typeof logic !== 'object') return [];
  const out: LogicVar[] = [];
  const entries: [string, unknown][] = Object.entries(logic);
  for (const [op, args] of entries) {
    if (op === 'var') {
      const name: unknown = Array.isArray(args) ? args[0] : args;
      if (typeof name === 'string' && name !== '') out.push({ name, path: [...path, op, ...(Array.isArray(args) ? [0] : [])] });
      // A default value (`{var: [name, default]}`) may itself be an expression.
      if (Array.isArray(args)) args.slice(1).forEach((d, i) => out.push(...logicVars(d, [...path, op, i + 1])));
    } else {
      out.push(...logicVars(args, [...path, op]));
    }
  }
  return out;
}

/**
 * The operators of a condition the database evaluates rather than the server (`editable.when` with `hide`, decided
 * on the related table: server/crud/logic-sql.ts). `in` looks a value up in a written list.
 */
export const DATABASE_CONDITION_OPERATORS: readonly string[] = ['var', '!!', '!', 'and', 'or', '==', '===', '!=', '!==', 'in'];

/** Every operator an expression uses, with its path inside the expression (for file:line:col). */
export function logicOperators(logic: JsonLogic, path: (string | number)[] = []): { op: string; args: unknown; path: (string | number)[] }[] {
  if (Array.isArray(logic)) return logic.flatMap((item, i) => logicOperators(item, [...path, i]));
  if (!logic || typeof logic !== 'object') return [];
  const entries: [string, unknown][] = Object.entries(logic);
  return entries.flatMap(([op, args]) => [{ op, args, path: [...path, op] }, ...(op === 'var' ? [] : logicOperators(args, [...path, op]))]);
}
