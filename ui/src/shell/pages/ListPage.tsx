/**
 * Generic list page (route kind "list"): server-side paging, sorting (`sort=field,asc|desc`) and filters from
 * the manifest, all held in the address (list/useListView.ts), so Back, a shared link and "Torna all'elenco"
 * show the same rows. A row opens the form route with its key filled in, by click or by Enter on the row.
 */
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { userMessage } from '../../core/apiError';
import { useEntityList } from '../../core/hooks/useEntityList';
import { useEntityMutations } from '../../core/hooks/useEntityMutations';
import { useEntityMeta, useManifest } from '../../core/hooks/useManifest';
import { fillRoute, keyOf } from '../../core/keys';
import { splitListOperations } from '../../core/listOperations';
import { viewQuery, withFilter, withoutFilters, withPage } from '../../core/listView';
import { resultCount } from '../../core/resultCount';
import { fixedListFilters } from '../../core/fixedScope';
import { useSession } from '../../core/session';
import type { Row } from '../../core/types';
import { useBanners } from '../banners';
import { ExportMenu } from '../list/ExportMenu';
import { FilterBar } from '../list/FilterBar';
import { ListOperationButton } from '../list/ListOperationButton';
import { ListSummary } from '../list/ListSummary';
import { FoldingFilters } from '../list/FoldingFilters';
import { BulkBar } from '../list/BulkBar';
import { ListPlaceholder } from '../list/ListPlaceholder';
import { listTable } from '../list/tableChunk';
import { useListView } from '../list/useListView';
import { listTitle } from '../../../../common/page-titles';
import { missingRequiredFilter } from '../list/requiredFilter';
import { localToday, openingPeriod, periodMessage } from '../list/searchPeriod';
import { useSingleChoices } from '../list/singleChoice';
import { PeriodMonths } from '../list/PeriodMonths';
import { useModals } from '../modals/modalsContext';
import { usePageTitle } from '../pageTitle';
import { mayCall } from '../../../../common/record-access';

/** The table is its own chunk (list/tableChunk.ts): the title and the filters show while it loads. */
const ListTable = listTable.Component;

export default function ListPage({ entityName }: { entityName: string }) {
  // Another list is another page: nothing of this one's state (widths, the typing in progress) carries over.
  return <EntityList key={entityName} entityName={entityName} />;
}

function EntityList({ entityName }: { entityName: string }) {
  const { ui } = useManifest();
  const entity = useEntityMeta(entityName);
  const navigate = useNavigate();
  const modals = useModals();
  const banners = useBanners();
  const mutations = useEntityMutations(entity);
  const { can, user } = useSession();
  const title = listTitle(entity);
  usePageTitle(title);

  const { view, change } = useListView(entity, entity.listRoute);
  // The bank of a single-bank user, the cab of a branch user: set and locked (core/fixedScope.ts).
  const fixed = useMemo(() => fixedListFilters(entity, user), [entity, user]);
  const filters = useMemo(() => ({ ...view.filters, ...fixed }), [view.filters, fixed]);
  // A list that needs one of some filters (spec api.requireOneFilter) is not asked before one has a value.
  const missingFilter = missingRequiredFilter(entity, filters);
  // A list searched by period (spec api.period) opens on its default period, put in the address; a period the
  // API would refuse is said here with its message, and not asked.
  const opening = useMemo(() => openingPeriod(entity, view.filters, localToday()), [entity, view.filters]);
  useEffect(() => {
    if (opening) change({ ...view, filters: { ...view.filters, ...opening } }, { replace: true });
  }, [opening, change, view]);
  const badPeriod = opening ? undefined : periodMessage(entity, filters);
  // A reference filter with one row to choose from opens chosen (spec list.selectSingle, seed 002 §6).
  const single = useSingleChoices(entity, filters);
  const choosing = single === undefined;
  useEffect(() => {
    if (single && Object.keys(single).some((param) => !view.filters[param])) change({ ...view, filters: { ...view.filters, ...single } }, { replace: true });
  }, [single, change, view]);
  const { period } = entity;
  const choosePeriod = useCallback((from: string, to: string) => {
    if (period) change({ ...view, page: 0, filters: { ...view.filters, [period.from]: from, [period.to]: to } });
  }, [period, change, view]);
  // The query core/firstList.ts asks before the first render, when it can: the same two functions build both.
  const list = useEntityList(entity, viewQuery(view, filters), !missingFilter && !opening && !badPeriod && !choosing);
  // A locked filter is not one the user set: "Rimuovi filtri" and the empty text ignore it.
  const filtered = Object.keys(view.filters).some((param) => !(param in fixed));

  // Each settled typed search folds a `collapseFilters` list's filters on a phone (FoldingFilters).
  const [searched, setSearched] = useState(0);
  const onFilterChange = useCallback((param: string, value: string | undefined, typed: boolean) => {
    change(withFilter(view, param, value), { typedIn: typed ? param : undefined });
    if (typed) setSearched((n) => n + 1);
  }, [change, view]);

  // A page past the end (an old link, the last row of the last page deleted): the last page that has rows.
  const lastPage = Math.max(0, Math.ceil(list.totalCount / view.size) - 1);
  const pastTheEnd = !list.loading && list.error == null && list.rows.length === 0 && view.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) change(withPage(view, lastPage, view.size), { replace: true });
  }, [pastTheEnd, change, view, lastPage]);

  const { formRoute } = entity;
  const canOpen = Boolean(formRoute) && entity.operations.includes('get');
  // Buttons the user's grants do not allow are not shown (manifest.entities[E].permissions).
  const canCreate = Boolean(formRoute) && entity.operations.includes('create') && mayCall(entity, 'create', can);
  const canDelete = entity.operations.includes('delete') && mayCall(entity, 'delete', can);

  const open = useCallback((row: Row) => {
    if (canOpen && formRoute) void navigate(fillRoute(formRoute, keyOf(entity.key, row) ?? {}));
  }, [canOpen, formRoute, navigate, entity.key]);

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

  // Rows selected for a bulk action (docs/spec-language.md#bulk-transitions), by row id (the key as JSON, as
  // ListTable's): only rows on screen, so another page, sort or filter starts with none. A reload of the same
  // rows keeps them, with the actions their fresh `_actions` allow.
  const bulkActions = entity.bulkActions ?? [];
  const shown = list.rows.map((row) => JSON.stringify(keyOf(entity.key, row))).join('\n');
  const [selection, setSelection] = useState<{ shown: string; ids: Record<string, boolean> }>({ shown, ids: {} });
  if (selection.shown !== shown) setSelection({ shown, ids: {} });
  const selected = useMemo(() => list.rows.filter((row) => selection.ids[JSON.stringify(keyOf(entity.key, row))]), [list.rows, selection.ids, entity.key]);
  const { reload } = list;
  const afterBulk = useCallback(() => {
    setSelection((s) => ({ ...s, ids: {} }));
    reload();
  }, [reload]);
  // Operations of the spec's list.operations: on the selected rows (above them), or on the list's filters (beside the export).
  const { onSelection, onList } = splitListOperations(entity.listOperations ?? []);
  const selectable = bulkActions.length > 0 || onSelection.some((op) => can(op.permission));

  const clearFilters = filtered ? () => change(withoutFilters(view)) : undefined;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">{title}</Title>
        <Group gap="sm">
          {onList.map((op) => <ListOperationButton key={op.label} operation={op} filters={filters} />)}
          <ExportMenu entity={entity} sort={view.sort} filters={filters} />
          {canCreate && formRoute && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => void navigate(fillRoute(formRoute, {}))}>
              Nuovo
            </Button>
          )}
        </Group>
      </Group>
      <FoldingFilters enabled={entity.collapseFilters === true} active={Object.values(filters).filter(Boolean).length} searched={searched}>
        <FilterBar
          filters={entity.filters}
          values={filters}
          locked={fixed}
          delayMs={ui.typeaheadDelayMs}
          onChange={onFilterChange}
          leading={period && <PeriodMonths period={period} filters={filters} today={localToday()} onChange={choosePeriod} />}
        />
      </FoldingFilters>
      {missingFilter && <Alert color="blue" role="status">{missingFilter}</Alert>}
      {badPeriod && <Alert color="red" role="alert" data-testid="period-message">{badPeriod}</Alert>}
      {list.error != null && (
        <Alert color="red" title="Impossibile caricare l'elenco">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{userMessage(list.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={list.reload}>Riprova</Button>
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        {/* Said to screen readers too when it changes: the answer to a filter is its count. Its line is there
            before the count is: the table below does not move down when the first answer arrives. */}
        <Text size="sm" c="gray.7" aria-live="polite" data-testid="result-count" mih={22}>
          {list.error == null && !badPeriod && !(list.loading && list.rows.length === 0) ? resultCount(list.totalCount, list.totalCountCapped) : ''}
        </Text>
        {clearFilters && <Button size="compact-sm" variant="subtle" c="blue.8" onClick={clearFilters}>Azzera i filtri</Button>}
      </Group>
      {entity.summary && !opening && !badPeriod && !missingFilter && <ListSummary summary={entity.summary} filters={filters} />}
      {selectable && <BulkBar entityName={entityName} entity={entity} actions={bulkActions} operations={onSelection} filters={filters} selected={selected} onDone={afterBulk} />}
      <Suspense fallback={<ListPlaceholder />}>
        <ListTable
          entityName={entityName}
          entity={entity}
          list={list}
          view={view}
          onViewChange={change}
          onOpen={canOpen ? open : undefined}
          onDelete={canDelete ? (row) => void remove(row) : undefined}
          emptyText={entity.emptyMessage ?? (filtered ? 'Nessun risultato con questi filtri' : 'Nessun risultato')}
          onClearFilters={clearFilters}
          selection={selectable ? { rows: selection.ids, onChange: (ids) => setSelection({ shown, ids }) } : undefined}
        />
      </Suspense>
    </Stack>
  );
}
