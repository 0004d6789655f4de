/**
 * The audit of single-sign-on and one-time-login attempts (AccessoFederato, table accesso_federato): who,
 * which kind, from where, accepted or why refused. Never the assertion: it is a credential until it expires.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AssertionKind } from './config.js';
import type { RefusalReason } from './refusal.js';

export interface Attempt {
  /** An assertion's kind, or assistance entering a merchant's profile (../acting.ts). */
  kind: AssertionKind | 'assistenza';
  userType: string;
  address: string;
  /** The user the assertion names (claimed only, when it was refused before its signature was checked). */
  username?: string;
  /** Absent: accepted. */
  refusal?: RefusalReason;
  /** Kind assistenza: the assistance user acting for the merchant's user. */
  actingBy?: string;
}

export async function recordAttempt(db: Knex, attempt: Attempt, at = new Date()): Promise<void> {
  await db('accesso_federato').insert({
    // Sorts like the attempts happened; the random part keeps two servers' ids apart.
    id: `${String(at.getTime()).padStart(15, '0')}-${randomBytes(8).toString('hex')}`,
    at: at.toISOString(),
    tipo: attempt.kind,
    esito: attempt.refusal ? 'rifiutato' : 'ok',
    motivo: attempt.refusal ?? null,
    username: attempt.username ?? null,
    user_type: attempt.userType.slice(0, 20),
    indirizzo: attempt.address.slice(0, 100),
    acting_by: attempt.actingBy ?? null,
  });
}
