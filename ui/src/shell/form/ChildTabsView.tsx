/**
 * The read-only record view (RecordView.tsx) of a `many` child declared `widget: tabs`: the same tabs as the
 * form ("Titolare 1", "Titolare 2"...), each with its item's labels and values as the record shows a row's.
 */
import { SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { childTabsOptions, tabTitle } from '../../core/childTabs';
import { isRecord, recordAt } from '../../core/guards';
import { recordField, shownField } from '../../core/recordValues';

/** One label and its value: a <dl> of its own, so the grid's cells (and Mantine's responsive <style>) sit outside any definition list (axe definition-list). */
const PAIR_STYLE = { margin: 0 };

interface Props { name: string; property: Record<string, unknown>; uiField: unknown; rows: unknown }

export function ChildTabsView({ name, property, uiField, rows }: Props) {
  const { itemLabel } = childTabsOptions(recordAt(uiField, 'ui:options'));
  const properties = recordAt(recordAt(property, 'items'), 'properties') ?? {};
  const itemUi = recordAt(uiField, 'items');
  const fields = Object.keys(properties).filter((f) => shownField(recordAt(itemUi, f)));
  const list = Array.isArray(rows) ? rows.filter(isRecord) : [];
  const title = typeof property.title === 'string' ? property.title : name;
  return (
    <Stack gap={4} style={{ gridColumn: '1 / -1' }} data-field={name}>
      <Text size="sm" c="gray.7">{title}</Text>
      {list.length === 0 ? <Text>Nessun elemento</Text> : (
        <Tabs defaultValue="0" keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            {list.map((_, i) => <Tabs.Tab key={i} value={String(i)} style={{ whiteSpace: 'nowrap' }}>{tabTitle(itemLabel, i)}</Tabs.Tab>)}
          </Tabs.List>
          {list.map((row, i) => (
            <Tabs.Panel key={i} value={String(i)} pt="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                {fields.map((f) => {
                  const field = recordField(f, properties[f], recordAt(itemUi, f), row);
                  return (
                    <dl key={f} style={PAIR_STYLE}>
                      <Text component="dt" size="sm" c="gray.7">{field.label}</Text>
                      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>{field.value}</Text>
                    </dl>
                  );
                })}
              </SimpleGrid>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
