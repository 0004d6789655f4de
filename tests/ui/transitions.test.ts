/**
 * What the form shows around a state machine (issue 5 item 1): the generated form definition carries the
 * transitions with the spec's labels, confirmations and messages; a refusal's banner shows the spec's message
 * even when no field of the form can hold it (the stock of a movement).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError, bannerMessage } from '../../ui/src/core/apiError';
import { createTransformErrors } from '../../ui/src/core/errorMessages';
import type { FormDef } from '../../ui/src/core/types';
import { validatorFor } from '../../ui/src/shell/form/validator';
import { named, present } from '../support/present';

const root = fileURLToPath(new URL('../..', import.meta.url));
const movement: FormDef = JSON.parse(readFileSync(join(root, 'generated/forms/MovimentoMagazzino.json'), 'utf8'));

describe('the movement form definition', () => {
  it('has the actions of the spec, with their confirmation and success messages', () => {
    expect(movement.states?.transitions.map((t) => [t.name, t.label, t.from, t.to, t.success])).toEqual([
      ['accetta', 'Accetta', ['S'], 'A', 'Movimento aggiornato con successo'],
      ['rifiuta', 'Rifiuta', ['S'], 'R', 'Movimento aggiornato con successo'],
    ]);
    expect(movement.states?.transitions[0].confirm).toBe("Accettare il movimento? La giacenza del modello sarà variata.");
    expect(movement.states?.created).toEqual({ A: 'Giacenza variata con successo' });
  });
});

describe('a transition with an input (rifiuta asks the reason)', () => {
  const transitions = present(movement.states, 'the states of the movement form').transitions;
  const rifiuta = named(transitions, 'rifiuta', 'transitions');
  const inputOfRifiuta = () => present(rifiuta.input, 'the input of rifiuta');
  const check = (data: Record<string, unknown>) => {
    const input = inputOfRifiuta();
    const transform = createTransformErrors({ messages: input.messages, defaultMessages: movement.defaultMessages });
    return validatorFor(input.schema).validateFormData(data, input.schema, undefined, transform).errors.map((e) => [e.property?.replace(/^\./, ''), e.message]);
  };

  it('carries the body schema of the API and only the accept action has none', () => {
    expect(named(transitions, 'accetta', 'transitions').input).toBeUndefined();
    expect(inputOfRifiuta().schema).toMatchObject({ type: 'object', required: ['nota'], additionalProperties: false });
    expect(inputOfRifiuta().uiSchema['ui:order']).toEqual(['nota']);
  });

  it('says in Italian, before sending, what the server would refuse', () => {
    expect(check({})).toEqual([['nota', 'Indicare il motivo del rifiuto']]);
    expect(check({ nota: 'x'.repeat(501) })).toEqual([['nota', "Il motivo del rifiuto può contenere al massimo 500 caratteri"]]);
    expect(check({ nota: 'Bolla diversa' })).toEqual([]);
  });
});

describe('bannerMessage', () => {
  const refusal = new ApiError(409, 'QUANTITY_UNAVAILABLE', "Quantità non disponibile", [{ field: 'qtaGiacenza', message: 'Giacenza insufficiente' }]);

  it('appends the details no form field shows', () => {
    expect(bannerMessage(refusal, (f) => f === 'qtaMov')).toBe("Quantità non disponibile: Giacenza insufficiente");
  });

  it('leaves out the details shown under a field, and anything that is not an API error', () => {
    expect(bannerMessage(refusal, (f) => f === 'qtaGiacenza')).toBe("Quantità non disponibile");
    expect(bannerMessage(new Error('boom'))).toBe('Errore durante la chiamata al server - contattare il supporto');
  });
});
