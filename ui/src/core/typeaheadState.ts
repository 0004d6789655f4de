/**
 * What a type-ahead filter box shows, as pure steps (the component is ui/src/shell/list/TypeaheadInput.tsx).
 * The box passes on what the user typed once typing pauses; the address (the list's URL) then follows, a
 * render or more later. Two kinds of address change must be told apart:
 *  - the address catching up with what this box passed on: the box keeps whatever was typed since;
 *  - any other change (Back, "Azzera i filtri", a link): the box shows the address.
 */
export interface TypeaheadState {
  /** What is in the box. */
  text: string;
  /** The value the box last passed on, or last took from the address. */
  sent: string;
  /** The address value the box last saw. */
  seen: string;
}

export function initialTypeahead(address: string): TypeaheadState {
  return { text: address, sent: address, seen: address };
}

/** The state once the address holds `address` (the same state when nothing changed). */
export function followAddress(state: TypeaheadState, address: string): TypeaheadState {
  if (address === state.seen) return state;
  if (address === state.sent) return { ...state, seen: address };
  return { text: state.text.trim() === address ? state.text : address, sent: address, seen: address };
}

/** The value to pass on once typing pauses on this state, or undefined when the box holds nothing new. */
export function valueToPass(state: TypeaheadState): string | undefined {
  const settled = state.text.trim();
  return settled === state.sent ? undefined : settled;
}
