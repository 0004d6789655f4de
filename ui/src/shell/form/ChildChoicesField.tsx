/**
 * rjsf field for a `many` child declared `widget: checkboxes` (generated uiSchema `ui:field: childChoices`):
 * one checkbox per value of the spec's `choices`, checked when the list holds an item with it; values the
 * caller may not choose that the row holds show checked and locked (ui/src/core/childChoices.ts); so does a value
 * tied to a function the user holds no grant of (spec choices.functions).
 */
import { Checkbox, Stack, Text } from '@mantine/core';
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { heldValues, lockedOptions, toggleChoice, type ChoiceOption } from '../../core/childChoices';
import { isRecord } from '../../core/guards';
import type { Row } from '../../core/types';
import { useSession } from '../../core/session';
import type { ShellFormContext } from './formContext';

interface Options { childField: string; values: ChoiceOption[]; labels: Record<string, string>; functions: Record<string, string> }

/** The options the generator writes in the child's `ui:options` (generator/emitters/forms.ts). */
function optionsOf(uiOptions: unknown): Options {
  const record = isRecord(uiOptions) ? uiOptions : {};
  const values = Array.isArray(record.values) ? record.values.filter(isRecord).map((v) => ({ value: String(v.value), label: String(v.label) })) : [];
  const labels = isRecord(record.labels) ? Object.fromEntries(Object.entries(record.labels).map(([k, v]) => [k, String(v)])) : {};
  const functions = isRecord(record.functions) ? Object.fromEntries(Object.entries(record.functions).map(([k, v]) => [k, String(v)])) : {};
  return { childField: typeof record.childField === 'string' ? record.childField : '', values, labels, functions };
}

function rowsOf(value: unknown): Row[] | undefined {
  return Array.isArray(value) && value.every(isRecord) ? value : undefined;
}

export function ChildChoicesField(props: FieldProps<Row[], RJSFSchema, ShellFormContext>) {
  const { childField, values: all, labels, functions } = optionsOf(props.uiSchema?.['ui:options']);
  const { grants } = useSession();
  // A value tied to a function (spec choices.functions) is offered only to a holder of some grant of it; the server
  // refuses it from anyone else, and a stored one shows locked, as any value the user may not choose.
  const values = all.filter((o) => !functions[o.value] || grants.has(functions[o.value]) || grants.has('*'));
  const rows = rowsOf(props.formData);
  const held = new Set(heldValues(rows, childField));
  const locked = lockedOptions([...held], values, { ...Object.fromEntries(all.map((o) => [o.value, o.label])), ...labels });
  const disabled = Boolean(props.readonly || props.disabled);
  return (
    <Stack gap="xs" mt="md" role="group" aria-labelledby={`${props.fieldPathId.$id}-title`}>
      <Text fw={500} id={`${props.fieldPathId.$id}-title`}>{props.schema.title ?? props.name}</Text>
      {/* Boxes of 24 px, the least target WCAG 2.2 2.5.8 allows. */}
      {locked.map((o) => <Checkbox key={o.value} size="md" label={o.label} checked disabled readOnly />)}
      {values.map((o) => (
        <Checkbox
          key={o.value} size="md" label={o.label} checked={held.has(o.value)} disabled={disabled}
          onChange={() => props.onChange(toggleChoice(rows, childField, o.value), props.fieldPathId.path)}
        />
      ))}
    </Stack>
  );
}
