/**
 * Conditional fields (docs/spec-language.md#conditional-fields): `requiredWhen`, `readOnlyWhen` and
 * `hiddenWhen` are JSON Logic over the row as it will be stored, evaluated alike by the form (what it shows)
 * and by the API (what it accepts); `clearWhen` is compiled into a field rule (common/rules.ts) by the
 * generator, so both sides clear the value the same way.
 */
import type { FieldModel } from './model.js';
import { holds, type JsonLogic } from './rules.js';
import { textOf } from './text.js';

export interface FieldConditions { requiredWhen?: JsonLogic; readOnlyWhen?: JsonLogic; hiddenWhen?: JsonLogic }
export interface FieldState { required: boolean; readOnly: boolean; hidden: boolean }
export interface ConditionProblem { field: string; message: string }

type ConditionalField = Pick<FieldModel, 'name' | 'when' | 'messages'>;

/** How each conditional field stands for `row`: required, read-only, hidden. */
export function fieldState(conditions: FieldConditions, row: Record<string, unknown>): FieldState {
  const test = (logic: JsonLogic) => logic !== undefined && holds(logic, row);
  return { required: test(conditions.requiredWhen), readOnly: test(conditions.readOnlyWhen), hidden: test(conditions.hiddenWhen) };
}

/**
 * What the API refuses in a save: a hidden or read-only field given a new value that would be stored (a rule
 * that overrides the value, such as a clear, wins without a refusal), and a required one left empty unless
 * hidden. `row`: as it will be stored; `sent`: the body; `stored`: the row before (undefined: a create,
 * compared with the field's default).
 */
export function conditionProblems(fields: readonly ConditionalField[], row: Record<string, unknown>, sent: Record<string, unknown>, stored: Record<string, unknown> | undefined, defaults: Record<string, unknown> = {}): ConditionProblem[] {
  const problems: ConditionProblem[] = [];
  for (const field of fields) {
    if (!field.when) continue;
    const state = fieldState(field.when, row);
    const before = stored ? stored[field.name] : defaults[field.name];
    const changedBySender = field.name in sent && !same(sent[field.name], before) && same(row[field.name], sent[field.name]);
    if ((state.hidden || state.readOnly) && changedBySender) {
      problems.push({ field: field.name, message: state.hidden ? field.messages.hiddenWhen : field.messages.readOnlyWhen });
    } else if (state.required && !state.hidden && isEmpty(row[field.name])) {
      problems.push({ field: field.name, message: field.messages.required });
    }
  }
  return problems;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Values as stored: missing and null alike; numbers and their text alike (PostgreSQL decimals are text). */
function same(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  return a !== null && b !== null && a !== undefined && b !== undefined && textOf(a) === textOf(b);
}
