/**
 * Generic list page (route kind "list"): server-side paging (0-based page, the entity's page size), sorting
 * (`sort=field,asc|desc`) and filters from the manifest; a row opens the form route with its key filled in.
 */
import 'mantine-react-table/styles.css';
import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MantineReactTable, useMantineReactTable, type MRT_PaginationState, type MRT_SortingState } from 'mantine-react-table';
import { MRT_Localization_IT } from 'mantine-react-table/locales/it/index.esm.mjs';
import { useNavigate } from 'react-router-dom';
import { bannerMessage, userMessage } from '../../core/apiError';
import type { FilterValue } from '../../core/dataProvider';
import { useEntityList } from '../../core/hooks/useEntityList';
import { useEntityMutations } from '../../core/hooks/useEntityMutations';
import { useEntityMeta, useManifest } from '../../core/hooks/useManifest';
import { fillRoute, keyOf } from '../../core/keys';
import { useSession } from '../../core/session';
import type { Row, SortSpec } from '../../core/types';
import { useBanners } from '../banners';
import { tableColumns } from '../list/columns';
import { ExportMenu } from '../list/ExportMenu';
import { FilterBar } from '../list/FilterBar';
import { missingRequiredFilter } from '../list/requiredFilter';
import { useModals } from '../modals/modalsContext';
import { usePageTitle } from '../pageTitle';

export default function ListPage({ entityName }: { entityName: string }) {
  const { ui } = useManifest();
  const entity = useEntityMeta(entityName);
  const navigate = useNavigate();
  const modals = useModals();
  const banners = useBanners();
  const mutations = useEntityMutations(entity);
  const { can } = useSession();
  usePageTitle(entity.title ?? entity.labelPlural);

  const [pagination, setPagination] = useState<MRT_PaginationState>({ pageIndex: 0, pageSize: entity.pageSize });
  const [sorting, setSorting] = useState<MRT_SortingState>(
    [{ id: entity.defaultSort.field, desc: entity.defaultSort.direction === 'desc' }],
  );
  const [filters, setFilters] = useState<Record<string, FilterValue>>({});

  const sort: SortSpec[] = sorting.map((s) => ({ field: s.id, direction: s.desc ? 'desc' : 'asc' }));
  // A list that needs one of some filters (spec api.requireOneFilter) is not asked before one has a value.
  const missingFilter = missingRequiredFilter(entity, filters);
  const list = useEntityList(entity, { page: pagination.pageIndex, size: pagination.pageSize, sort, filters }, !missingFilter);

  const onFilterChange = useCallback((param: string, value: FilterValue) => {
    setFilters((f) => ({ ...f, [param]: value }));
    // A new filter makes the current page number meaningless.
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  }, []);

  const { formRoute } = entity;
  const canOpen = Boolean(formRoute) && entity.operations.includes('get');
  // Buttons the user's grants do not allow are not shown (manifest.entities[E].permissions).
  const canCreate = Boolean(entity.formRoute) && entity.operations.includes('create') && can(entity.permissions.create);
  const canDelete = entity.operations.includes('delete') && can(entity.permissions.delete);

  const remove = useCallback(async (row: Row) => {
    const key = keyOf(entity.key, row);
    if (!key) return;
    try {
      // The row as it is now: if it changes while the user confirms, the delete is refused (412), not blind.
      const version = await mutations.versionNow(key);
      const question = entity.deleteConfirmation
        ? { title: entity.deleteConfirmation.title ?? 'Attenzione', message: entity.deleteConfirmation.message }
        : { title: 'Conferma eliminazione', message: `Eliminare ${entity.label.toLowerCase()} ${Object.values(key).join(' ')}?` };
      if (!(await modals.yesNo(question))) return;
      await mutations.remove(key, version);
      banners.success(entity.deletedMessage ?? 'Eliminazione effettuata');
      list.reload();
    } catch (error) {
      banners.error(userMessage(error));
    }
  }, [entity, modals, mutations, banners, list]);

  const columns = useMemo(() => tableColumns(entity.columns), [entity.columns]);

  const table = useMantineReactTable<Row>({
    columns,
    data: list.rows,
    localization: MRT_Localization_IT,
    getRowId: (row, index) => JSON.stringify(keyOf(entity.key, row) ?? index),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: list.totalCount,
    // The table's updaters are React's own kind (a value or a function of the previous one).
    onPaginationChange: setPagination,
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    state: { pagination, sorting, isLoading: list.loading && list.rows.length === 0, showProgressBars: list.loading },
    enableFilters: false,
    enableGlobalFilter: false,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: false,
    enableTopToolbar: false,
    mantinePaginationProps: { showRowsPerPage: false },
    enableRowActions: canDelete,
    positionActionsColumn: 'last',
    renderRowActions: ({ row }) => (
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label="Elimina"
        title="Elimina"
        onClick={(e) => { e.stopPropagation(); void remove(row.original); }}
      >
        <IconTrash size={18} />
      </ActionIcon>
    ),
    mantineTableBodyRowProps: ({ row }) => canOpen && formRoute
      ? { onClick: () => void navigate(fillRoute(formRoute, row.original)), style: { cursor: 'pointer' } }
      : {},
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{entity.title ?? entity.labelPlural}</Title>
        <Group gap="sm">
          <ExportMenu entity={entity} sort={sort} filters={filters} />
          {canCreate && formRoute && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => void navigate(fillRoute(formRoute, {}))}>
              Nuovo
            </Button>
          )}
        </Group>
      </Group>
      <FilterBar filters={entity.filters} delayMs={ui.typeaheadDelayMs} onChange={onFilterChange} />
      {missingFilter && <Alert color="blue" role="status">{missingFilter}</Alert>}
      {list.error != null && <Alert color="red" title="Errore">{bannerMessage(list.error)}</Alert>}
      <MantineReactTable table={table} />
    </Stack>
  );
}
