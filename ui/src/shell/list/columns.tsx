/**
 * Table columns from `entity.columns`, each cell formatted by the column type (Italian formats); a reference
 * shows the name of the row it points to (`_labels`), its code when the API sent none.
 */
import type { MRT_ColumnDef } from 'mantine-react-table';
import { formatCell } from '../../core/format';
import { referenceLabel } from '../../core/referenceLabels';
import type { ColumnDef, Row } from '../../core/types';

export function tableColumns(columns: readonly ColumnDef[]): MRT_ColumnDef<Row>[] {
  return columns.map((column) => ({
    id: column.field,
    header: column.label,
    accessorFn: (row: Row) => row[column.field],
    Cell: ({ cell, row }) => referenceLabel(row.original, column.field) ?? formatCell(column, cell.getValue()),
    mantineTableBodyCellProps: column.type === 'decimal' ? { style: { textAlign: 'right' } } : undefined,
  }));
}
