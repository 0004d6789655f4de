/**
 * Field rules, evaluated identically by the API before a save and by the form on every change
 * (seed 000 §4: turning off direct billing clears the forced flag and the switch date).
 *
 * A rule is `{ when, set }` where both `when` and every value of `set` are JSON Logic expressions,
 * compiled by the generator from the spec's shorthand. Rules run in order and the pass repeats until
 * nothing changes, so a rule may trigger another (flgFatDir off -> flgFatDirForce off -> date cleared).
 */
import jsonLogic from 'json-logic-js';
import { folded } from './text.js';

export type JsonLogic = unknown;

export interface FieldRule {
  when: JsonLogic;
  set: Record<string, JsonLogic>;
}

/** More passes than this means two rules keep undoing each other: a spec mistake, not a user's. */
const MAX_PASSES = 10;

/**
 * `{ matches: [value, pattern] }`: whether a text matches a regular expression of the spec (seed 001 §5 infers
 * the subject type from a tax code being "all digits", which plain JSON Logic cannot ask). Not text: false.
 * Registered here, the one module both the API and the form evaluate JSON Logic through.
 */
jsonLogic.add_operation('matches', (value: unknown, pattern: unknown) => typeof value === 'string' && typeof pattern === 'string' && new RegExp(pattern).test(value));

/**
 * `{ containsAny: [text, words] }`: whether a text contains one of the words, a list or a comma-separated text,
 * case and accents aside (seed 001 §5: a store's sign must hold a keyword of its merchant category, which lives
 * in the category's row as one text). No text or no word: false.
 */
jsonLogic.add_operation('containsAny', (value: unknown, words: unknown) => {
  if (typeof value !== 'string') return false;
  const list = Array.isArray(words) ? words : typeof words === 'string' ? words.split(',') : [];
  const text = folded(value);
  return list.some((word) => typeof word === 'string' && folded(word) !== '' && text.includes(folded(word)));
});

/**
 * `{ daysBetween: [from, to] }`: whole calendar days from one ISO date (or date-time: its date) to another,
 * negative when `to` is earlier (seed 002 §5: a card refund is refused more than 7 days after the payment,
 * `{ '>': [{ daysBetween: [{ var: row.dataOperazione }, { var: today }] }, 7] }`). A missing or invalid date: null.
 */
jsonLogic.add_operation('daysBetween', (from: unknown, to: unknown) => {
  const text = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  const day = (v: unknown) => { const t = text(v); return typeof t === 'string' && /^\d{4}-\d{2}-\d{2}/.test(t) ? Date.parse(`${t.slice(0, 10)}T00:00:00Z`) : Number.NaN; };
  const days = (day(to) - day(from)) / 86_400_000;
  return Number.isFinite(days) ? days : null;
});

export function applyRules(rules: readonly FieldRule[], data: Record<string, unknown>): Record<string, unknown> {
  let current: Record<string, unknown> = { ...data };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let changed = false;
    for (const rule of rules) {
      if (!holds(rule.when, current)) continue;
      for (const [field, expr] of Object.entries(rule.set)) {
        const value = evaluate(expr, current) ?? null;
        if (!sameValue(current[field], value)) {
          current = { ...current, [field]: value };
          changed = true;
        }
      }
    }
    if (!changed) return current;
  }
  throw new Error(`Field rules do not settle after ${MAX_PASSES} passes: two rules undo each other`);
}

/** The value of a JSON Logic expression over `data`. */
export function evaluate(logic: JsonLogic, data: unknown): unknown {
  // json-logic-js answers a literal with itself; its type refuses only undefined, so that case is ours.
  return logic === undefined ? undefined : jsonLogic.apply(logic, data);
}

/** Whether a JSON Logic condition holds over `data`, with JSON Logic's own truthiness. */
export function holds(logic: JsonLogic, data: unknown): boolean {
  return jsonLogic.truthy(evaluate(logic, data));
}

function sameValue(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}
