/**
 * The questions the shell asks before it destroys something (issue 15 item 4): each names what will go, the
 * record by its display name (`30480 - BCC di Esempio`, as elsewhere in the app) or the child row by its
 * position and values, and says whether it can be undone. The spec's own question, when it has one, wins.
 */
import { rowName } from '../../../common/display-name';
import { isRecord, recordAt } from './guards';
import { EMPTY_VALUE, recordField, shownField } from './recordValues';

export interface Question {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Always: every question here is before destroying something (a red button). */
  destructive: true;
}

interface Deletable {
  label: string;
  display: readonly string[];
  deleteConfirmation?: { title?: string; message: string };
}

/** Before deleting a whole record (the form's "Elimina", a list row's bin). */
export function deleteQuestion(entity: Deletable, row: Record<string, unknown> | undefined, key: Record<string, unknown>): Question {
  const buttons = { confirmLabel: 'Elimina', cancelLabel: 'Annulla', destructive: true } as const;
  if (entity.deleteConfirmation) {
    return { title: entity.deleteConfirmation.title ?? 'Attenzione', message: entity.deleteConfirmation.message, ...buttons };
  }
  return {
    title: 'Conferma eliminazione',
    message: `Eliminare ${entity.label} «${rowName(entity.display, row, key)}»? L'operazione non può essere annullata.`,
    ...buttons,
  };
}

/**
 * Before removing a child row from a form (a bank's custom POS model, a user's role): `path` is rjsf's path of
 * the row (`['modelliPos', 1]`), `schema` and `uiSchema` the form's, `data` the form's data as it stands.
 */
export function childRowQuestion(schema: unknown, uiSchema: unknown, data: Record<string, unknown>, path: readonly (string | number)[]): Question {
  const [list, index] = [path.at(-2), path.at(-1)];
  const listName = typeof list === 'string' ? list : '';
  const property = recordAt(recordAt(schema, 'properties'), listName);
  const title = typeof property?.title === 'string' ? property.title : listName;
  const items = recordAt(property, 'items');
  const uiItems = recordAt(recordAt(uiSchema, listName), 'items');
  const rows: unknown = data[listName];
  const row: unknown = typeof index === 'number' && Array.isArray(rows) ? rows[index] : undefined;
  const values = isRecord(row)
    ? Object.keys(recordAt(items, 'properties') ?? {})
      .filter((field) => shownField(recordAt(uiItems, field)))
      .map((field) => recordField(field, recordAt(recordAt(items, 'properties'), field), recordAt(uiItems, field), row).value)
      .filter((value) => value !== EMPTY_VALUE)
      .slice(0, 3)
    : [];
  const which = typeof index === 'number' ? `la riga ${String(index + 1)}` : 'la riga';
  const what = values.length ? ` (${values.join(' - ')})` : '';
  return {
    title: 'Rimuovere la riga?',
    message: `Rimuovere ${which} di «${title}»${what}? La riga sarà eliminata quando si salva il modulo.`,
    confirmLabel: 'Rimuovi',
    cancelLabel: 'Annulla',
    destructive: true,
  };
}
