/**
 * A record inside a related list's tab (docs/spec-language.md#related-lists-as-tabs): its record view or edit
 * form as the caller's grants allow, saved on its own with its own version (ETag), and below it its own
 * related lists, listed under `listsPath` (the nested path, so every level is checked by the server).
 */
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { userMessage } from '../../core/apiError';
import { useEntityRecord } from '../../core/hooks/useEntityRecord';
import { useFormDef } from '../../core/hooks/useFormDef';
import type { KeyValues } from '../../core/keys';
import { useSession } from '../../core/session';
import type { EntityMeta } from '../../core/types';
import { EntityForm } from './EntityForm';
import { RecordView } from './RecordView';
import { RelatedLists } from './RelatedLists';
import { recordAccess } from '../../../../common/record-access';

interface Props {
  entityName: string;
  entity: EntityMeta;
  editKey: KeyValues;
  /** The API path its related lists hang under. */
  listsPath: string;
  depth: number;
  /** Prefix of the form's field ids, unique on the page (the record's own form is `root`). */
  idPrefix: string;
  onDeleted: () => void;
}

export function RecordPanel({ entityName, entity, editKey, listsPath, depth, idPrefix, onDeleted }: Props) {
  const record = useEntityRecord(entity, editKey);
  const form = useFormDef(entityName);
  const { can } = useSession();
  if (form.status === 'error' || record.error) {
    return <Alert color="red" title="Errore">{record.error ? userMessage(record.error) : 'Modulo non disponibile - contattare il supporto'}</Alert>;
  }
  if (form.status === 'loading' || !record.record) return <Center p="md"><Loader size="sm" aria-label="Caricamento" /></Center>;
  const access = recordAccess(entity, form.value, record.record, true, can);
  return (
    <Stack gap="lg">
      {access.readOnlyView
        ? <RecordView entity={entity} form={form.value} record={record.record} editKey={editKey} onRecordChanged={record.reload} />
        : (
          <EntityForm
            entity={entity}
            form={form.value}
            initialData={record.record}
            editKey={editKey}
            record={record.record}
            canSave={access.canSave}
            onlyFields={access.restrictedFields}
            canDelete={access.canDelete}
            onCreated={() => undefined}
            onDeleted={onDeleted}
            onRecordChanged={record.reload}
            onSaved={record.refresh}
            idPrefix={idPrefix}
            actionsLabel={`Azioni ${entity.label}`}
          />
        )}
      <RelatedLists entity={entity} editKey={editKey} record={record.record} itemPath={listsPath} depth={depth} />
    </Stack>
  );
}
