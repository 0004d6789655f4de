/**
 * Where uploaded files live (issue 5, bank logo). One interface, two stores chosen by configuration
 * (FILE_STORAGE_DIR, server/files/index.ts): the database store keeps the bytes in table
 * file_archiviato, the folder store keeps them in a folder, one file per id. Both keep the metadata
 * (original name, content type, size, sha256) in that table, so a row of an entity holds only the id,
 * and every change happens in the caller's transaction: a rolled-back upload leaves nothing behind and a
 * committed replacement leaves no orphan.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { STORED_FILE_COLUMNS as C, STORED_FILE_TABLE } from '../../common/stored-files.js';

export interface StoredFileMeta { id: string; name: string; contentType: string; size: number; sha256: string }
export interface IncomingFile { name: string; contentType: string; bytes: Buffer }

/**
 * A stored file as the audit trail shows it, in place of the field's value: its id, name, type, size and sha256,
 * never its bytes (an upload's update, a create that carried the file in its body).
 */
export function fileInAudit(meta: StoredFileMeta): Record<string, unknown> {
  return { id: meta.id, nome: meta.name, contentType: meta.contentType, dimensione: meta.size, sha256: meta.sha256 };
}

export interface FileStore {
  readonly kind: 'database' | 'folder';
  /** Stores a new file inside `trx`; it exists for others only once `trx` commits. */
  put(trx: Knex.Transaction, file: IncomingFile): Promise<StoredFileMeta>;
  /** Metadata only (no bytes), for the audit trail and checks. */
  meta(db: Knex | Knex.Transaction, id: string): Promise<StoredFileMeta | undefined>;
  /** Metadata and bytes; undefined when the id is unknown. */
  read(db: Knex | Knex.Transaction, id: string): Promise<{ meta: StoredFileMeta; bytes: Buffer } | undefined>;
  /** Removes the file inside `trx` (its bytes go when `trx` commits). */
  remove(trx: Knex.Transaction, id: string): Promise<void>;
}

/** The metadata row of a new file; `content` is the bytes for the database store, null for the folder. */
export function newFileRow(file: IncomingFile, content: Buffer | null): { meta: StoredFileMeta; row: Record<string, unknown> } {
  const meta: StoredFileMeta = {
    id: randomUUID(), name: file.name, contentType: file.contentType, size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
  };
  return {
    meta,
    row: { [C.id]: meta.id, [C.name]: meta.name, [C.contentType]: meta.contentType, [C.size]: meta.size, [C.sha256]: meta.sha256, [C.content]: content, [C.createdAt]: new Date().toISOString() },
  };
}

export async function readMeta(db: Knex | Knex.Transaction, id: string): Promise<StoredFileMeta | undefined> {
  const row = await db<Record<string, unknown>>(STORED_FILE_TABLE).where(C.id, id).first(C.id, C.name, C.contentType, C.size, C.sha256);
  return row ? metaOf(row) : undefined;
}

export function metaOf(row: Record<string, unknown>): StoredFileMeta {
  return { id: String(row[C.id]), name: String(row[C.name]), contentType: String(row[C.contentType]), size: Number(row[C.size]), sha256: String(row[C.sha256]) };
}

/** Runs `onCommit` once `trx` has committed, `onRollback` if it rolled back; never throws into the caller. */
export function afterTransaction(trx: Knex.Transaction, onCommit: () => Promise<void> | void, onRollback: () => Promise<void> | void = () => {}): void {
  const ignore = (error: unknown) => console.error('[files] cleanup after transaction failed:', error);
  trx.executionPromise.then(() => Promise.resolve(onCommit()).catch(ignore), () => Promise.resolve(onRollback()).catch(ignore));
}
