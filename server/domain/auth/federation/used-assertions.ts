/**
 * Single use (docs/federated-login.md): the jti of every assertion that passed verification is stored
 * (AsserzioneUsata, table asserzione_usata) until the assertion's own expiry; a second use finds it and is
 * refused as a replay, on any server instance and after a restart. The primary key decides between two
 * simultaneous uses: one insert wins, the other violates the key.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { constraintKind } from '../../../db/db-errors.js';
import type { AssertionKind } from './config.js';
import type { VerifiedAssertion } from './verify.js';

const TABLE = 'asserzione_usata';

/** Records the assertion as used; false when it was used already (a replay). */
export async function useOnce(db: Knex, kind: AssertionKind, assertion: VerifiedAssertion, now: Date): Promise<boolean> {
  // Rows of assertions expired for an hour (well past the clock tolerance) can go: those are refused as expired
  // before they get here.
  await db(TABLE).where('expires_at', '<', new Date(now.getTime() - 3600_000).toISOString()).del();
  try {
    await db(TABLE).insert({
      id: createHash('sha256').update(`${assertion.issuer}\n${assertion.jti}`).digest('hex'),
      tipo: kind, used_at: now.toISOString(), expires_at: assertion.expiresAt.toISOString(),
    });
    return true;
  } catch (error) {
    if (constraintKind(error) === 'unique') return false;
    throw error;
  }
}
