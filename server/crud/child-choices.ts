/**
 * Child lists chosen among listed values (docs/spec-language.md#child-choices): a user's roles offered as
 * checkboxes. A caller sends only values of the list; a value it may not choose is refused unless the stored
 * list already holds it (forms post whole rows); stored items outside the list are kept, never removed by
 * the caller; a new parent gets the `onCreate` items, written by the platform like a child's `fixed` fields.
 */
import type { ChildChoicesModel, ChildModel } from '../../common/model.js';
import { holdsFunction, type Caller } from '../domain/auth/caller.js';
import { textOf } from '../../common/text.js';
import { ApiError, type ErrorDetail } from '../http/api-error.js';
import type { Row } from './row-mapping.js';

/**
 * The values `caller` may choose: a value tied to a function (spec `choices.functions`) only for a holder of some
 * grant of it (a merchant whose merchant has the function switched off holds none). Without a caller (demo data) all.
 */
function offeredTo(choices: ChildChoicesModel, caller: Caller | undefined): Set<string> {
  const tied = choices.functions ?? {};
  return new Set(choices.values.map((v) => v.value).filter((v) => !caller || !tied[v] || holdsFunction(caller, tied[v])));
}

/** 400 with the choice's message on each sent item whose value is neither offered (to the caller) nor already stored. */
export function refuseUnchosen(child: ChildModel, items: readonly Row[], stored: readonly Row[], pathOf: (i: number) => string, caller?: Caller): void {
  const choices = child.choices;
  if (!choices) return;
  const offered = offeredTo(choices, caller);
  const held = new Set(stored.map((r) => textOf(r[choices.field])));
  const details: ErrorDetail[] = items.flatMap((item, i) => {
    const value = textOf(item[choices.field]);
    return offered.has(value) || held.has(value) ? [] : [{ field: `${pathOf(i)}${choices.field}`, message: `${choices.message}: ${value}` }];
  });
  if (details.length) throw new ApiError('VALIDATION_ERROR', details);
}

/** The list to store: the sent items, the stored ones outside the offered values, and on a create the onCreate ones. */
export function withKeptChoices(child: ChildModel, items: readonly Row[], stored: readonly Row[], created: boolean, caller?: Caller): Row[] {
  const choices = child.choices;
  if (!choices) return [...items];
  const offered = offeredTo(choices, caller);
  const out = [...items];
  const present = () => new Set(out.map((r) => textOf(r[choices.field])));
  for (const row of stored) if (!offered.has(textOf(row[choices.field])) && !present().has(textOf(row[choices.field]))) out.push({ [choices.field]: row[choices.field] });
  if (created) for (const value of choices.onCreate) if (!present().has(value)) out.push({ [choices.field]: value });
  return out;
}
