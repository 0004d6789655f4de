/**
 * The width a list column opens with, from its field's type and from what it holds: codes, dates and
 * amounts are narrow, booleans tiny, names and references wide. Text columns measure the longest of their
 * header word and of the values on screen (within the field's `maxLength`), so a five-digit code does not get
 * the room of a bank's name. Pixels assume the shell's 14 px table font (about 8 px a character, headers in bold a little more).
 * When the columns together are wider than the table's box, `fitWidths` narrows the text columns (their cells
 * wrap, list/ListTable.module.css) down to a floor that still reads; only when even the floors do not fit
 * (a phone) does the table scroll inside its own box.
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

/** The narrowest a wrapping text column gets when the table must fit its box: a word or two a line. */
const TEXT_FLOOR_PX = 130;

/** The width of the header's longest word: headers wrap between words, never inside one. */
function headerWidth(label: string): number {
  return Math.round(Math.max(...label.split(/\s+/).map((w) => w.length)) * HEADER_CHAR_PX + CHROME_PX);
}

/** `cells`: the column's values as displayed on the current page (may be empty before the first answer). */
export function columnWidth(column: Pick<ColumnDef, 'type' | 'label' | 'options' | 'maxLength'>, cells: readonly string[]): number {
  // A header wraps between words (list/ListTable.module.css), never inside one: its longest word is what it needs.
  const header = headerWidth(column.label);
  const fixed = BY_TYPE[column.type];
  if (fixed !== undefined) return Math.max(header, fixed + 32, MIN_PX);
  const longest = Math.max(0, ...cells.map((c) => c.length), ...(column.options ?? []).map((o) => o.label.length));
  // Before any row arrived: a declared short field is narrow, anything else a name's width.
  const expected = cells.length || column.options?.length ? longest : Math.min(column.maxLength ?? 24, 24);
  const chars = column.maxLength !== undefined ? Math.min(expected, column.maxLength) : expected;
  const content = Math.min(chars * CHAR_PX + 32, column.type === 'reference' ? MAX_TEXT_PX : MAX_TEXT_PX - 60);
  return Math.round(Math.max(header, content, MIN_PX));
}

/**
 * The narrowest `column` may become to fit the table's box: dates, numbers and flags keep their width (a date
 * broken over two lines reads badly); text and references wrap down to a floor, never below their header word.
 * `width`: the column's opening width (a floor is never wider).
 */
export function columnFloor(column: Pick<ColumnDef, 'type' | 'label'>, width: number): number {
  if (BY_TYPE[column.type] !== undefined) return width;
  return Math.min(width, Math.max(headerWidth(column.label), TEXT_FLOOR_PX));
}

/**
 * Widths that fit in `available` pixels: the excess is taken from each column in proportion to its room above
 * its floor, so a bank's 340 px name gives more than a 130 px code. Widths that fit already are kept; when even
 * the floors do not fit, the floors (the table then scrolls in its box, the key columns first).
 */
export function fitWidths(widths: Readonly<Record<string, number>>, floors: Readonly<Partial<Record<string, number>>>, available: number): Record<string, number> {
  const fields = Object.keys(widths);
  const total = fields.reduce((sum, f) => sum + widths[f], 0);
  if (available <= 0 || total <= available) return { ...widths };
  const floorOf = (f: string) => Math.min(floors[f] ?? widths[f], widths[f]);
  const room = fields.reduce((sum, f) => sum + widths[f] - floorOf(f), 0);
  const excess = total - available;
  if (room <= excess) return Object.fromEntries(fields.map((f) => [f, floorOf(f)]));
  // Rounded down: the sum never passes `available` by a pixel (a needless scroll bar).
  return Object.fromEntries(fields.map((f) => [f, Math.floor(widths[f] - ((widths[f] - floorOf(f)) * excess) / room)]));
}
