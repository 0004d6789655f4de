/**
 * The spec's form layout (docs/spec-language.md#form-layout), as the object template of a form's root: tabs of
 * sections, each section a fieldset of 1 to 3 columns (one on a phone). The open tab is in the URL
 * (`?scheda=fatturazione`), so Back and a shared link show the same tab; a tab holding errors says how many.
 * Objects without a layout (children, forms without one) keep the theme's own template.
 */
import { Badge, Fieldset, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { Templates } from '@rjsf/mantine';
import type { ErrorSchema, ObjectFieldTemplatePropertyType, ObjectFieldTemplateProps } from '@rjsf/utils';
import { useSearchParams } from 'react-router-dom';
import { layoutTabs } from '../../../../common/form-layout';
import type { FormLayoutModel, FormSectionModel, FormTabModel } from '../../../../common/model';
import { holds, type JsonLogic } from '../../../../common/rules';
import { layoutOf, TAB_PARAM, tabSlug } from '../../core/formLayout';
import { isRecord, recordAt } from '../../core/guards';

const ThemeObjectTemplate = Templates.ObjectFieldTemplate;

export function LayoutObjectTemplate(props: ObjectFieldTemplateProps) {
  const layout = layoutOf(props.uiSchema?.['ui:layout']);
  if (layout) return <LaidOutObject layout={layout} {...props} />;
  return ThemeObjectTemplate ? <ThemeObjectTemplate {...props} /> : null;
}

function LaidOutObject({ layout, properties, formData, errorSchema, schema }: ObjectFieldTemplateProps & { layout: FormLayoutModel }) {
  const [params, setParams] = useSearchParams();
  const byName = new Map(properties.map((p) => [p.name, p]));
  const shown = (logic: JsonLogic) => logic === undefined || holds(logic, formData);
  const placed = new Set(layoutTabs(layout).flatMap((tab) => tab.sections.flatMap((s) => s.fields)));
  // Children (lists, nested objects) take the whole width of their section.
  const wide = (name: string) => {
    const type = recordAt(recordAt(schema, 'properties'), name)?.type;
    return type === 'array' || type === 'object' || (Array.isArray(type) && type.includes('object'));
  };
  const cell = (property: ObjectFieldTemplatePropertyType | undefined) => property && (
    <div key={property.name} style={wide(property.name) ? { gridColumn: '1 / -1' } : undefined}>{property.content}</div>
  );
  // A section whose fields are all hidden now (their conditions, a configuration key that is off) is not drawn.
  const allHidden = (s: FormSectionModel) => s.fields.every((name) => byName.get(name)?.hidden !== false);
  const section = (s: FormSectionModel, i: number) => shown(s.visibleWhen) && !allHidden(s) && (
    <Fieldset key={i} legend={s.title} variant={s.title ? 'default' : 'unstyled'}>
      <SimpleGrid cols={{ base: 1, sm: Math.min(s.columns, 2), lg: s.columns }} spacing="md" verticalSpacing="xs">
        {s.fields.map((name) => cell(byName.get(name)))}
      </SimpleGrid>
    </Fieldset>
  );
  // A property the layout does not place (a field added to the schema by hand) is still shown, last.
  const rest = properties.filter((p) => !placed.has(p.name)).map((p) => p.content);

  const tabs = layoutTabs(layout).filter((tab) => shown(tab.visibleWhen));
  if (tabs.length === 1 && !tabs[0].label) return <Stack gap="md">{tabs[0].sections.map(section)}{rest}</Stack>;
  const active = tabs.find((tab) => tabSlug(tab.label) === params.get(TAB_PARAM)) ?? tabs[0];
  return (
    <Stack gap="md">
      <Tabs
        value={tabSlug(active.label)}
        onChange={(value) => { if (value) setParams((p) => { p.set(TAB_PARAM, value); return p; }, { replace: true }); }}
        // Only the open tab's fields are drawn: the values live in the form's data, the error counts come from the
        // error schema, so a closed tab needs none of its inputs (a record page's start drew them all).
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {tabs.map((tab) => {
            const errors = errorsIn(tab, errorSchema);
            const isActive = tab === active;
            return (
              <Tabs.Tab key={tab.label} value={tabSlug(tab.label)} style={{ whiteSpace: 'nowrap' }} ref={isActive ? revealTab : undefined}
                rightSection={errors > 0 ? <Badge color="red" size="sm" circle aria-label={errors === 1 ? '1 errore' : `${errors} errori`}>{errors}</Badge> : undefined}>
                {tab.label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.label} value={tabSlug(tab.label)} pt="md">
            <Stack gap="md">{tab.sections.map(section)}</Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      {rest}
    </Stack>
  );
}

/**
 * On a phone the tabs scroll sideways: the open one is brought into the strip's view, so a tab opened for the
 * user (the one holding an error) is seen open. Only sideways: 'nearest' leaves the page where it is.
 */
function revealTab(element: HTMLButtonElement | null) {
  element?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** How many of the tab's fields have an error (a child with several counts once). */
function errorsIn(tab: FormTabModel, errorSchema: ErrorSchema | undefined): number {
  return tab.sections.flatMap((s) => s.fields).filter((name) => hasErrors(recordAt(errorSchema, name))).length;
}

function hasErrors(node: unknown): boolean {
  if (!isRecord(node)) return false;
  return Object.entries(node).some(([key, value]) => (key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value)));
}
