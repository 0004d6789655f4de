/**
 * The rows of a list page: mantine-react-table driven by the view in the address (page, size, sort), columns
 * as wide as their type and content need (list/columns.tsx), narrowed to fit the table's box (their text wraps),
 * resizable, the user's widths kept per entity. Only when even the narrowed columns do not fit (a phone) does
 * the table scroll inside its own box; there its first (key) column stays in view. The pager is compact on a phone. A row is a Tab stop
 * and opens its record on click or Enter; an empty answer and an error say so in Italian.
 */
import 'mantine-react-table/styles.css';
import { useMemo, useState } from 'react';
import { ActionIcon, Button, Stack, Text } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnSizingState, type MRT_PaginationState, type MRT_RowSelectionState, type MRT_SortingState, type MRT_Updater } from 'mantine-react-table';
import { MRT_Localization_IT } from 'mantine-react-table/locales/it/index.esm.mjs';
import type { EntityListState } from '../../core/hooks/useEntityList';
import { entityPath, keyOf } from '../../core/keys';
import { textOf } from '../../../../common/text';
import { columnFloor, fitWidths } from '../../core/columnWidths';
import { browserStore, loadColumnWidths, saveColumnWidths } from '../../core/listMemory';
import { pageSizeOptions, withPageMove, withSort, type ListView } from '../../core/listView';
import type { EntityMeta, Row } from '../../core/types';
import { keyFirst, openingWidths, tableColumns } from './columns';
import { ListPlaceholder } from './ListPlaceholder';
import classes from './ListTable.module.css';
import { WindowPager } from './WindowPager';

interface Props {
  entityName: string;
  entity: EntityMeta;
  list: EntityListState;
  view: ListView;
  onViewChange: (next: ListView) => void;
  /** Absent: rows do not open (no form, or no `get`). */
  onOpen?: (row: Row) => void;
  /** Absent: no delete button on the rows. */
  onDelete?: (row: Row) => void;
  emptyText: string;
  onClearFilters?: () => void;
  /** Absent: rows are not selectable (the entity has no bulk actions). Keyed by the row id (its key as JSON). */
  selection?: { rows: MRT_RowSelectionState; onChange: (next: MRT_RowSelectionState) => void };
}

/** Where the shell's menu becomes a burger (theme.ts): below it the list is a phone's. */
const PHONE = '(max-width: 48em)';
/** The widest the pinned key column gets on a phone (about 40% of a 390 px screen). */
const PHONE_KEY_WIDTH = 150;
/** The selection and delete columns' widths (displayColumnDefOptions) and the table's border, beside the data columns. */
const SELECT_WIDTH = 48;
const ACTIONS_WIDTH = 90;
const BORDER_WIDTH = 4;

function applied<T>(updater: MRT_Updater<T>, old: T): T {
  return updater instanceof Function ? updater(old) : updater;
}

export function ListTable({ entityName, entity, list, view, onViewChange, onOpen, onDelete, emptyText, onClearFilters, selection }: Props) {
  // Read at the first render, not in an effect after it: a phone's table would otherwise be drawn for a
  // desktop first and then pinned and narrowed, a layout shift on every list.
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false });
  const ordered = useMemo(() => keyFirst(entity.columns, entity.key), [entity.columns, entity.key]);
  // Widths from the first rows that arrive, then kept: paging must not make the columns jump.
  const [opening, setOpening] = useState<Record<string, number> | undefined>();
  if (opening === undefined && list.rows.length > 0) setOpening(openingWidths(ordered, list.rows));
  // The table mounts once the first answer is here (then stays, through paging and reloads): until then a plain
  // placeholder holds its place. The library's own loading rows cost a full table render (page size x columns
  // skeleton cells), redone when the box is measured and again when the rows arrive: most of a list's start-up work.
  const [answered, setAnswered] = useState(false);
  if (!answered && !list.loading) setAnswered(true);
  const [columnSizing, setColumnSizing] = useState<MRT_ColumnSizingState>(() => loadColumnWidths(browserStore('local'), entityName));
  const { ref: box, width: boxWidth } = useElementSize<HTMLDivElement>();
  // Beside the data columns: the selection checkboxes and the delete buttons.
  const besides = (selection ? SELECT_WIDTH : 0) + (onDelete ? ACTIONS_WIDTH : 0) + BORDER_WIDTH;
  const widths = useMemo(() => {
    const found = opening ?? openingWidths(ordered, []);
    // On a phone the pinned key column must leave room for the others: its text wraps instead.
    const first = ordered.at(0)?.field;
    const opened = phone && first !== undefined ? { ...found, [first]: Math.min(found[first], PHONE_KEY_WIDTH) } : found;
    // A width the user dragged is theirs: it is counted as it is, the other columns make room around it.
    const dragged: Partial<Record<string, number>> = columnSizing;
    const wanted = Object.fromEntries(ordered.map((c) => [c.field, dragged[c.field] ?? opened[c.field]]));
    const floors = Object.fromEntries(ordered.map((c) => [c.field, dragged[c.field] ?? columnFloor(c, opened[c.field])]));
    // Before the box is measured (width 0) the columns open as wide as they want.
    return fitWidths(wanted, floors, boxWidth - besides);
  }, [opening, ordered, phone, columnSizing, boxWidth, besides]);
  const columns = useMemo(() => tableColumns(ordered, widths, (row, field) => {
    const key = keyOf(entity.key, row);
    try {
      return key ? `${entityPath(entity.path, entity.key, key)}/${field}` : undefined;
    } catch {
      return undefined; // a nested path whose parent values the row lacks: no button rather than a broken page
    }
  }), [ordered, widths, entity.key, entity.path]);

  const pagination: MRT_PaginationState = { pageIndex: view.page, pageSize: view.size };
  const sorting: MRT_SortingState = view.sort.map((s) => ({ id: s.field, desc: s.direction === 'desc' }));

  const table = useMantineReactTable<Row>({
    columns,
    data: list.rows,
    // A phone's pager is one line: a short label for the page size, no first and last page buttons.
    // A count that stopped at the spec's countLimit reads "1-40 di oltre 1000".
    localization: { ...MRT_Localization_IT, ...(phone ? { rowsPerPage: 'Righe' } : {}), ...(list.totalCountCapped ? { of: `${MRT_Localization_IT.of} oltre` } : {}) },
    getRowId: (row, index) => JSON.stringify(keyOf(entity.key, row) ?? index),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: list.totalCount,
    onPaginationChange: (updater) => {
      const next = applied(updater, pagination);
      onViewChange(withPageMove(view, next.pageIndex, next.pageSize, list.cursors));
    },
    onSortingChange: (updater) => {
      const next = applied(updater, sorting);
      onViewChange(withSort(view, next.map((s) => ({ field: s.id, direction: s.desc ? 'desc' : 'asc' }))));
    },
    // A sorted list stays sorted: the third click does not fall back to an order the API does not promise.
    enableSortingRemoval: false,
    enableColumnResizing: true,
    columnResizeMode: 'onEnd',
    onColumnSizingChange: (updater) => {
      const next = applied(updater, columnSizing);
      setColumnSizing(next);
      saveColumnWidths(browserStore('local'), entityName, next);
    },
    enableColumnPinning: phone,
    enableRowSelection: Boolean(selection),
    // The selection belongs to the rows on screen: the page's bar above the table says it, not MRT's banner.
    positionToolbarAlertBanner: 'none',
    onRowSelectionChange: (updater) => selection?.onChange(applied(updater, selection.rows)),
    mantineSelectCheckboxProps: ({ row }) => ({ 'aria-label': `Seleziona riga ${rowName(entity, row.original, row.index)}` }),
    mantineSelectAllCheckboxProps: { 'aria-label': 'Seleziona tutte le righe della pagina' },
    displayColumnDefOptions: {
      'mrt-row-actions': { header: 'Azioni', size: 90, grow: false },
      'mrt-row-select': { size: 48, grow: false },
    },
    state: {
      rowSelection: selection?.rows ?? {},
      pagination,
      sorting,
      columnSizing,
      // The checkbox stays beside the key column it selects by.
      columnPinning: { left: phone && ordered.length > 1 ? [...(selection ? ['mrt-row-select'] : []), ordered[0].field] : [] },
      isLoading: list.loading && list.rows.length === 0,
      showProgressBars: list.loading,
    },
    enableFilters: false,
    enableGlobalFilter: false,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: false,
    enableTopToolbar: false,
    // No first and last buttons on a phone, nor a "last page" a count stopped at countLimit cannot name.
    mantinePaginationProps: { rowsPerPageOptions: pageSizeOptions(entity).map(String), ...(phone || list.totalCountCapped ? { withEdges: false } : {}) },
    // A list with a page window (spec api.pageWindow) pages with its own pager below the table instead.
    enablePagination: entity.pageWindow === undefined,
    enableBottomToolbar: entity.pageWindow === undefined,
    // The overlay's spinner is a progressbar: it needs a name (axe aria-progressbar-name) while the first page loads.
    mantineLoadingOverlayProps: { loaderProps: { 'aria-label': 'Caricamento' } },
    mantineTableContainerProps: { className: classes.container },
    mantineBottomToolbarProps: { className: classes.toolbar },
    // The message's cell spans the whole table, wider than a phone: the message keeps to the visible box
    // (its width less the cell's padding) and stays at its left edge when the table is scrolled (issue 15).
    renderEmptyRowsFallback: () => (
      <Stack align="center" gap="xs" p="lg" className={classes.empty} style={boxWidth > 0 ? { width: `calc(${boxWidth}px - 2 * var(--table-horizontal-spacing, 0px))` } : undefined}>
        <Text fw={500}>{emptyText}</Text>
        {onClearFilters && <Button size="compact-sm" variant="subtle" c="blue.8" onClick={onClearFilters}>Azzera i filtri</Button>}
      </Stack>
    ),
    enableRowActions: Boolean(onDelete),
    positionActionsColumn: 'last',
    renderRowActions: ({ row }) => (
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label="Elimina"
        title="Elimina"
        onClick={(e) => { e.stopPropagation(); onDelete?.(row.original); }}
        onKeyDown={(e) => e.stopPropagation()}
      >
        <IconTrash size={18} />
      </ActionIcon>
    ),
    mantineTableBodyRowProps: ({ row }) => onOpen
      ? {
        tabIndex: 0,
        className: classes.openable,
        onClick: () => onOpen(row.original),
        onKeyDown: (e) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(row.original);
        },
      }
      : {},
  });

  const body = (
    <div ref={box}>
      {answered ? <MantineReactTable table={table} /> : <ListPlaceholder />}
    </div>
  );
  if (entity.pageWindow === undefined) return body;
  return (
    <Stack gap="xs">
      {body}
      <WindowPager page={view.page} size={view.size} totalCount={list.totalCount} capped={list.totalCountCapped} more={list.cursors.next !== undefined} window={entity.pageWindow} onPage={(p) => onViewChange(withPageMove(view, p, view.size, list.cursors))} />
    </Stack>
  );
}

/**
 * How a checkbox names its row to a screen reader: the values of its display fields when the list shows them
 * (a bank's name), else its place on the page (a movement's key is an identifier the list does not show).
 */
function rowName(entity: EntityMeta, row: Row, index: number): string {
  const shown = entity.display.length > 0 && entity.display.every((f) => entity.columns.some((c) => c.field === f));
  const name = shown ? entity.display.map((f) => textOf(row[f])).filter(Boolean).join(' ') : '';
  return name || String(index + 1);
}
