/**
 * Generic form page (route kind "form"). Without a key in the route it creates (POST), with one it loads
 * (GET) and updates (PUT); after a create the view moves to the new record's edit route (seed 000 §4).
 */
import { useEffect, useRef } from 'react';
import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { userMessage } from '../../core/apiError';
import { rowName } from '../../../../common/display-name';
import { createTitle, recordTitle } from '../../../../common/page-titles';
import { useEntityRecord } from '../../core/hooks/useEntityRecord';
import { useStableValue } from '../../core/hooks/useStableValue';
import { useEntityMeta, useManifest } from '../../core/hooks/useManifest';
import { useFormDef } from '../../core/hooks/useFormDef';
import { fillRoute, keyOf, recordPath } from '../../core/keys';
import { browserStore, listAddress } from '../../core/listMemory';
import { ReadingOnly, useSession } from '../../core/session';
import { fixedFieldValues } from '../../core/fixedScope';
import { shellOfPath } from '../../core/navigation';
import type { FormDef, Row } from '../../core/types';
import { AuditPanel } from '../form/AuditPanel';
import { useModals } from '../modals/modalsContext';
import { EntityForm } from '../form/EntityForm';
import { RecordView } from '../form/RecordView';
import { RelatedLists } from '../form/RelatedLists';
import { TabRouteContext } from '../form/tabRouteContext';
import { usePageTitle } from '../pageTitle';
import { mayCall, recordAccess } from '../../../../common/record-access';

interface Props {
  entityName: string;
  routePattern: string;
  /** A read-only form view (docs/spec-language.md#form-views): the record to read, whatever the grants. */
  readOnly?: boolean;
}

/** The page in a read-only view reads only (ReadingOnly), so its own access is decided below it. */
export default function FormPage(props: Props) {
  return <ReadingOnly enabled={props.readOnly ?? false}><FormPageBody {...props} /></ReadingOnly>;
}

function FormPageBody({ entityName, routePattern, readOnly = false }: Props) {
  const entity = useEntityMeta(entityName);
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // useParams returns a new object on every render; the same key stays the same object for the memos below.
  const editKey = useStableValue(keyOf(entity.key, params));
  const record = useEntityRecord(entity, editKey);
  const form = useFormDef(entityName);
  const { can, user } = useSession();
  const { shells } = useManifest();
  const { canSave, canDelete, restrictedFields, readOnlyView } = recordAccess(entity, form.status === 'ready' ? form.value : undefined, record.record, Boolean(editKey), can);

  // Back to the list as the user left it: same page, filters and sort (core/listMemory.ts).
  // A view has no list of its own: back is its shell's home (the merchant's business home).
  const toList = () => { void navigate(readOnly ? shellOfPath(shells, routePattern).home : entity.listRoute ? listAddress(browserStore('session'), entity.listRoute) : '/'); };
  // A record is named as the shell names it where others refer to it: its `display` fields (a contract by its
  // number, not its id), the key while it loads or when they are empty.
  const name = editKey ? (record.record ? rowName(entity.display, record.record, editKey) : Object.values(editKey).join(' ')) : '';
  const title = editKey ? recordTitle(entity, name, readOnlyView) : createTitle(entity);
  usePageTitle(title);

  // Seed 001 §6: who may not create is told so (the spec's `createRefusal`) and goes home, not left on a form.
  const modals = useModals();
  const refuseCreate = !readOnly && !editKey && entity.createRefusal !== undefined && !mayCall(entity, 'create', can) ? entity.createRefusal : undefined;
  const refused = useRef(false);
  useEffect(() => {
    if (!refuseCreate || refused.current) return;
    refused.current = true;
    void modals.alert(refuseCreate).then(() => { void navigate(shellOfPath(shells, routePattern).home, { replace: true }); });
  }, [refuseCreate, modals, navigate, shells, routePattern]);

  // A read-only view creates nothing: without a key it opens the record the caller is fixed to (a merchant
  // its own, seed 001 §2 "/esercente/anaeseweb/E/{codEser} is the default for merchants"); so does the form of
  // an entity without create (a merchant's profile, seed 000 §2 /wpbusiness/profilo/datiPersonali).
  const opensOwn = readOnly || !entity.operations.includes('create');
  const ownKey = useStableValue(opensOwn && !editKey ? keyOf(entity.key, fixedFieldValues(entity.scope, user)) : undefined);
  useEffect(() => { if (ownKey) void navigate(fillRoute(routePattern, ownKey), { replace: true }); }, [ownKey, navigate, routePattern]);

  let body;
  if (refuseCreate) {
    body = <Alert color="yellow" title="Operazione non consentita">{refuseCreate}</Alert>;
  } else if ((readOnly || ownKey) && !editKey) {
    body = ownKey ? <Center p="xl"><Loader aria-label="Caricamento" /></Center> : <Alert color="yellow" title="Nessun record indicato">Indicare il codice nell'indirizzo.</Alert>;
  } else if (form.status === 'error' || record.error) {
    body = (
      <>
        <Alert color="red" title="Errore">{record.error ? userMessage(record.error) : 'Modulo non disponibile - contattare il supporto'}</Alert>
        <Button variant="default" onClick={toList} w="fit-content">Torna all'elenco</Button>
      </>
    );
  } else if (form.status === 'loading' || record.loading || (editKey && !record.record)) {
    body = <Center p="xl"><Loader aria-label="Caricamento" /></Center>;
  } else if (readOnlyView && editKey && record.record) {
    // Who may read but not change the row reads it: labels and values, not a grey disabled form.
    body = <RecordView entity={entity} form={form.value} record={record.record} editKey={editKey} onBack={toList} onRecordChanged={record.reload} />;
  } else {
    body = (
      <EntityForm
        entity={entity}
        form={form.value}
        // A create form starts from whatever the route already says (a parent key such as :groupName), and
        // from the fields the query names (a related list's "Nuovo" links the new row to its record).
        initialData={record.record ?? { ...fieldsOf(form.value, search), ...definedParams(params) }}
        editKey={editKey}
        record={record.record}
        canSave={canSave}
        onRecordChanged={record.reload}
        onSaved={record.refresh}
        onlyFields={restrictedFields}
        canDelete={canDelete}
        onCreated={(saved) => {
          const key = keyOf(entity.key, saved);
          void navigate(key ? fillRoute(routePattern, key) : entity.listRoute ?? '/', { replace: true });
        }}
        onDeleted={toList}
        onBack={toList}
        // Opening a store or a terminal tab further down the same record's route keeps this form on screen.
        leavesWhen={(current, next) => recordPath(routePattern, current.pathname, entity.key.length) !== recordPath(routePattern, next.pathname, entity.key.length)}
      />
    );
  }
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">{title}</Title>
      {body}
      {editKey && record.record && form.status === 'ready' && (
        // Tabs of related lists keep their open row in this route's parameters (:negozio?, :posid?). Not before the
        // form: shown under its loader, they jumped down when the form replaced it (layout shift 0.068 on a phone).
        <TabRouteContext.Provider value={{ pattern: routePattern, ancestors: {} }}>
          <RelatedLists entity={entity} editKey={editKey} record={record.record} />
        </TabRouteContext.Provider>
      )}
      {editKey && form.status === 'ready' && record.record && can('AUDIT:VISUALIZZAZIONE') && <AuditPanel form={form.value} editKey={editKey} />}
    </Stack>
  );
}

/** The query's values of the form's own fields (`?codAbi=30480`); anything else in the query is not data. */
function fieldsOf(form: FormDef, search: URLSearchParams): Row {
  const properties = form.schema.properties;
  const names = properties && typeof properties === 'object' ? Object.keys(properties) : [];
  return Object.fromEntries([...search.entries()].filter(([name, value]) => names.includes(name) && value !== ''));
}

function definedParams(params: Record<string, string | undefined>): Row {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
}
