/**
 * The passkeys (table passkey) and the single-use values of their ceremonies (table passkey_sfida:
 * spec/sicurezza/passkey-sfida.yaml). A challenge or proof is kept as its SHA-256 only, and is taken with one
 * conditional UPDATE (unused, unexpired, of that user): of two requests carrying the same one, one wins.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** How long a challenge or a re-authentication proof can be used (seed 000 §4; brief: 2 minutes). */
export const PASSKEY_TTL_SECONDS = 120;

/** A re-authentication proof starts with this, so the password check knows which of the two it was given. */
export const PROOF_PREFIX = 'passkey:';

type Kind = 'C' | 'P';

export interface StoredPasskey {
  credentialId: string; username: string; publicKey: string; counter: number; transports: string[];
}

interface PasskeyRow { credential_id: string; username: string; public_key: string; counter: number | string; transports: string | null }

/** Remembers a fresh value of `kind` for `username`; expired rows of anyone are swept at the same time. */
async function remember(db: Knex, kind: Kind, value: string, username: string, now = new Date()): Promise<void> {
  await db('passkey_sfida').where('expires_at', '<', now.toISOString()).delete();
  await db('passkey_sfida').insert({
    hash: sha256(value), kind, username, expires_at: new Date(now.getTime() + PASSKEY_TTL_SECONDS * 1000).toISOString(), used_at: null,
  });
}

/** True once for a value given to `username` that is unused and unexpired; it is then used. */
async function take(db: Knex, kind: Kind, value: string, username: string, now = new Date()): Promise<boolean> {
  const changed = await db('passkey_sfida')
    .where({ hash: sha256(value), kind, username }).whereNull('used_at').where('expires_at', '>', now.toISOString())
    .update({ used_at: now.toISOString() });
  return changed === 1;
}

export const rememberChallenge = (db: Knex, challenge: string, username: string) => remember(db, 'C', challenge, username);
export const takeChallenge = (db: Knex, challenge: string, username: string) => take(db, 'C', challenge, username);

/** A proof that `username` just made a passkey assertion: a critical operation accepts it once as its password. */
export async function issueProof(db: Knex, username: string): Promise<string> {
  const proof = PROOF_PREFIX + randomBytes(32).toString('base64url');
  await remember(db, 'P', proof, username);
  return proof;
}

export const takeProof = (db: Knex, proof: string, username: string) => take(db, 'P', proof, username);

export async function passkeysOf(db: Knex, username: string): Promise<StoredPasskey[]> {
  const rows = await db('passkey').where({ username }).select<PasskeyRow[]>('credential_id', 'username', 'public_key', 'counter', 'transports');
  return rows.map(passkeyOf);
}

export async function findPasskey(db: Knex, credentialId: string): Promise<StoredPasskey | undefined> {
  const row = await db('passkey').where({ credential_id: credentialId }).first<PasskeyRow | undefined>('credential_id', 'username', 'public_key', 'counter', 'transports');
  return row ? passkeyOf(row) : undefined;
}

function passkeyOf(row: PasskeyRow): StoredPasskey {
  return {
    credentialId: row.credential_id, username: row.username, publicKey: row.public_key, counter: Number(row.counter),
    transports: row.transports ? row.transports.split(',') : [],
  };
}

export async function savePasskey(db: Knex, passkey: StoredPasskey, now = new Date()): Promise<void> {
  await db('passkey').insert({
    credential_id: passkey.credentialId, username: passkey.username, public_key: passkey.publicKey, counter: passkey.counter,
    transports: passkey.transports.join(',') || null, created_at: now.toISOString(), last_used_at: null,
  });
}

/**
 * The counter an assertion reported, written only if the stored one is still the one it was checked against:
 * two assertions racing with the same counter (a clone) cannot both pass.
 */
export async function advanceCounter(db: Knex, passkey: StoredPasskey, newCounter: number, now = new Date()): Promise<boolean> {
  const changed = await db('passkey').where({ credential_id: passkey.credentialId, counter: passkey.counter })
    .update({ counter: newCounter, last_used_at: now.toISOString() });
  return changed === 1;
}

export async function deletePasskeys(db: Knex, username: string): Promise<number> {
  return db('passkey').where({ username }).delete();
}

/** What the user may see of its own passkeys: how many, the first creation and the last use. */
export async function passkeySummary(db: Knex, username: string): Promise<{ count: number; createdAt: string | null; lastUsedAt: string | null }> {
  const row = await db('passkey').where({ username })
    .first<{ count: number | string; created_at: string | null; last_used_at: string | null }>(db.raw('count(*) as count'), db.raw('min(created_at) as created_at'), db.raw('max(last_used_at) as last_used_at'));
  return { count: Number(row.count), createdAt: row.created_at, lastUsedAt: row.last_used_at };
}
