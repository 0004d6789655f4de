/**
 * The database store: bytes and metadata in one row of file_archiviato (BLOB on SQLite, bytea on
 * PostgreSQL), so a backup of the database is a backup of the files and every change is transactional.
 */
import type { Knex } from 'knex';
import { STORED_FILE_COLUMNS as C, STORED_FILE_TABLE } from '../../common/stored-files.js';
import { metaOf, newFileRow, readMeta, type FileStore } from './store.js';

export function databaseStore(): FileStore {
  return {
    kind: 'database',
    async put(trx, file) {
      const { meta, row } = newFileRow(file, file.bytes);
      await trx(STORED_FILE_TABLE).insert(row);
      return meta;
    },
    meta: readMeta,
    async read(db: Knex | Knex.Transaction, id: string) {
      const row = await db<Record<string, unknown>>(STORED_FILE_TABLE).where(C.id, id).first();
      if (!row) return undefined;
      // A BLOB (SQLite) or bytea (PostgreSQL) arrives as a Buffer.
      const content = row[C.content];
      return { meta: metaOf(row), bytes: content instanceof Uint8Array ? Buffer.from(content) : Buffer.alloc(0) };
    },
    async remove(trx, id) {
      await trx(STORED_FILE_TABLE).where(C.id, id).delete();
    },
  };
}
