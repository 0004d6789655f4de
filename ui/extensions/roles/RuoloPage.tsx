/**
 * /security/ruoli/ruolo/:groupName/:roleName?: a role's description and grants. Without a role name it
 * creates (POST gruppi/{g}/ruoli), otherwise it loads and updates (GET/PUT gruppi/{g}/ruoli/{r}). 'Clona'
 * asks a new name and POSTs a copy with the same grants (seed 000 §6). A role of a group above the user's own (one
 * its group inherits) is shown read-only: the server lets the user read it, not change it.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, userMessage } from '../../src/core/apiError';
import { fillRoute } from '../../src/core/keys';
import { useValidationMessages } from '../../src/core/hooks/useManifest';
import { useSession } from '../../src/core/session';
import { useBanners } from '../../src/shell/banners';
import { FormActionBar } from '../../src/shell/form/FormActionBar';
import { useModals } from '../../src/shell/modals/modalsContext';
import { useCatalogue } from './catalogue';
import { GrantTable } from './GrantTable';
import { groupsAbove } from './groupsAbove';
import { ROLE_ROUTE, ROLES_ROUTE, useRoleApi, type Role } from './roleApi';


export default function RuoloPage() {
  const { required: REQUIRED } = useValidationMessages();
  const { groupName = '', roleName } = useParams();
  const session = useSession();
  const roles = useRoleApi();
  const banners = useBanners();
  const modals = useModals();
  const navigate = useNavigate();
  const creating = !roleName;
  const [role, setRole] = useState<Role | null>(creating ? { groupName, roleName: '', description: '', permessi: [] } : null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [cloneOpen, setCloneOpen] = useState(false);
  const existing = useMemo(() => role?.permessi ?? [], [role?.permessi]);
  const catalogue = useCatalogue(existing);
  const [inherited, setInherited] = useState(false);
  const canChange = (permission: string) => !inherited && session.can(permission);
  const canSave = canChange(creating ? 'GES_RUOLI:CREAZIONE' : 'GES_RUOLI:AGGIORNAMENTO');

  useEffect(() => {
    let live = true;
    session.api.myGroups().then((list) => { if (live) setInherited(groupsAbove(list, session.user?.group).has(groupName)); }, () => undefined);
    return () => { live = false; };
  }, [session.api, session.user?.group, groupName]);
  const toList = () => { void navigate(`${ROLES_ROUTE}?gruppo=${encodeURIComponent(groupName)}`); };

  useEffect(() => {
    if (creating) return;
    const controller = new AbortController();
    roles.get(groupName, roleName, controller.signal).then(setRole, (err: unknown) => { if (!controller.signal.aborted) setLoadError(err); });
    return () => controller.abort();
  }, [roles, groupName, roleName, creating]);

  const showErrors = (error: unknown) => {
    const details = error instanceof ApiError ? error.details : [];
    setFieldErrors(Object.fromEntries(details.map((d) => [d.field, d.message])));
    banners.error(userMessage(error));
  };

  const save = async () => {
    if (!role) return;
    if (creating && !role.roleName.trim()) { setFieldErrors({ roleName: REQUIRED }); return; }
    setSaving(true);
    try {
      if (creating) {
        await roles.create({ ...role, roleName: role.roleName.trim() });
        banners.success('Salvataggio effettuato');
        void navigate(fillRoute(ROLE_ROUTE, { groupName, roleName: role.roleName.trim() }), { replace: true });
      } else {
        await roles.update(role);
        banners.success('Salvataggio effettuato');
      }
      setFieldErrors({});
    } catch (error) {
      showErrors(error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!role || creating) return;
    if (!(await modals.yesNo({ title: 'Conferma eliminazione', message: `Eliminare il ruolo ${role.roleName}?` }))) return;
    try {
      await roles.remove(groupName, role.roleName);
      banners.success('Eliminazione effettuata');
      toList();
    } catch (error) {
      banners.error(userMessage(error));
    }
  };

  let body;
  if (loadError != null) body = <Alert color="red" title="Errore">{userMessage(loadError)}</Alert>;
  else if (!role) body = <Center p="xl"><Loader aria-label="Caricamento" /></Center>;
  else {
    body = (
      <>
        <Group align="flex-start" grow maw={900}>
          <TextInput label="Gruppo" value={groupName} readOnly />
          <TextInput
            label="Ruolo"
            value={role.roleName}
            readOnly={!creating}
            withAsterisk={creating}
            error={fieldErrors.roleName}
            onChange={(e) => { const v = e.currentTarget.value.toUpperCase(); setRole({ ...role, roleName: v }); }}
          />
        </Group>
        <TextInput
          label="Descrizione"
          maw={900}
          value={role.description ?? ''}
          readOnly={!canSave}
          error={fieldErrors.description}
          onChange={(e) => { const v = e.currentTarget.value; setRole({ ...role, description: v }); }}
        />
        {inherited && <Text c="dimmed">Ruolo del gruppo {groupName}, ereditato dal tuo gruppo: si consulta, non si modifica.</Text>}
        <Text fw={500}>Permessi</Text>
        {fieldErrors.permessi && <Alert color="red">{fieldErrors.permessi}</Alert>}
        <GrantTable catalogue={catalogue} grants={role.permessi} readOnly={!canSave} onChange={(permessi) => setRole({ ...role, permessi })} />
        {/* The bar every form has: it stays at the bottom of the window while the long grant table scrolls. */}
        <FormActionBar label="Azioni del ruolo">
          {canSave && <Button loading={saving} onClick={() => void save()}>Salva</Button>}
          <Button variant="default" onClick={toList}>{canSave ? 'Annulla' : "Torna all'elenco"}</Button>
          {!creating && canChange('GES_RUOLI:CREAZIONE') && <Button variant="light" onClick={() => setCloneOpen(true)}>Clona</Button>}
          {!creating && canChange('GES_RUOLI:CANCELLAZIONE') && <Button color="red" variant="light" onClick={() => void remove()}>Elimina</Button>}
        </FormActionBar>
        {cloneOpen && <CloneDialog role={role} onClose={() => setCloneOpen(false)} />}
      </>
    );
  }

  return (
    <Stack>
      <Title order={1} size="h2">{creating ? 'Nuovo ruolo' : `Ruolo ${roleName}`}</Title>
      {body}
    </Stack>
  );
}

/** Asks the new name and creates the copy in the same group, then opens it. */
function CloneDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { required: REQUIRED } = useValidationMessages();
  const roles = useRoleApi();
  const banners = useBanners();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const clone = async () => {
    const roleName = name.trim();
    if (!roleName) { setError(REQUIRED); return; }
    setBusy(true);
    try {
      await roles.create({ ...role, roleName });
      banners.success(`Ruolo clonato in ${roleName}`);
      onClose();
      void navigate(fillRoute(ROLE_ROUTE, { groupName: role.groupName, roleName }));
    } catch (err) {
      setBusy(false);
      const detail = err instanceof ApiError ? err.details.find((d) => d.field === 'roleName') : undefined;
      setError(detail?.message ?? userMessage(err));
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Clona il ruolo ${role.roleName}`} centered closeButtonProps={{ 'aria-label': 'Chiudi' }}>
      <form onSubmit={(e) => { e.preventDefault(); void clone(); }} noValidate>
        <Stack>
          <TextInput label="Nome del nuovo ruolo" data-autofocus value={name} error={error}
            onChange={(e) => { setName(e.currentTarget.value.toUpperCase()); setError(undefined); }} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Annulla</Button>
            <Button type="submit" loading={busy}>Clona</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
