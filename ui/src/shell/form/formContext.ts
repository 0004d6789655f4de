/**
 * What EntityForm hands its widgets and custom fields through rjsf's `formContext`: the row as last loaded
 * or saved (the transfer list tells from it whether it was modified), what file fields upload with, and the
 * names the API sent for its references (`_labels`, which the form's data leaves out), and the question asked
 * before a child row is removed.
 * A type alias, not an interface: rjsf wants a context with an index signature, which only aliases imply.
 */
import type { LoadedLabel } from '../../core/referenceLabels';
import type { Row } from '../../core/types';
import type { FileFormContext } from './StoredFileWidget';

export type ShellFormContext = {
  baseline?: Row;
  files?: FileFormContext;
  /** The names the API sent with the row and its child rows, by field id (labelsById). */
  labels?: Record<string, LoadedLabel>;
  /** The form's data as it is now: a lookup offers the rows its filterBy fields allow. */
  data?: Row;
  /** Sets fields of the form at once (a lookup's choice and the fields it fills). */
  fill?: (values: Row) => void;
  /** Asks the user whether to remove the child row at rjsf's `path` (`['modelliPos', 1]`); true to go on. */
  confirmRowRemoval?: (path: readonly (string | number)[]) => Promise<boolean>;
};

