/**
 * A value typed in pieces (`ui: { widget: parts }`, docs/spec-language.md#a-value-typed-in-parts): an IBAN in
 * boxes of 2, 2, 1, 5, 5 and 12 characters (seed 001 §3, §9). The value the form keeps and the API receives is
 * always the single string, the pieces joined; these functions move between the two without React.
 */

/** The pieces of `value` at the given lengths; the last takes whatever is longer, so nothing typed is lost. */
export function splitValue(value: string, lengths: readonly number[]): string[] {
  let at = 0;
  return lengths.map((length, i) => {
    const piece = i === lengths.length - 1 ? value.slice(at) : value.slice(at, at + length);
    at += length;
    return piece;
  });
}

export function joinParts(parts: readonly string[]): string {
  return parts.join('');
}

/** What was typed or pasted, without the spaces people write an IBAN with. */
export function withoutSpaces(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * Whether `value` is shown in pieces: always without `prefixes`; with them, when it is empty, starts with one
 * of them, or is the beginning of one ('I' on the way to 'IT'). Any other value (a German IBAN) is one box.
 */
export function typedInParts(value: string, prefixes: readonly string[] | undefined): boolean {
  if (!prefixes || value === '') return true;
  return prefixes.some((prefix) => value.startsWith(prefix) || prefix.startsWith(value));
}

export interface PartsEdit {
  parts: string[];
  /** The box the caret belongs in next: the same one, or the next when this one just filled up. */
  focus: number;
}

/**
 * Box `index` now holds `text` (typed, or pasted when `pasted`). A text that fits stays in its box, and a box
 * that has just filled up hands the caret on to the next. A longer text is a whole value when it is pasted into
 * the first box or is as long as all the boxes together (an IBAN pasted anywhere), split from the start; else it
 * runs on into the following boxes, over what they held.
 */
export function editPart(parts: readonly string[], lengths: readonly number[], index: number, text: string, pasted = false): PartsEdit {
  const typed = withoutSpaces(text);
  const last = lengths.length - 1;
  const total = lengths.reduce((sum, length) => sum + length, 0);
  if (typed.length > lengths[index] && (typed.length >= total || (pasted && index === 0))) {
    const next = splitValue(typed, lengths);
    return { parts: next, focus: caretAfter(next, lengths) };
  }
  if (typed.length <= lengths[index] || index === last) {
    const next = parts.slice();
    next[index] = typed;
    const filled = typed.length >= lengths[index] && typed.length > parts[index].length && index < last;
    return { parts: next, focus: filled ? index + 1 : index };
  }
  const next = parts.slice();
  let rest = typed;
  let focus = index;
  for (let i = index; i <= last && rest !== ''; i++) {
    const piece = i === last ? rest : rest.slice(0, lengths[i]);
    next[i] = piece + next[i].slice(piece.length);
    rest = rest.slice(piece.length);
    focus = piece.length >= lengths[i] && i < last ? i + 1 : i;
  }
  return { parts: next, focus };
}

/** The box where typing goes on: the first that is not full, else the last. */
export function caretAfter(parts: readonly string[], lengths: readonly number[]): number {
  const open = parts.findIndex((part, i) => part.length < lengths[i]);
  return open === -1 ? parts.length - 1 : open;
}
