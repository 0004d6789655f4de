/**
 * Turns the spec's rule shorthand into JSON Logic, the one rule language server and form both run
 * (common/rules.ts). `when: {a: false, b: null}` means a is false AND b is missing or empty;
 * `set: {x: {expr: ...}}` computes x from the row, any other value is a literal.
 */
import type { FieldRule } from '../../common/rules.js';

export function compileRule(rule: { when?: Record<string, unknown>; whenLogic?: unknown; set: Record<string, unknown> }): FieldRule {
  const conditions: unknown[] = Object.entries(rule.when ?? {}).map(([field, value]) =>
    value === null
      ? { in: [{ var: field }, [null, '']] }
      : { '===': [{ var: field }, value] },
  );
  if (rule.whenLogic !== undefined) conditions.push(rule.whenLogic);
  const when = conditions.length === 0 ? true : conditions.length === 1 ? conditions[0] : { and: conditions };
  const set: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(rule.set)) set[field] = literalOrExpression(value);
  return { when, set };
}

function literalOrExpression(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'expr' in value) return value.expr;
  return value; // scalars and null only: build-entity rejects object literals, which JSON Logic would run

}
