/**
 * Table columns from `entity.columns`, the key columns first (they say which row it is, also on a phone
 * where the rest scrolls), each cell formatted by the column type (Italian formats); a reference shows the
 * name of the row it points to (`_labels`), its code when the API sent none. Each column opens at the width
 * core/columnWidths.ts gives it for the rows on screen.
 */
import { Badge } from '@mantine/core';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { holds } from '../../../../common/rules';
import { columnWidth } from '../../core/columnWidths';
import { formatCell } from '../../core/format';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '../../core/listMemory';
import { referenceLabel } from '../../../../common/display-name';
import type { ColumnDef, Row } from '../../core/types';
import { FileDownload } from './FileDownload';

/** What a file column shows on a row with a file (its width is the button's). */
const FILE_CELL_TEXT = 'Scarica';

/** A cell as the list shows it, with the badges of the row that the column carries ("Libreria Online [PayWay]"). */
export function cellText(column: ColumnDef, row: Row): string {
  if (column.type === 'file') return row[column.field] ? FILE_CELL_TEXT : '';
  const text = referenceLabel(row, column.field) ?? formatCell(column, row[column.field]);
  const badges = (column.badges ?? []).filter((b) => holds(b.when, row)).map((b) => `[${b.label}]`);
  return [text, ...badges].join(' ');
}

export function keyFirst(columns: readonly ColumnDef[], key: readonly string[]): ColumnDef[] {
  const keys = key.flatMap((k) => columns.filter((c) => c.field === k));
  return [...keys, ...columns.filter((c) => !key.includes(c.field))];
}

/** Each column's opening width for these rows. */
export function openingWidths(columns: readonly ColumnDef[], rows: readonly Row[]): Record<string, number> {
  return Object.fromEntries(columns.map((c) => [c.field, columnWidth(c, rows.map((r) => cellText(c, r)))]));
}

/**
 * `filePath`: the API path of a row's file (a file column shows a download button for it; undefined when the
 * row has no key to name it by).
 */
export function tableColumns(columns: readonly ColumnDef[], widths: Record<string, number>, filePath?: (row: Row, field: string) => string | undefined): MRT_ColumnDef<Row>[] {
  return columns.map((column) => ({
    id: column.field,
    header: column.label,
    accessorFn: (row: Row) => row[column.field],
    ...(column.type === 'file' ? { enableSorting: false } : {}),
    Cell: ({ row }) => {
      if (column.type === 'file') {
        const path = row.original[column.field] ? filePath?.(row.original, column.field) : undefined;
        return path ? <FileDownload path={path} label={column.label} /> : '';
      }
      // An enum code with a colour in the spec (`colors:`, seed 002 §4's outcomes) is a label with a coloured dot (dark text, for contrast); the text
      // is the same label, so the colour only helps the eye and a screen reader reads the word.
      const color = column.options?.find((o) => o.value === row.original[column.field])?.color;
      const text = cellText(column, row.original);
      return color ? <Badge color={color} variant="dot" radius="sm" tt="none" size="md" data-outcome={String(row.original[column.field])}>{text}</Badge> : text;
    },
    size: widths[column.field],
    minSize: MIN_COLUMN_WIDTH,
    maxSize: MAX_COLUMN_WIDTH,
    mantineTableBodyCellProps: column.type === 'decimal' ? { style: { justifyContent: 'flex-end', textAlign: 'right' } } : undefined,
  }));
}
