/**
 * What a transition's input modal starts from and asks (docs/spec-language.md#transition-checks): the inputs
 * prefilled from the row (a refund's full amount), those locked at that value (a PagoBancomat refund), and the
 * confirmation naming what was typed ("Confermare lo storno di 40,50 euro?"). The conditions are the spec's
 * JSON Logic over `{ row, today, now }`, evaluated as the server evaluates them.
 */
import { evaluate, holds } from '../../../common/rules';
import { textOf } from '../../../common/text';
import { isRecord } from './guards';
import { twoDecimalsFormat } from './numberFormats';
import type { Row, TransitionDef } from './types';

function contextOf(row: Row): Row {
  const now = new Date().toISOString();
  return { row, now, today: now.slice(0, 10) };
}

/** The input as the modal opens: each prefilled value computed on the row (numbers as numbers). */
export function prefilledInput(t: TransitionDef, row: Row | undefined): Row {
  if (!t.prefill || !row) return {};
  const context = contextOf(row);
  return Object.fromEntries(Object.entries(t.prefill).map(([name, logic]) => {
    const value = evaluate(logic, context);
    const numeric = typeof value === 'string' && isNumberInput(t, name) && value.trim() !== '' && Number.isFinite(Number(value));
    return [name, numeric ? Number(value) : value];
  }));
}

/**
 * The first of the transition's checks the typed input fails on this row, as the server would answer it
 * (422 TRANSITION_REFUSED with the message), so the form says it before sending; undefined when all hold.
 */
export function failedCheck(t: TransitionDef, row: Row | undefined, input: Row): { field?: string; message: string } | undefined {
  if (!row) return undefined;
  const context = { ...contextOf(row), input };
  return (t.checks ?? []).find((c) => !holds(c.valid, context));
}

/** The inputs held at their prefill on this row: shown read-only. */
export function lockedInputs(t: TransitionDef, row: Row | undefined): string[] {
  if (!t.lock || !row) return [];
  const context = contextOf(row);
  return Object.entries(t.lock).filter(([, when]) => holds(when, context)).map(([name]) => name);
}

/** Whether the confirmation names what was typed (`{input.<name>}`): it is then asked after the input, not above it. */
export function confirmNamesInput(t: TransitionDef): boolean {
  return /\{input\.\w+\}/.test(t.confirm ?? '');
}

/**
 * The confirmation with each `{input.<name>}` replaced by the typed value and each `{row.<field>}` by the row's
 * (seed 002 §4: "naming the amount in euro and the shop user reference"), numbers in Italian (40,50).
 */
export function filledConfirm(t: TransitionDef, input: Row, row?: Row): string {
  return (t.confirm ?? '')
    .replace(/\{input\.(\w+)\}/g, (_whole, name: string) => {
      const value = input[name];
      return typeof value === 'number' && isNumberInput(t, name) ? twoDecimalsFormat.format(value) : textOf(value ?? '');
    })
    .replace(/\{row\.(\w+)\}/g, (_whole, name: string) => {
      const value = row?.[name];
      // A decimal arrives as a number or as its text ('48.90'): either is shown in Italian.
      const numeric = typeof value === 'number' || (typeof value === 'string' && /^-?\d+\.\d+$/.test(value));
      return numeric ? twoDecimalsFormat.format(Number(value)) : textOf(value ?? '');
    });
}

function isNumberInput(t: TransitionDef, name: string): boolean {
  const properties = t.input?.schema.properties;
  const schema: unknown = isRecord(properties) ? properties[name] : undefined;
  if (!isRecord(schema)) return false;
  // The API takes a body as typed (no coercion): an integer's text must be sent as a number too.
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('number') || types.includes('integer');
}
