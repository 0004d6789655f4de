/**
 * Critical operations (a transition with `reauthenticate: true`, docs/spec-language.md#transition-checks)
 * carry the caller's own password in their body under this name: the generator adds the field to the
 * body schema and the form, the server takes it out before the transition sees its input.
 */
import type { FieldModel, TransitionModel } from './model.js';

export const REAUTHENTICATION_FIELD = 'password';

/** Every field of a transition's request body: its declared input, then the password of a critical operation. */
export function transitionBodyFields(t: Pick<TransitionModel, 'input' | 'reauthenticate'>): FieldModel[] {
  return [...(t.input ?? []), ...(t.reauthenticate ? [t.reauthenticate] : [])];
}
