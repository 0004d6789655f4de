/** Reading a form layout (common/model.ts FormLayoutModel) the same way in the generator and the shell. */
import type { FormLayoutModel, FormSectionModel, FormTabModel } from './model.js';

/** The layout as tabs: sections alone are one tab without a label. */
export function layoutTabs(layout: FormLayoutModel): FormTabModel[] {
  return 'tabs' in layout ? layout.tabs : [{ label: '', sections: layout.sections }];
}

/** Every name the layout places, in reading order. */
export function layoutNames(layout: FormLayoutModel): string[] {
  return layoutTabs(layout).flatMap((tab) => tab.sections.flatMap((section: FormSectionModel) => section.fields));
}
