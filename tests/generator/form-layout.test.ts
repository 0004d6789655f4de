/**
 * form.layout (docs/spec-language.md#form-layout): what the model keeps, the order the form gets, and each
 * layout mistake refused at its file:line:col.
 */
import { describe, expect, it } from 'vitest';
import { formsEmitter } from '../../generator/emitters/forms.js';
import { present } from '../../server/lookup.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { emittedJson } from './emitted.js';

const BANK = 'spec/banca.yaml';
const FORM = 'form:\n  route: /banche/edit/:codAbi?\n';
const BANK_YAML = BANCA_YAML.replace('list:\n', '  flgAttiva: { type: boolean, label: Attiva }\nlist:\n').replace(FORM, '');
/** The minimal bank with a third field and a form whose layout is `layout` (YAML, indented under `form:`). */
const withLayout = (layout: string) => `${BANK_YAML}${FORM}${layout}`;
const refused = (layout: string, message: string) => loadSpecWithError({ [BANK]: withLayout(layout) }, message);

const GOOD = `  layout:
    tabs:
      - label: Dati
        sections:
          - { title: Banca, columns: 2, fields: [codAbi, nomeBcc] }
      - label: Stato
        visibleWhen: { var: codAbi }
        sections:
          - { fields: [flgAttiva], visibleWhen: { '==': [{ var: nomeBcc }, 'X'] } }
`;

describe('form.layout', () => {
  it('keeps the tabs and sections, gives the form the placed fields in reading order, and the uiSchema the layout', async () => {
    const { model, diagnostics } = loadSpec({ [BANK]: withLayout(GOOD) });
    expect(diagnostics).toEqual([]);
    const banca = present(present(model, 'model').entities.find((e) => e.name === 'Banca'), 'Banca');
    expect(banca.form?.fields).toEqual(['codAbi', 'nomeBcc', 'flgAttiva']);
    expect(banca.form?.layout).toEqual({
      tabs: [
        { label: 'Dati', sections: [{ title: 'Banca', columns: 2, fields: ['codAbi', 'nomeBcc'] }] },
        { label: 'Stato', visibleWhen: { var: 'codAbi' }, sections: [{ columns: 1, fields: ['flgAttiva'], visibleWhen: { '==': [{ var: 'nomeBcc' }, 'X'] } }] },
      ],
    });
    const json: unknown = await emittedJson(formsEmitter, present(model, 'model'), 'forms/Banca.json');
    expect(json).toMatchObject({ uiSchema: { 'ui:order': ['codAbi', 'nomeBcc', 'flgAttiva', '*'], 'ui:layout': banca.form?.layout } });
  });

  it('refuses a name that is not a field, with a suggestion', () => {
    const found = refused(GOOD.replace('[codAbi, nomeBcc]', '[codAbi, nomeBc]').replace('[flgAttiva]', '[flgAttiva, nomeBcc]'), "Form layout places 'nomeBc', which is not a field or child of Banca.");
    expect(found.message).toContain("'nomeBcc'");
    expect(found).toMatchObject({ file: BANK, line: withLayout(GOOD).split('\n').findIndex((l) => l.includes('title: Banca')) + 1 });
  });

  it('refuses a field placed twice and a field not placed, at the layout', () => {
    refused(GOOD.replace('[flgAttiva]', '[flgAttiva, codAbi]'), "'codAbi' is placed twice in form.layout (first in section 'Banca')");
    refused(GOOD.replace('[flgAttiva]', '[nomeBcc]').replace('[codAbi, nomeBcc]', '[codAbi]'), "form.layout of Banca does not place 'flgAttiva': add it to a section");
  });

  it('refuses a visibleWhen that reads no field, and a form with both fields and layout', () => {
    refused(GOOD.replace('{ var: codAbi }', '{ var: codAbb }'), "visibleWhen reads 'codAbb', which is not a field or child of Banca.");
    refused(`  fields: [codAbi]\n${GOOD}`, 'declares both fields and layout');
  });

  it('refuses tabs and sections together, and more than 3 columns, through the schema', () => {
    const mixed = loadSpec({ [BANK]: withLayout(`${GOOD}    sections:\n      - { fields: [codAbi] }\n`) });
    expect(mixed.model).toBeUndefined();
    expect(mixed.diagnostics.map((d) => d.message).join('\n')).toMatch(/layout/);
    const wide = loadSpec({ [BANK]: withLayout(GOOD.replace('columns: 2', 'columns: 4')) });
    expect(wide.model).toBeUndefined();
    expect(wide.diagnostics.map((d) => d.message).join('\n')).toMatch(/columns|3/);
  });
});
