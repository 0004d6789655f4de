/**
 * `form.layout` (docs/spec-language.md#form-layout): tabs, sections and columns, fields placed by name.
 * Checks what a layout must be for the form to show every field exactly once: names that exist, none placed
 * twice, none forgotten (a field the form must not show says so with `ui.hidden`), and `visibleWhen`
 * conditions that read fields of the row.
 */
import type { FormLayoutModel, FormSectionModel } from '../../common/model.js';
import { logicVars } from '../../common/lifecycle.js';
import type { JsonLogic } from '../../common/rules.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';
import type { RawFormLayout, RawFormSection } from './spec-types.js';

type PathSegment = string | number;

export interface Placeable {
  entity: string;
  /** Field names, in declaration order. */
  fields: string[];
  children: string[];
  /** Fields the form does not show (ui.hidden): they need no place. */
  hidden: string[];
}

/** The layout as the model keeps it, and the order of the names it places (fields and children). */
export function buildFormLayout(raw: RawFormLayout, placeable: Placeable, source: SourceFile, diagnostics: Diagnostic[]): { layout: FormLayoutModel; placed: string[] } {
  const base: PathSegment[] = ['form', 'layout'];
  const report = (path: PathSegment[], message: string) => diagnostics.push({ ...source.positionOf([...base, ...path]), message });
  const known = [...placeable.fields, ...placeable.children];
  const firstPlace = new Map<string, string>();

  const section = (s: RawFormSection, path: PathSegment[]): FormSectionModel => {
    s.fields.forEach((name, i) => {
      if (!known.includes(name)) {
        report([...path, 'fields', i], `Form layout places '${name}', which is not a field or child of ${placeable.entity}.${didYouMean(name, known)}`);
        return;
      }
      const first = firstPlace.get(name);
      if (first !== undefined) report([...path, 'fields', i], `'${name}' is placed twice in form.layout (first in ${first}): a field has one place.`);
      else firstPlace.set(name, s.title ? `section '${s.title}'` : `the section at ${path.join('.')}`);
    });
    if (s.visibleWhen !== undefined) checkVars(s.visibleWhen, [...path, 'visibleWhen']);
    return { ...(s.title !== undefined ? { title: s.title } : {}), columns: s.columns ?? 1, fields: s.fields, ...(s.visibleWhen !== undefined ? { visibleWhen: s.visibleWhen } : {}) };
  };

  // A condition reads the row as the form holds it: `{var: flgFatDir}`, a field of this entity.
  const checkVars = (logic: JsonLogic, path: PathSegment[]) => {
    for (const v of logicVars(logic)) {
      const name = v.name.split('.')[0];
      if (!known.includes(name)) report([...path, ...v.path], `visibleWhen reads '${v.name}', which is not a field or child of ${placeable.entity}.${didYouMean(name, known)}`);
    }
  };

  let layout: FormLayoutModel;
  if (raw.tabs) {
    layout = {
      tabs: raw.tabs.map((tab, t) => {
        if (tab.visibleWhen !== undefined) checkVars(tab.visibleWhen, ['tabs', t, 'visibleWhen']);
        return {
          label: tab.label,
          ...(tab.visibleWhen !== undefined ? { visibleWhen: tab.visibleWhen } : {}),
          sections: tab.sections.map((s, i) => section(s, ['tabs', t, 'sections', i])),
        };
      }),
    };
  } else {
    layout = { sections: (raw.sections ?? []).map((s, i) => section(s, ['sections', i])) };
  }

  const missing = known.filter((name) => !firstPlace.has(name) && !placeable.hidden.includes(name));
  if (missing.length) {
    report([], `form.layout of ${placeable.entity} does not place ${missing.map((m) => `'${m}'`).join(', ')}: add ${missing.length === 1 ? 'it' : 'them'} to a section (a field the form must not show takes ui: { hidden: true }).`);
  }
  return { layout, placed: [...firstPlace.keys()] };
}
