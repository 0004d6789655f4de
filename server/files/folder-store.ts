/**
 * The folder store (FILE_STORAGE_DIR): the bytes are a file named by the stored file's id, the metadata
 * a row of file_archiviato written in the caller's transaction. The bytes are written (to a temporary
 * name, then renamed) before the row, removed again if the transaction rolls back, and an old file's
 * bytes are deleted only after the transaction that dropped its row has committed: neither a failed
 * upload nor a replacement leaves an orphan, and a reader never finds a row without its bytes.
 */
import { mkdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STORED_FILE_COLUMNS as C, STORED_FILE_TABLE } from '../../common/stored-files.js';
import { afterTransaction, newFileRow, readMeta, type FileStore } from './store.js';

export function folderStore(dir: string): FileStore {
  mkdirSync(dir, { recursive: true });
  // Ids are UUIDs made here (store.ts), never user input, so they are safe file names.
  const pathOf = (id: string) => join(dir, `${id}.bin`);
  return {
    kind: 'folder',
    async put(trx, file) {
      const { meta, row } = newFileRow(file, null);
      const temporary = `${pathOf(meta.id)}.tmp`;
      await writeFile(temporary, file.bytes, { flag: 'wx' });
      await rename(temporary, pathOf(meta.id));
      afterTransaction(trx, () => {}, () => rm(pathOf(meta.id), { force: true }));
      await trx(STORED_FILE_TABLE).insert(row);
      return meta;
    },
    meta: readMeta,
    async read(db, id) {
      const meta = await readMeta(db, id);
      if (!meta) return undefined;
      return { meta, bytes: await readFile(pathOf(id)) };
    },
    async remove(trx, id) {
      await trx(STORED_FILE_TABLE).where(C.id, id).delete();
      afterTransaction(trx, () => rm(pathOf(id), { force: true }));
    },
  };
}
