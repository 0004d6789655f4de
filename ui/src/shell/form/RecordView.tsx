/**
 * A record for who may read it but not change it (docs/spec-language.md#form-layout): labels and values in
 * the form's layout, not a grey disabled form. Values read as in the lists (enum labels, dd/MM/yyyy, Sì/No,
 * referenced rows by name), the state as a coloured chip, child rows as tables (or as tabs, for a child declared `widget: tabs`). The actions the caller may
 * still run (a transition of a state machine, a form operation, an extension's action such as a ticket's messages) and the way
 * back stay in the bar at the bottom of the window, as in the form. Labels are gray.7 (8.6:1 on white):
 * Mantine's `dimmed` (3.3:1) is below WCAG AA for text this size.
 */
import type { ReactNode } from 'react';
import { Badge, Button, Fieldset, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { layoutTabs } from '../../../../common/form-layout';
import type { FormSectionModel } from '../../../../common/model';
import { holds } from '../../../../common/rules';
import { layoutOf, TAB_PARAM, tabSlug } from '../../core/formLayout';
import { isRecord, recordAt } from '../../core/guards';
import { entityPath, type KeyValues } from '../../core/keys';
import { EMPTY_VALUE, recordField, shownField } from '../../core/recordValues';
import type { EntityMeta, FormDef, Row } from '../../core/types';
import { ChildTabsView } from './ChildTabsView';
import { CopyButton, copyRuleOf } from './CopyTextWidget';
import { FileDownload } from '../list/FileDownload';
import { FormActionBar } from './FormActionBar';
import { TransitionActions } from './TransitionActions';
import { FormOperations } from './FormOperations';
import { formActions } from '../../../extensions';

/** One label and its value: a <dl> of its own, so the grid's cells (and Mantine's responsive <style>) sit outside any definition list (axe definition-list). */
const PAIR_STYLE = { margin: 0 };

interface Props {
  entity: EntityMeta;
  form: FormDef;
  record: Row;
  editKey: KeyValues;
  /** Torna all'elenco; absent (a record inside a related list's tab): no such button. */
  onBack?: () => void;
  onRecordChanged: () => void;
}

export function RecordView({ entity, form, record, editKey, onBack, onRecordChanged }: Props) {
  const [params, setParams] = useSearchParams();
  const properties = recordAt(form.schema, 'properties') ?? {};
  const ui = form.uiSchema;
  const layout = layoutOf(ui['ui:layout']);
  const order = Array.isArray(ui['ui:order']) ? ui['ui:order'].filter((n): n is string => typeof n === 'string' && n in properties) : Object.keys(properties);
  const sections: FormSectionModel[] = layout ? [] : [{ columns: 2, fields: order }];
  const tabs = layout ? layoutTabs(layout).filter((t) => t.visibleWhen === undefined || holds(t.visibleWhen, record)) : [{ label: '', sections }];

  const item = (name: string): ReactNode => {
    const property = properties[name];
    // A confirmation field repeats another only while typing: a record shows the field itself.
    if (!shownField(ui[name]) || form.confirmFields?.some((c) => c.name === name)) return null;
    const uiField = ui[name];
    if (isRecord(property) && isRecord(uiField) && uiField['ui:field'] === 'childTabs') {
      return <ChildTabsView key={name} name={name} property={property} uiField={uiField} rows={record[name]} />;
    }
    if (isRecord(property) && (property.type === 'array' || (Array.isArray(property.type) && property.type.includes('array')))) {
      return <ChildTable key={name} name={name} property={property} uiField={ui[name]} rows={record[name]} />;
    }
    if (isRecord(property) && isRecord(property.properties)) {
      return <ChildRecord key={name} name={name} property={property} uiField={ui[name]} row={record[name]} />;
    }
    const field = recordField(name, property, ui[name], record);
    const isState = Boolean(form.states?.fields.includes(name)) && field.value !== EMPTY_VALUE;
    // A stored file a reader may download (a merchant's invoice): its button, under the row's path.
    // A text to copy (the pay-by-mail link): its button beside it.
    const copyRule = copyRuleOf(uiField);
    const download = isRecord(uiField) && uiField['ui:widget'] === 'storedFile' && record[name] ? `${entityPath(entity.path, entity.key, editKey)}/${name}` : undefined;
    return (
      <dl key={name} style={PAIR_STYLE}>
        <Text component="dt" size="sm" c="gray.7">{field.label}</Text>
        {/* pre-line: a text of several lines (a receipt) keeps them. */}
        <Text component="dd" m={0} data-field={name} fw={500} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {download ? <FileDownload path={download} label={field.label} /> : isState ? <Badge variant="light" size="lg">{field.value}</Badge> : field.value}
          {copyRule && <> {' '}<CopyButton value={record[name]} rule={copyRule} fieldLabel={field.label} /></>}
        </Text>
      </dl>
    );
  };
  const section = (s: FormSectionModel, i: number) => (s.visibleWhen === undefined || holds(s.visibleWhen, record)) && (
    <Fieldset key={i} legend={s.title} variant={s.title ? 'default' : 'unstyled'}>
      <SimpleGrid cols={{ base: 1, sm: Math.min(s.columns, 2), lg: s.columns }} spacing="md" verticalSpacing="sm">
        {s.fields.map(item)}
      </SimpleGrid>
    </Fieldset>
  );

  const active = tabs.find((t) => tabSlug(t.label) === params.get(TAB_PARAM)) ?? tabs[0];
  const body = tabs.length === 1 && !tabs[0].label
    ? <Stack gap="md">{tabs[0].sections.map(section)}</Stack>
    : (
      <Tabs value={tabSlug(active.label)} onChange={(value) => { if (value) setParams((p) => { p.set(TAB_PARAM, value); return p; }, { replace: true }); }} keepMounted>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {tabs.map((t) => <Tabs.Tab key={t.label} value={tabSlug(t.label)} style={{ whiteSpace: 'nowrap' }}>{t.label}</Tabs.Tab>)}
        </Tabs.List>
        {tabs.map((t) => <Tabs.Panel key={t.label} value={tabSlug(t.label)} pt="md"><Stack gap="md">{t.sections.map(section)}</Stack></Tabs.Panel>)}
      </Tabs>
    );

  return (
    <Stack gap="lg">
      <Text size="sm" c="gray.7">Consultazione: i dati non sono modificabili con le autorizzazioni attuali.</Text>
      {body}
      <FormActionBar label="Azioni della scheda">
        {onBack && <Button variant="default" onClick={onBack}>Torna all'elenco</Button>}
        {form.states && <TransitionActions entity={entity} form={form} editKey={editKey} record={record} onChanged={onRecordChanged} />}
        {/* The spec's form operations run on a read-only record too (a document sent by mail, seed 002 §7). */}
        <FormOperations entity={entity} form={form} editKey={editKey} record={record} />
        {(formActions[form.entity] ?? []).map((Action, i) => <Action key={i} entityName={form.entity} editKey={editKey} record={record} />)}
      </FormActionBar>
    </Stack>
  );
}

function ChildTable({ name, property, uiField, rows }: { name: string; property: Record<string, unknown>; uiField: unknown; rows: unknown }) {
  const items = recordAt(property, 'items') ?? {};
  const columns = Object.keys(recordAt(items, 'properties') ?? {}).filter((c) => shownField(recordAt(recordAt(uiField, 'items'), c)));
  const list = Array.isArray(rows) ? rows.filter(isRecord) : [];
  const title = typeof property.title === 'string' ? property.title : name;
  return (
    <Stack gap={4} style={{ gridColumn: '1 / -1' }} data-field={name}>
      <Text size="sm" c="gray.7">{title}</Text>
      {list.length === 0 ? <Text>Nessun elemento</Text> : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>{columns.map((c) => <Table.Th key={c}>{recordField(c, recordAt(recordAt(items, 'properties'), c), undefined, {}).label}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((row, i) => (
                <Table.Tr key={i}>
                  {columns.map((c) => <Table.Td key={c}>{recordField(c, recordAt(recordAt(items, 'properties'), c), recordAt(recordAt(uiField, 'items'), c), row).value}</Table.Td>)}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function ChildRecord({ name, property, uiField, row }: { name: string; property: Record<string, unknown>; uiField: unknown; row: unknown }) {
  const fields = Object.keys(recordAt(property, 'properties') ?? {}).filter((f) => shownField(recordAt(uiField, f)));
  const values = isRecord(row) ? row : {};
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ gridColumn: '1 / -1' }} data-field={name}>
      {fields.map((f) => {
        const field = recordField(f, recordAt(recordAt(property, 'properties'), f), recordAt(uiField, f), values);
        return (
          <dl key={f} style={PAIR_STYLE}>
            <Text component="dt" size="sm" c="gray.7">{field.label}</Text>
            <Text component="dd" m={0} fw={500}>{field.value}</Text>
          </dl>
        );
      })}
    </SimpleGrid>
  );
}
