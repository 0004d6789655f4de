/**
 * The spec's form layout as the shell reads it from a generated uiSchema (`ui:layout`, written by
 * generator/emitters/forms.ts): parsed without trusting its shape, tabs named for the URL, the tab of an error.
 */
import { layoutTabs } from '../../../common/form-layout';
import type { FormLayoutModel, FormSectionModel, FormTabModel } from '../../../common/model';
import type { JsonLogic } from '../../../common/rules';
import { isRecord, isStringArray } from './guards';

/** The URL parameter of the open tab. */
export const TAB_PARAM = 'scheda';

/** `Servizi e flussi` -> `servizi-e-flussi`: the tab's name in the URL. */
export function tabSlug(label: string): string {
  return label.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The tab that holds the first of these fields (rjsf error properties, `.iban` or `.modelliPos.0.x`). */
export function tabOfFirstError(layout: FormLayoutModel, properties: (string | undefined)[]): string | undefined {
  const tabs = layoutTabs(layout);
  for (const property of properties) {
    const name = (property ?? '').replace(/^\./, '').split(/[.[]/)[0];
    const tab = tabs.find((t) => t.sections.some((s) => s.fields.includes(name)));
    if (tab?.label) return tabSlug(tab.label);
  }
  return undefined;
}

/** The tab the URL opens: its `scheda`, else the first tab (undefined: no tabs). */
export function openTab(layout: FormLayoutModel, params: URLSearchParams): string | undefined {
  const slugs = layoutTabs(layout).map((t) => tabSlug(t.label)).filter(Boolean);
  const asked = params.get(TAB_PARAM);
  return asked !== null && slugs.includes(asked) ? asked : slugs[0];
}

/** The layout the generator wrote into the uiSchema (ui:layout), read without trusting its shape. */
export function layoutOf(value: unknown): FormLayoutModel | undefined {
  if (!isRecord(value)) return undefined;
  if (Array.isArray(value.tabs)) {
    const tabs = value.tabs.map(tabOf);
    return tabs.every((t): t is FormTabModel => t !== undefined) ? { tabs } : undefined;
  }
  const sections = sectionsOf(value.sections);
  return sections ? { sections } : undefined;
}

function tabOf(value: unknown): FormTabModel | undefined {
  if (!isRecord(value) || typeof value.label !== 'string') return undefined;
  const sections = sectionsOf(value.sections);
  return sections && { label: value.label, sections, ...logicOf(value.visibleWhen) };
}

function sectionsOf(value: unknown): FormSectionModel[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const sections = value.map((s): FormSectionModel | undefined => {
    if (!isRecord(s) || !isStringArray(s.fields)) return undefined;
    const columns = s.columns === 2 || s.columns === 3 ? s.columns : 1;
    return { fields: s.fields, columns, ...(typeof s.title === 'string' ? { title: s.title } : {}), ...logicOf(s.visibleWhen) };
  });
  return sections.every((s): s is FormSectionModel => s !== undefined) ? sections : undefined;
}

function logicOf(value: unknown): { visibleWhen?: JsonLogic } {
  return value === undefined ? {} : { visibleWhen: value };
}
