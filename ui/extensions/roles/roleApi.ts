/** Roles through the generic data provider: entity Ruolo at gruppi/{groupName}/ruoli[/{roleName}]. */
import { useMemo } from 'react';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';
import { useEntityMeta } from '../../src/core/hooks/useManifest';
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

export function useRoleApi() {
  const provider = useDataProvider();
  const meta = useEntityMeta('Ruolo');
  return useMemo(() => ({
    meta,
    list: async (groupName: string, signal?: AbortSignal) =>
      (await provider.list(meta, { page: 0, size: meta.maxPageSize, sort: [{ field: 'roleName', direction: 'asc' }], pathParams: { groupName } }, signal)).results as unknown as Role[],
    get: async (groupName: string, roleName: string, signal?: AbortSignal) => {
      const row = await provider.get(meta, { groupName, roleName }, signal);
      return { ...row, permessi: Array.isArray(row.permessi) ? row.permessi : [] } as unknown as Role;
    },
    create: (role: Role) => provider.create(meta, roleBody(role)),
    update: (role: Role) => provider.update(meta, { groupName: role.groupName, roleName: role.roleName }, roleBody(role)),
    remove: (groupName: string, roleName: string) => provider.remove(meta, { groupName, roleName }),
  }), [provider, meta]);
}
