/**
 * The values a child's `fixed` writes on every save (docs/spec-language.md#children): a constant, or
 * `{ expr: <JSON Logic> }` computed from the parent row as it will be stored. Seed 000 §6, seed 001 §9: a bank's
 * group is of type B, but the group of bank 99999 is the push aggregate, of type P; the spec says which.
 */
import type { ChildModel } from './model.js';
import { evaluate, type JsonLogic } from './rules.js';

/** A `fixed` value computed from the parent: `{ expr: <JSON Logic> }`. */
export interface FixedExpression { expr: JsonLogic }

export function isFixedExpression(value: unknown): value is FixedExpression {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'expr' in value;
}

/** The child's fixed values for this parent row: constants as written, expressions evaluated on the parent. */
export function fixedValues(child: Pick<ChildModel, 'fixed'>, parent: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(child.fixed).map(([field, value]) => [field, isFixedExpression(value) ? evaluate(value.expr, parent) ?? null : value]));
}
