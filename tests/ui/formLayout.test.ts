/**
 * The form layout as the shell reads it from a generated uiSchema (ui/src/core/formLayout.ts): a
 * malformed layout is ignored rather than trusted, tabs have URL names, and a failed save opens the tab of
 * the first error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormDef } from '../../ui/src/core/types';
import { layoutOf, tabOfFirstError, tabSlug } from '../../ui/src/core/formLayout';
import { FIXTURE_GENERATED_DIR } from '../support/fixture-paths';

// The fixture's article form: three tabs, one section shown only while the article is on sale.
const form: FormDef = JSON.parse(readFileSync(join(FIXTURE_GENERATED_DIR, 'forms', 'Articolo.json'), 'utf8'));

describe('form layout in the shell', () => {
  it('reads the generated layout', () => {
    const layout = layoutOf(form.uiSchema['ui:layout']);
    expect(layout && 'tabs' in layout ? layout.tabs.map((t) => t.label) : undefined).toEqual(['Articolo', 'Vendita', 'Allegati e note']);
  });

  it('ignores a layout it cannot read', () => {
    expect(layoutOf(undefined)).toBeUndefined();
    expect(layoutOf({ tabs: [{ label: 'A', sections: [{ fields: 'codice' }] }] })).toBeUndefined();
    expect(layoutOf({ sections: [{ fields: ['codice'], columns: 7 }] })).toEqual({ sections: [{ fields: ['codice'], columns: 1 }] });
  });

  it('names tabs in the URL without accents or spaces', () => {
    expect(tabSlug('Allegati e note')).toBe('allegati-e-note');
    expect(tabSlug('Disponibilità')).toBe('disponibilita');
  });

  it('finds the tab of the first error, children included', () => {
    const layout = layoutOf(form.uiSchema['ui:layout']);
    if (!layout) throw new Error('the fixture article has a layout');
    expect(tabOfFirstError(layout, ['.dataListino', '.nome'])).toBe('vendita');
    expect(tabOfFirstError(layout, ['.altreCategorie.0.categoria'])).toBe('articolo');
    expect(tabOfFirstError(layout, ['.nonPiazzato'])).toBeUndefined();
  });
});
