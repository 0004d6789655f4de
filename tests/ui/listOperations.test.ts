/** A list's operation buttons as pure steps (ui/src/core/listOperations.ts, docs/spec-language.md#list-operations). */
import { describe, expect, it } from 'vitest';
import { listOperationCall, listOperationQuestion, splitListOperations } from '../../ui/src/core/listOperations';
import type { ListOperation } from '../../ui/src/core/types';

const stampa: ListOperation = { label: 'Stampa testapacco', method: 'post', path: 'testapacchi/stampa', permission: 'P:AGGIORNAMENTO', selection: 'contratti', confirm: 'Stampare il testapacco dei {count} contratti selezionati?', file: true };
const solleciti: ListOperation = { label: 'Esporta solleciti', method: 'get', path: 'sollecitoContratti', permission: 'P:VISUALIZZAZIONE', filters: [{ query: 'codCompagnie', param: 'codCompagnie' }, { query: 'codAbi', param: 'abi' }], file: true };

describe('list operations', () => {
  it('go above the selected rows when they send the selection, beside the export otherwise', () => {
    expect(splitListOperations([stampa, solleciti])).toEqual({ onSelection: [stampa], onList: [solleciti] });
  });

  it('ask the spec\'s question with the number of selected rows, and nothing when the spec asks nothing', () => {
    expect(listOperationQuestion(stampa, 3)).toBe('Stampare il testapacco dei 3 contratti selezionati?');
    expect(listOperationQuestion(solleciti, 0)).toBeUndefined();
  });

  it('send the selected keys joined by commas in the body field, and the filters set under their query names', () => {
    expect(listOperationCall(stampa, ['a1', 'b2'], {})).toEqual({ method: 'POST', path: 'testapacchi/stampa', query: {}, body: { contratti: 'a1,b2' } });
    expect(listOperationCall(solleciti, [], { codCompagnie: 'VI', abi: ' 30480 ', termid: '123' }))
      .toEqual({ method: 'GET', path: 'sollecitoContratti', query: { codCompagnie: 'VI', codAbi: '30480' } });
    expect(listOperationCall(solleciti, [], { codCompagnie: '', abi: undefined }).query).toEqual({});
  });
});
