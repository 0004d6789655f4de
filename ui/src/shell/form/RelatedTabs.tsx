/**
 * A related list as paged tabs (docs/spec-language.md#related-lists-as-tabs; seed 001 §2: a merchant's stores,
 * ten a page with previous and next, each store with its terminals as tabs). One tab per row of the page,
 * each the row's record (RecordPanel). The open row and the page are in the address (route parameters
 * where the page's route has them, else the query), so a reload or a shared link reopens the same place.
 * The tabs are a tablist (arrow keys move between them); on a narrow screen they scroll sideways.
 */
import { useContext } from 'react';
import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { fillMessage } from '../../../../common/fill-message';
import { textOf } from '../../../../common/text';
import { useManifest } from '../../core/hooks/useManifest';
import { entityPath, fillRoute, keyOf } from '../../core/keys';
import { resultCount } from '../../core/resultCount';
import { useSession } from '../../core/session';
import { tabAddress, tabParam } from '../../core/tabRoute';
import type { EntityMeta, RelatedListDef, RelatedTabsDef, Row } from '../../core/types';
import { RecordPanel } from './RecordPanel';
import { useRelatedPage } from './useRelatedPage';
import { TabRouteContext } from './tabRouteContext';
import { mayCall } from '../../../../common/record-access';

interface Props { itemPath: string; related: RelatedListDef; tabs: RelatedTabsDef; listed: EntityMeta; record: Row; depth: number }


export function RelatedTabs({ itemPath, related, tabs, listed, record, depth }: Props) {
  const navigate = useNavigate();
  const { can } = useSession();
  const entities: Partial<Record<string, EntityMeta>> = useManifest().entities;
  const { pattern, ancestors } = useContext(TabRouteContext);
  const routeParams = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const read = (name: string) => tabParam(name, routeParams, search);
  const page = Math.max(1, Number.parseInt(read(tabs.pageParam) ?? '1', 10) || 1);
  const { state, retry } = useRelatedPage(itemPath, related, page);

  const rowParams = (row: Row) => Object.fromEntries(Object.entries(tabs.params).map(([param, field]) => [param, textOf(row[field] ?? '')]));
  const cleared = (names: string[]) => Object.fromEntries(names.map((n) => [n, undefined]));
  // Another row's tabs below this one start over: the terminal of another store means nothing here.
  const below = nestedTabParams(listed, entities, 2);
  const go = (values: Partial<Record<string, string>>) => {
    void navigate(tabAddress(pattern || pathname, routeParams, search, { ...ancestors, ...values }));
  };
  const rows = state.status === 'ready' ? state.rows : [];
  const tabValue = (row: Row) => Object.values(keyOf(listed.key, row) ?? {}).join('/');
  const asked = Object.entries(tabs.params).filter(([param]) => read(param) !== undefined);
  const open = rows.find((row) => asked.length > 0 && asked.every(([param, field]) => textOf(row[field] ?? '') === read(param))) ?? rows.at(0);
  const openKey = open ? keyOf(listed.key, open) : undefined;
  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.total / related.pageSize)) : 1;
  const select = (value: string | null) => {
    const row = rows.find((r) => tabValue(r) === value);
    if (row) go({ ...rowParams(row), [tabs.pageParam]: String(page), ...cleared(below) });
  };
  const toPage = (next: number) => {
    go({ ...cleared(Object.keys(tabs.params)), ...cleared(below), [tabs.pageParam]: next > 1 ? String(next) : undefined });
  };
  const create = () => {
    if (!listed.formRoute) return;
    const link = new URLSearchParams(Object.entries(related.link).map(([field, parentField]) => [field, textOf(record[parentField] ?? '')]));
    void navigate(`${fillRoute(listed.formRoute, {})}?${link.toString()}`);
  };
  const headingId = `correlati-${related.name}`;
  // A tab's own lists: one level down under this list's path (the API checks both levels), deeper their own.
  const listsPath = (key: Record<string, string>) => (depth === 0
    ? `${itemPath}/${related.name}/${listed.key.map((k) => encodeURIComponent(key[k] ?? '')).join('/')}`
    : entityPath(listed.path, listed.key, key));

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id={headingId} size="h4">{related.label}</Title>
        {listed.formRoute && listed.operations.includes('create') && mayCall(listed, 'create', can) && (
          <Button size="xs" variant="light" onClick={create}>Nuovo</Button>
        )}
      </Group>
      {state.status === 'error' && (
        <Alert color="red" title="Impossibile caricare l'elenco">
          <Stack gap="xs"><Text size="sm">{state.message}</Text><Button size="xs" variant="default" w="fit-content" onClick={() => { retry(); }}>Riprova</Button></Stack>
        </Alert>
      )}
      {state.status === 'loading' && <Text size="sm" c="gray.7">Caricamento…</Text>}
      {state.status === 'ready' && (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="gray.7">{resultCount(state.total, state.capped)}</Text>
          {pages > 1 && (
            <Group gap="xs" role="group" aria-label={`Pagine di ${related.label}`}>
              <Button size="xs" variant="default" disabled={page <= 1} onClick={() => { toPage(page - 1); }}>Pagina precedente</Button>
              <Text size="sm" aria-live="polite">Pagina {Math.min(page, pages)} di {pages}</Text>
              <Button size="xs" variant="default" disabled={page >= pages} onClick={() => { toPage(page + 1); }}>Pagina successiva</Button>
            </Group>
          )}
        </Group>
      )}
      {open && openKey && (
        <Tabs value={tabValue(open)} onChange={select} keepMounted={false} variant="outline">
          <Tabs.List aria-label={related.label} style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {rows.map((row) => (
              <Tabs.Tab key={tabValue(row)} value={tabValue(row)} style={{ whiteSpace: 'nowrap' }}>{fillMessage(tabs.label, row)}</Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tabValue(open)} pt="md">
            <TabRouteContext.Provider value={{ pattern, ancestors: { ...ancestors, [tabs.pageParam]: String(page), ...rowParams(open) } }}>
              <RecordPanel
                key={tabValue(open)}
                entityName={related.entity}
                entity={listed}
                editKey={openKey}
                listsPath={listsPath(openKey)}
                depth={depth + 1}
                idPrefix={related.name}
                onDeleted={() => { retry(); }}
              />
            </TabRouteContext.Provider>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

/** The tab parameters of the lists inside a listed row's tab, `levels` deep. */
function nestedTabParams(entity: EntityMeta, entities: Partial<Record<string, EntityMeta>>, levels: number): string[] {
  if (levels === 0) return [];
  return (entity.relatedLists ?? []).flatMap((r) => {
    const inner = entities[r.entity];
    return r.tabs ? [...Object.keys(r.tabs.params), r.tabs.pageParam, ...(inner ? nestedTabParams(inner, entities, levels - 1) : [])] : [];
  });
}
