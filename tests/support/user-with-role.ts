/**
 * A user no demo role describes (a branch given the audit trail, a head-office user without one function), made
 * in the test's database with a role of its own: the role's grants, the user in its group (and cab), and the
 * password of an existing demo user, so `loginAs` signs it in with the demo password.
 */
import type { Knex } from 'knex';

export interface UserWithRole {
  username: string;
  fullName: string;
  group: string;
  cab?: string;
  role: string;
  /** [function, action] pairs of the role. */
  grants: readonly (readonly [string, string])[];
  /** A demo user whose password the new one shares. */
  passwordOf: string;
}

export async function addUserWithRole(db: Knex, user: UserWithRole): Promise<void> {
  await db('ruolo').insert({ group_name: user.group, role_name: user.role, description: user.fullName });
  await db('ruolo_permesso').insert(user.grants.map(([funzione, azione]) => ({ group_name: user.group, role_name: user.role, funzione, azione })));
  const { password_hash } = await db('credenziale').where({ username: user.passwordOf }).first();
  await db('utente').insert({ username: user.username, full_name: user.fullName, group: user.group, cab: user.cab ?? null, locked: false, enabled: true });
  await db('utente_ruolo').insert({ username: user.username, role_name: user.role });
  await db('credenziale').insert({ username: user.username, password_hash, password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0 });
}
