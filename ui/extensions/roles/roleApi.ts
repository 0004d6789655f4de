/** Roles through the generic data provider: entity Ruolo at gruppi/{groupName}/ruoli[/{roleName}]. */
import { useMemo } from 'react';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';
import { useEntityMeta } from '../../src/core/hooks/useManifest';
import { isRecord } from '../../src/core/guards';
import type { Row } from '../../src/core/types';

export interface Grant {
  funzione: string;
  azione: string;
}

export interface Role {
  groupName: string;
  roleName: string;
  description?: string | null;
  permessi: Grant[];
}

export const ROLE_ROUTE = '/security/ruoli/ruolo/:groupName/:roleName?';
export const ROLES_ROUTE = '/security/ruoli';

/** The body POST and PUT accept (RuoloInput): grants without their parent key. */
export function roleBody(role: Role): Row {
  return {
    groupName: role.groupName,
    roleName: role.roleName,
    description: role.description ?? null,
    permessi: role.permessi.map(({ funzione, azione }) => ({ funzione, azione })),
  };
}

/** A Ruolo row as the API answers it (a list row has no `permessi`: none). */
function roleOf(row: Row): Role {
  const grants = Array.isArray(row.permessi) ? row.permessi.filter(isRecord) : [];
  return {
    groupName: String(row.groupName),
    roleName: String(row.roleName),
    description: typeof row.description === 'string' ? row.description : null,
    permessi: grants.map((g) => ({ funzione: String(g.funzione), azione: String(g.azione) })),
  };
}

export function useRoleApi() {
  const provider = useDataProvider();
  const meta = useEntityMeta('Ruolo');
  return useMemo(() => ({
    meta,
    list: async (groupName: string, signal?: AbortSignal) =>
      (await provider.list(meta, { page: 0, size: meta.maxPageSize, sort: [{ field: 'roleName', direction: 'asc' }], pathParams: { groupName } }, signal)).results.map(roleOf),
    get: async (groupName: string, roleName: string, signal?: AbortSignal) => roleOf(await provider.get(meta, { groupName, roleName }, signal)),
    create: (role: Role) => provider.create(meta, roleBody(role)),
    update: (role: Role) => provider.update(meta, { groupName: role.groupName, roleName: role.roleName }, roleBody(role)),
    remove: (groupName: string, roleName: string) => provider.remove(meta, { groupName, roleName }),
  }), [provider, meta]);
}
