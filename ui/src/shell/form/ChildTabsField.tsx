/**
 * rjsf field for a `many` child declared `widget: tabs` (generated uiSchema `ui:field: childTabs`): one tab per
 * item titled by the spec's itemLabel ("Titolare 1", "Titolare 2"...), each with the child's fields rendered by
 * rjsf itself (same widgets, messages and rules as anywhere in the form), "Aggiungi" after the tabs and
 * "Rimuovi" in each, which asks first, naming the item; their accessible names name the item too ("Aggiungi
 * Titolare 3", "Rimuovi Titolare 2"), so a screen reader, or a form with two such lists, tells them apart. Adding stops at maxItems, removing at minItems; a tab
 * holding errors shows how many. Mantine's tabs move with the arrow keys, Home and End (WAI-ARIA tabs).
 */
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Fieldset, Group, Stack, Tabs, Text } from '@mantine/core';
import { toFieldPathId, type ErrorSchema, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { canAdd, canRemove, childTabsOptions, errorCount, itemBounds, removeAt, tabAfterRemoval, tabTitle } from '../../core/childTabs';
import { isRecord, recordAt } from '../../core/guards';
import type { Row } from '../../core/types';
import { useModals } from '../modals/modalsContext';
import type { ShellFormContext } from './formContext';

/** The items as rjsf holds them: a list of rows (anything else reads as none). */
function rowsOf(value: unknown): Row[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** What rjsf holds under one item: an error schema (its `__errors` a list of texts), or nothing. */
function itemErrors(errorSchema: unknown, index: number): ErrorSchema<unknown> | undefined {
  const value = recordAt(errorSchema, String(index));
  return isErrorSchema(value) ? value : undefined;
}

function isErrorSchema(value: unknown): value is ErrorSchema<unknown> {
  if (!isRecord(value)) return false;
  const errors = value.__errors;
  return errors === undefined || (Array.isArray(errors) && errors.every((e) => typeof e === 'string'));
}

// Typed over `unknown`, as rjsf's own ArrayField is over `any`: the list's items are rendered by rjsf's
// SchemaField, whose registry is the form's, so an item and the list share one type parameter.
export function ChildTabsField(props: FieldProps<unknown, RJSFSchema, ShellFormContext>) {
  const { schema, uiSchema, registry, fieldPathId, errorSchema, onChange, onBlur, onFocus, name } = props;
  const { SchemaField } = registry.fields;
  const modals = useModals();
  const { itemLabel } = childTabsOptions(uiSchema?.['ui:options']);
  const items = rowsOf(props.formData);
  const bounds = itemBounds(schema);
  const itemSchema: RJSFSchema = isRecord(schema.items) ? schema.items : {};
  // The tab names the item: no title of its own (the list's label again, or its index) above its fields.
  const itemUi = { ...recordAt(uiSchema, 'items'), 'ui:label': false };
  const editable = !props.readonly && !props.disabled;
  const [active, setActive] = useState('0');
  const shown = Number(active) < items.length ? active : String(Math.max(0, items.length - 1));
  const listErrors = errorSchema?.__errors ?? [];
  // After adding or removing, the keyboard lands on the tab now shown (the removed tab's button is gone):
  // Mantine names a tab `<Tabs id>-tab-<value>`.
  const tabsId = `${fieldPathId.$id}-schede`;
  const focusNext = useRef<string | undefined>(undefined);
  useEffect(() => {
    const value = focusNext.current;
    if (value === undefined) return;
    focusNext.current = undefined;
    document.getElementById(`${tabsId}-tab-${value}`)?.focus();
  });

  const add = () => {
    const item = registry.schemaUtils.getDefaultFormState(itemSchema, undefined);
    onChange([...items, isRecord(item) ? item : {}], fieldPathId.path);
    setActive(String(items.length));
    focusNext.current = String(items.length);
  };
  const remove = async (index: number) => {
    const title = tabTitle(itemLabel, index);
    if (!(await modals.yesNo({ title: 'Conferma rimozione', message: `Rimuovere ${title}? I suoi dati saranno eliminati al salvataggio.` }))) return;
    onChange(removeAt(items, index), fieldPathId.path);
    setActive(String(tabAfterRemoval(index, items.length)));
    focusNext.current = String(tabAfterRemoval(index, items.length));
  };

  return (
    <Fieldset legend={schema.title ?? name} mt="md" style={{ gridColumn: '1 / -1' }} data-field={name}>
      <Stack gap="xs">
        {listErrors.map((message) => <Text key={message} size="sm" c="red.8" role="alert">{message}</Text>)}
        {items.length === 0 ? <Text size="sm" c="gray.7">Nessun elemento</Text> : (
          <Tabs id={tabsId} value={shown} onChange={(value) => { if (value !== null) setActive(value); }} keepMounted>
            <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
              {items.map((_, i) => {
                const errors = errorCount(itemErrors(errorSchema, i));
                return (
                  <Tabs.Tab key={i} value={String(i)} style={{ whiteSpace: 'nowrap' }} rightSection={errors > 0 ? <Badge size="xs" color="red" circle aria-label={`${errors} errori`}>{errors}</Badge> : undefined}>
                    {tabTitle(itemLabel, i)}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            {items.map((item, i) => (
              <Tabs.Panel key={i} value={String(i)} pt="sm">
                <Stack gap="sm">
                  <SchemaField
                    name={String(i)} schema={itemSchema} uiSchema={itemUi} formData={item} errorSchema={itemErrors(errorSchema, i)}
                    fieldPathId={toFieldPathId(i, registry.globalFormOptions, fieldPathId)} required={false}
                    onChange={onChange} onBlur={onBlur} onFocus={onFocus} registry={registry}
                    disabled={props.disabled} readonly={props.readonly} hideError={props.hideError}
                  />
                  {editable && (
                    <Group>
                      <Button color="red" variant="light" aria-label={`Rimuovi ${tabTitle(itemLabel, i)}`} disabled={!canRemove(items.length, bounds)} onClick={() => void remove(i)}>Rimuovi</Button>
                    </Group>
                  )}
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
        {editable && (
          <Group>
            <Button variant="light" aria-label={`Aggiungi ${tabTitle(itemLabel, items.length)}`} disabled={!canAdd(items.length, bounds)} onClick={add}>Aggiungi</Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
