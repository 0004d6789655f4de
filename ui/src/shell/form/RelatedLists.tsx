/**
 * A record's related lists (docs/spec-language.md#related-lists): for each the caller may read, a paged
 * table of the linked rows from `GET <item>/<name>`, rows that open their own record, and "Nuovo" that
 * opens the listed entity's form with the link already filled in. The page of each list is in the URL
 * (`?pagina-filiali=2`), so Back and a shared link reopen it. A list with `widget: tabs` is RelatedTabs.
 */
import { Alert, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useManifest } from '../../core/hooks/useManifest';
import { entityPath, fillRoute, keyOf, type KeyValues } from '../../core/keys';
import { resultCount } from '../../core/resultCount';
import { useSession } from '../../core/session';
import type { EntityMeta, RelatedListDef, Row } from '../../core/types';
import { cellText } from '../list/columns';
import { RelatedTabs } from './RelatedTabs';
import { useRelatedPage } from './useRelatedPage';
import { textOf } from '../../../../common/text';
import { mayCall } from '../../../../common/record-access';

interface Props {
  entity: EntityMeta;
  editKey: KeyValues;
  record: Row;
  /** The API path the lists hang under (default: the record's own; a tab's record: the nested path). */
  itemPath?: string;
  /** How many tabs this record sits in (0: the page's own record). */
  depth?: number;
}

export function RelatedLists({ entity, editKey, record, itemPath, depth = 0 }: Props) {
  const { can } = useSession();
  const entities: Partial<Record<string, EntityMeta>> = useManifest().entities;
  const visible = (entity.relatedLists ?? []).flatMap((r) => {
    const listed = entities[r.entity];
    return listed && can(listed.permissions.list) ? [{ related: r, listed }] : [];
  });
  const path = itemPath ?? entityPath(entity.path, entity.key, editKey);
  return (
    <>
      {visible.map(({ related, listed }) => (related.tabs
        ? <RelatedTabs key={related.name} itemPath={path} related={related} tabs={related.tabs} listed={listed} record={record} depth={depth} />
        : <RelatedList key={related.name} itemPath={path} related={related} listed={listed} record={record} />
      ))}
    </>
  );
}


function RelatedList({ itemPath, related, listed, record }: { itemPath: string; related: RelatedListDef; listed: EntityMeta; record: Row }) {
  const navigate = useNavigate();
  const { can } = useSession();
  const [search, setSearch] = useSearchParams();
  const param = `pagina-${related.name}`;
  const page = Math.max(1, Number.parseInt(search.get(param) ?? '1', 10) || 1);
  const { state, retry } = useRelatedPage(itemPath, related, page);

  const goTo = (next: number) => {
    setSearch((prev) => { const out = new URLSearchParams(prev); if (next > 1) out.set(param, String(next)); else out.delete(param); return out; }, { replace: true });
  };
  const open = (row: Row) => {
    const key = keyOf(listed.key, row);
    if (listed.formRoute && key) void navigate(fillRoute(listed.formRoute, key));
  };
  // The new row starts linked to this record: the listed entity's form reads its fields from the query.
  const create = () => {
    if (!listed.formRoute) return;
    const link = new URLSearchParams(Object.entries(related.link).map(([field, parentField]) => [field, textOf(record[parentField] ?? '')]));
    void navigate(`${fillRoute(listed.formRoute, {})}?${link.toString()}`);
  };
  const headingId = `correlati-${related.name}`;
  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.total / related.pageSize)) : 1;

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
        <>
          <Text size="sm" c="gray.7">{resultCount(state.total, state.capped)}</Text>
          {state.rows.length > 0 && (
            <Table.ScrollContainer minWidth={320}>
              <Table highlightOnHover striped>
                <Table.Thead>
                  <Table.Tr>{related.columns.map((c) => <Table.Th key={c.field}>{c.label}</Table.Th>)}</Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {state.rows.map((row) => (
                    <Table.Tr
                      key={Object.values(keyOf(listed.key, row) ?? {}).join('/')}
                      tabIndex={0}
                      style={{ cursor: listed.formRoute ? 'pointer' : undefined }}
                      onClick={() => { open(row); }}
                      onKeyDown={(e) => { if (e.key === 'Enter') open(row); }}
                    >
                      {related.columns.map((c) => <Table.Td key={c.field}>{cellText(c, row)}</Table.Td>)}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 && (
            <Pagination total={pages} value={Math.min(page, pages)} onChange={goTo} size="sm"
              getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Pagina successiva' : control === 'previous' ? 'Pagina precedente' : control })}
              getItemProps={(p) => ({ 'aria-label': `Pagina ${p}` })} />
          )}
        </>
      )}
    </Stack>
  );
}
