/**
 * The banner of a save the API refused (ui/src/core/apiError.ts saveRefusedMessage): the form's own words of
 * `form.banners` (docs/spec-language.md#form-banners) where the spec gives them, the API's otherwise; what no
 * field shows is never lost.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, GENERIC_SERVER_ERROR, saveRefusedMessage } from '../../ui/src/core/apiError';

const OWN = {
  invalid: "ATTENZIONE : L'anagrafica non e' completa o contiene degli errori : correggere e riprovare",
  saveFailed: "Si sono verificati dei problemi durante il salvataggio dell'anagrafica. Verificare e riprovare",
};
const onForm = (field: string) => field === 'iban' || field === 'ds';
const invalid = new ApiError(400, 'VALIDATION_ERROR', 'Dati non validi', [{ field: 'iban', message: 'BBAN non valido' }]);

describe('saveRefusedMessage', () => {
  it("refused values: the form's invalid words instead of the API's, the field's message left under the field", () => {
    expect(saveRefusedMessage(invalid, OWN, onForm)).toBe(OWN.invalid);
  });

  it('refused values no field shows: appended to the invalid words', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'Dati non validi', [{ field: 'iban', message: 'BBAN non valido' }, { field: 'negozi.0.cab', message: 'Manca la corrispondenza fra CAB e Comune' }]);
    expect(saveRefusedMessage(error, OWN, onForm)).toBe(`${OWN.invalid}: Manca la corrispondenza fra CAB e Comune`);
  });

  it("any other refusal: the form's saveFailed words, then the API's message and details", () => {
    const forbidden = new ApiError(403, 'FORBIDDEN', "Attenzione: per questa banca non e' possibile la creazione di nuovi esercenti.");
    expect(saveRefusedMessage(forbidden, OWN, onForm)).toBe(`${OWN.saveFailed}. Attenzione: per questa banca non e' possibile la creazione di nuovi esercenti.`);
    expect(saveRefusedMessage(new TypeError('Failed to fetch'), OWN)).toBe(`${OWN.saveFailed}. ${GENERIC_SERVER_ERROR}`);
  });

  it("without the form's words, the API's banner as it is", () => {
    expect(saveRefusedMessage(invalid, undefined, onForm)).toBe('Dati non validi');
    expect(saveRefusedMessage(invalid, { saveFailed: OWN.saveFailed }, () => false)).toBe('Dati non validi: BBAN non valido');
    const forbidden = new ApiError(403, 'FORBIDDEN', 'Operazione non consentita');
    expect(saveRefusedMessage(forbidden, { invalid: OWN.invalid })).toBe('Operazione non consentita');
  });
});
