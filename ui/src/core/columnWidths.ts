/**
 * The width a list column opens with, from its field's type and from what it holds: codes, dates and
 * amounts are narrow, booleans tiny, names and references wide. Text columns measure the longest of their
 * header word and of the values on screen (within the field's `maxLength`), so a five-digit code does not get
 * the room of a bank's name. Pixels assume the shell's 14 px table font (about 8 px a character, headers in bold a little more).
 */
import type { ColumnDef } from './types';

const CHAR_PX = 8;
/** Headers are bold: a little wider a character. */
const HEADER_CHAR_PX = 8.5;
/** Cell padding, the sort icon and the resize handle. */
const CHROME_PX = 72;
const MIN_PX = 72;
const MAX_TEXT_PX = 340;

/** Fixed widths by type: what these values look like does not depend on the row. */
const BY_TYPE: Partial<Record<ColumnDef['type'], number>> = {
  boolean: 64, date: 110, datetime: 150, decimal: 120, integer: 90,
};

/** `cells`: the column's values as displayed on the current page (may be empty before the first answer). */
export function columnWidth(column: Pick<ColumnDef, 'type' | 'label' | 'options' | 'maxLength'>, cells: readonly string[]): number {
  // A header wraps between words (list/ListTable.module.css), never inside one: its longest word is what it needs.
  const header = Math.round(Math.max(...column.label.split(/\s+/).map((w) => w.length)) * HEADER_CHAR_PX + CHROME_PX);
  const fixed = BY_TYPE[column.type];
  if (fixed !== undefined) return Math.max(header, fixed + 32, MIN_PX);
  const longest = Math.max(0, ...cells.map((c) => c.length), ...(column.options ?? []).map((o) => o.label.length));
  // Before any row arrived: a declared short field is narrow, anything else a name's width.
  const expected = cells.length || column.options?.length ? longest : Math.min(column.maxLength ?? 24, 24);
  const chars = column.maxLength !== undefined ? Math.min(expected, column.maxLength) : expected;
  const content = Math.min(chars * CHAR_PX + 32, column.type === 'reference' ? MAX_TEXT_PX : MAX_TEXT_PX - 60);
  return Math.round(Math.max(header, content, MIN_PX));
}
