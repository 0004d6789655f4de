/**
 * The names a form's reference select shows for the codes a record was loaded with (ui/src/core/referenceLabels.ts):
 * the row's own `_labels` and its child rows', each by the rjsf id of the field it names, and only while the
 * field still holds the code it was loaded with.
 */
import { describe, expect, it } from 'vitest';
import { labelsById, loadedLabel } from '../../ui/src/core/referenceLabels';

const MILANO = '015146 - Milano - MI';
const merchant = {
  codEser: '0001234', comune: '015146', _labels: { comune: MILANO, codAbi: '30480 - BCC di Esempio' }, codAbi: '30480',
  legaleRappresentante: { nome: 'Mario', comune: '001272', _labels: { comune: '001272 - Torino - TO' } },
  titolari: [{ numeroTitolare: 1, comune: '015146', _labels: { comune: MILANO } }, { numeroTitolare: 2, comune: null }],
};

describe('names of the references of a loaded record', () => {
  it('by field id: the row\'s, its one child\'s and each item\'s of a many child, never mixed up by field name', () => {
    const labels = labelsById(merchant, 'root');
    expect(labels).toEqual({
      root_comune: { value: '015146', label: MILANO },
      root_codAbi: { value: '30480', label: '30480 - BCC di Esempio' },
      root_legaleRappresentante_comune: { value: '001272', label: '001272 - Torino - TO' },
      root_titolari_0_comune: { value: '015146', label: MILANO },
    });
  });

  it('a field still holding its loaded code reads its name; a changed or empty one does not', () => {
    const labels = labelsById(merchant, 'root');
    expect(loadedLabel(labels, 'root_legaleRappresentante_comune', '001272')).toBe('001272 - Torino - TO');
    expect(loadedLabel(labels, 'root_legaleRappresentante_comune', '015146')).toBeUndefined();
    expect(loadedLabel(labels, 'root_titolari_1_comune', null)).toBeUndefined();
    expect(loadedLabel(undefined, 'root_comune', '015146')).toBeUndefined();
  });
});
