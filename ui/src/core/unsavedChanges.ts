/**
 * When a form holds changes the user would lose by leaving it, and what to ask then. The comparison is of
 * meaning, not of shape: rjsf turns a cleared text into `undefined`, the API sends `null`, a row may lack
 * the key altogether; all three are "empty", and emptying a field that was empty is no change.
 */
import { isRecord } from './guards';

export const LEAVE_QUESTION = {
  title: 'Modifiche non salvate',
  message: 'Le modifiche non salvate andranno perse. Uscire comunque?',
  confirmLabel: 'Esci senza salvare',
  cancelLabel: 'Resta nel modulo',
} as const;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The same data for a user: equal values, with empty ones alike however they are written. */
export function sameFormData(a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameFormData(item, b[i]));
  }
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameFormData(a[key], b[key]));
  }
  return a === b;
}

/** Before a state transition on a changed form: it applies to the row as saved, and the page then shows that. */
export function transitionOverChanges(label: string) {
  return {
    title: 'Modifiche non salvate',
    message: `«${label}» si applica ai dati salvati: le modifiche non salvate andranno perse. Continuare?`,
    confirmLabel: 'Continua',
    cancelLabel: 'Annulla',
  };
}

/**
 * Whether leaving from one location to another leaves the form: another path does; another query string on
 * the same path (the open tab, `?scheda=`) does not.
 */
export function leavesForm(current: { pathname: string }, next: { pathname: string }): boolean {
  return current.pathname !== next.pathname;
}

/**
 * Whether Enter on this element would submit the form implicitly (HTML's implicit submission: a text-like
 * input of a form with a submit button). The form saves with its button only; a textarea keeps its new
 * lines, a button its click, and an input method still composing (Japanese, Chinese) its own Enter.
 */
export function submitsOnEnter(element: { tagName: string; type?: string }, composing = false): boolean {
  if (composing || element.tagName.toUpperCase() !== 'INPUT') return false;
  return !NOT_IMPLICIT_SUBMIT.has((element.type ?? 'text').toLowerCase());
}

const NOT_IMPLICIT_SUBMIT = new Set(['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'file', 'range', 'color', 'hidden']);
