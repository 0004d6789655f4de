/**
 * rjsf field for a `many` child declared `widget: transferList` (generated uiSchema `ui:field`): two lists,
 * the chosen rows and the others of the referenced entity the caller may see (GET <path>?format=compact,
 * already limited to the caller's banks by the server), with buttons to move the checked ones across.
 * When the chosen set differs from the row as loaded or saved, a "modificata" badge shows (seed 000 §4).
 */
import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Checkbox, Flex, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useEntityMeta } from '../../core/hooks/useManifest';
import { addChosen, availableOptions, chosenKeys, isModified, removeChosen, rowsFor, type TransferOption } from '../../core/transferList';
import { isRecord } from '../../core/guards';
import type { Row } from '../../core/types';
import type { ShellFormContext } from './formContext';
import { textOf } from '../../../../common/text';

interface Options { childField: string; entity: string; valueField: string; labelField: string; chosenTitle: string; availableTitle: string }

/** The options the generator writes in the child's `ui:options` (generator/emitters/forms.ts); a missing one reads as ''. */
function optionsOf(uiOptions: unknown): Options {
  const text = (name: string) => {
    const value = isRecord(uiOptions) ? uiOptions[name] : undefined;
    return typeof value === 'string' ? value : '';
  };
  return {
    childField: text('childField'), entity: text('entity'), valueField: text('valueField'), labelField: text('labelField'),
    chosenTitle: text('chosenTitle'), availableTitle: text('availableTitle'),
  };
}

/** The child rows as rjsf holds them (form data, the baseline row's child list). */
function rowsOf(value: unknown): Row[] | undefined {
  return Array.isArray(value) && value.every(isRecord) ? value : undefined;
}

function useOptions(entityName: string, valueField: string, labelField: string): TransferOption[] {
  const provider = useDataProvider();
  const entity = useEntityMeta(entityName);
  const [options, setOptions] = useState<TransferOption[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    provider.list(entity, { page: 0, size: entity.maxPageSize, format: 'compact', sort: [{ field: valueField, direction: 'asc' }] }, controller.signal)
      .then((page) => setOptions(page.results.map((r) => ({ value: textOf(r[valueField]), label: `${textOf(r[valueField])} - ${textOf(r[labelField] ?? '')}` }))))
      .catch(() => { /* aborted or refused: the lists stay as they are, the chosen rows still show by code */ });
    return () => controller.abort();
  }, [provider, entity, valueField, labelField]);
  return options;
}

function CheckList({ title, options, checked, onToggle, testId }: {
  title: string; options: TransferOption[]; checked: Set<string>; onToggle: (value: string) => void; testId: string;
}) {
  return (
    <Paper withBorder p="sm" style={{ flex: 1 }} data-testid={testId}>
      {/* h3 under the form's h2 titles (FormTitles.tsx): an h6 there skipped three levels (axe heading-order). */}
      <Title order={3} size="h6" mb="xs">{title} ({options.length})</Title>
      <ScrollArea h={220}>
        {/* Boxes of 24 px, the least target WCAG 2.2 2.5.8 allows (Mantine's default is 20 px). */}
        <Stack gap="xs">
          {options.map((o) => <Checkbox key={o.value} size="md" label={o.label} checked={checked.has(o.value)} onChange={() => onToggle(o.value)} />)}
          {options.length === 0 && <Text size="sm" c="dimmed">Nessun elemento</Text>}
        </Stack>
      </ScrollArea>
    </Paper>
  );
}

export function TransferListField(props: FieldProps<Row[], RJSFSchema, ShellFormContext>) {
  const options = optionsOf(props.uiSchema?.['ui:options']);
  const all = useOptions(options.entity, options.valueField, options.labelField);
  const chosen = chosenKeys(rowsOf(props.formData), options.childField);
  const baseline = chosenKeys(rowsOf(props.registry.formContext.baseline?.[props.name]), options.childField);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const labelOf = useMemo(() => new Map(all.map((o) => [o.value, o.label])), [all]);
  const chosenOptions = chosen.map((value) => ({ value, label: labelOf.get(value) ?? value }));
  const available = availableOptions(all, chosen);
  const disabled = Boolean(props.readonly || props.disabled);

  const toggle = (value: string) => setChecked((prev) => {
    const next = new Set(prev);
    if (next.has(value)) next.delete(value); else next.add(value);
    return next;
  });
  const commit = (keys: string[]) => {
    setChecked(new Set());
    props.onChange(rowsFor(keys, options.childField), props.fieldPathId.path);
  };
  const toAdd = available.filter((o) => checked.has(o.value)).map((o) => o.value);
  const toRemove = chosen.filter((k) => checked.has(k));

  return (
    <Stack gap="xs" mt="md">
      <Group gap="xs">
        <Text fw={500}>{props.schema.title ?? options.chosenTitle}</Text>
        {/* Black on dark orange: the default white on orange is below WCAG AA contrast (axe color-contrast, 4.5:1). */}
        {isModified(baseline, chosen) && <Badge color="orange.9" c="black" data-testid="transfer-modified">modificata</Badge>}
      </Group>
      {/* Side by side from the tablet up; on a phone the two lists and their buttons stack. */}
      <Flex align="stretch" gap="md" direction={{ base: 'column', sm: 'row' }}>
        <CheckList title={options.chosenTitle} options={chosenOptions} checked={checked} onToggle={toggle} testId="transfer-chosen" />
        <Stack justify="center" gap="xs">
          <Button variant="light" disabled={disabled || toAdd.length === 0} onClick={() => commit(addChosen(chosen, toAdd))}>&larr; Associa</Button>
          <Button variant="light" disabled={disabled || toRemove.length === 0} onClick={() => commit(removeChosen(chosen, toRemove))}>Rimuovi &rarr;</Button>
        </Stack>
        <CheckList title={options.availableTitle} options={available} checked={checked} onToggle={toggle} testId="transfer-available" />
      </Flex>
    </Stack>
  );
}
