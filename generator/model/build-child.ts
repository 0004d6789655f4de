/**
 * One entry of an entity's `children` (docs/spec-language.md#children) as the model holds it, with the
 * mistakes a child can make on its own: how the form shows it (`widget`, `itemLabel`) and how many items a
 * list may hold (`minItems`, `maxItems` and their messages) only make sense for a `many` child, and in order.
 * Checks that need the child entity (its fields, a transfer list's reference) are in check-cross-references.ts.
 */
import type { ChildModel } from '../../common/model.js';
import type { Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';
import type { RawEntity } from './spec-types.js';

type RawChild = NonNullable<RawEntity['children']>[string];

export function buildChild(name: string, c: RawChild, source: SourceFile, defaults: Record<string, string>, diagnostics: Diagnostic[]): ChildModel {
  const report = (key: string, message: string) => diagnostics.push({ ...source.positionOf(['children', name, key]), message });
  const many = c.kind === 'many';
  if (c.widget === 'tabs' && !many) report('widget', `Child '${name}' shows as tabs: it must be kind many (a kind one child is the parent's own fields).`);
  if (c.itemLabel !== undefined && c.widget !== 'tabs') report('itemLabel', `itemLabel of '${name}' titles the tabs of a child shown as tabs: add 'widget: tabs' or drop it.`);
  if (c.itemLabel !== undefined && !c.itemLabel.includes('{n}')) report('itemLabel', `itemLabel of '${name}' must contain {n}, the item's number, so the tabs tell apart (e.g. 'Titolare {n}').`);
  for (const bound of ['minItems', 'maxItems'] as const) {
    if (c[bound] !== undefined && !many) report(bound, `${bound} of '${name}' counts the items of a list: it must be kind many.`);
  }
  if (c.minItems !== undefined && c.maxItems !== undefined && c.minItems > c.maxItems) {
    report('maxItems', `maxItems of '${name}' (${c.maxItems}) is below its minItems (${c.minItems}): no list could be saved.`);
  }
  for (const bound of ['minItems', 'maxItems'] as const) {
    if (c.messages?.[bound] !== undefined && c[bound] === undefined) {
      diagnostics.push({ ...source.positionOf(['children', name, 'messages', bound]), message: `messages.${bound} of '${name}' has no ${bound} to refuse by: declare ${bound} or drop the message.` });
    }
  }
  if (c.dropEmpty && !many) report('dropEmpty', `dropEmpty of '${name}' drops empty items of a list: it must be kind many.`);
  if (c.choices && !many) report('choices', `Choices of '${name}' pick items of a list: it must be kind many.`);
  for (const value of Object.keys(c.choices?.functions ?? {})) {
    if (!(value in (c.choices?.values ?? {}))) diagnostics.push({ ...source.positionOf(['children', name, 'choices', 'functions', value]), message: `'${value}' is not among the values of '${name}' choices: only an offered value can be tied to a function.` });
  }
  if ((c.widget === 'checkboxes') !== (c.choices !== undefined)) report('widget', `Child '${name}': widget checkboxes shows the values of 'choices', and choices need widget checkboxes. Declare both or neither.`);
  const messages = Object.fromEntries((['minItems', 'maxItems'] as const).flatMap((bound) => {
    const limit = c[bound];
    if (limit === undefined) return [];
    const text = c.messages?.[bound] ?? defaults[bound].replace('{limit}', String(limit));
    return [[bound, text]];
  }));
  return {
    name, entity: c.entity, kind: c.kind, label: c.label ?? name, link: c.link, fixed: c.fixed ?? {}, required: c.required ?? false,
    ...(c.widget ? { widget: c.widget } : {}),
    ...(c.itemLabel !== undefined ? { itemLabel: c.itemLabel } : {}),
    ...(c.dropEmpty ? { dropEmpty: c.dropEmpty } : {}),
    ...(c.minItems !== undefined ? { minItems: c.minItems } : {}),
    ...(c.maxItems !== undefined ? { maxItems: c.maxItems } : {}),
    ...(Object.keys(messages).length ? { messages } : {}),
    ...(c.choices ? {
      choices: {
        field: c.choices.field,
        values: Object.entries(c.choices.values).map(([value, label]) => ({ value, label })),
        labels: c.choices.labels ?? {},
        onCreate: c.choices.onCreate ?? [],
        message: c.choices.message,
        ...(c.choices.functions ? { functions: c.choices.functions } : {}),
      },
    } : {}),
  };
}
