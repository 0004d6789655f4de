/** Table columns from `entity.columns`, each cell formatted by the column type (Italian formats). */
import type { MRT_ColumnDef } from 'mantine-react-table';
import { formatCell } from '../../core/format';
import type { ColumnDef, Row } from '../../core/types';

export function tableColumns(columns: readonly ColumnDef[]): MRT_ColumnDef<Row>[] {
  return columns.map((column) => ({
    id: column.field,
    header: column.label,
    accessorFn: (row: Row) => row[column.field],
    Cell: ({ cell }) => formatCell(column, cell.getValue()),
    mantineTableBodyCellProps: column.type === 'decimal' ? { style: { textAlign: 'right' } } : undefined,
  }));
}
