/**
 * A success message may name fields of the saved row as {field} (seed 000 §8: 'Utente creato con successo.
 * La password viene inviata alla mail {email}'): the shell fills them from the row the API answered.
 * A name the row lacks stays as written, so a mistake shows instead of vanishing.
 */
import { textOf } from './text.js';

export function fillMessage(message: string, row: Record<string, unknown> | undefined): string {
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = row?.[name];
    return value === undefined || value === null || typeof value === 'object' ? placeholder : textOf(value);
  });
}
