/**
 * The file store the server uses: the folder store when FILE_STORAGE_DIR is set (README.md, Commands and
 * variables), else the database store. Every file field of every entity goes through the one store.
 */
import { databaseStore } from './database-store.js';
import { folderStore } from './folder-store.js';
import type { FileStore } from './store.js';

export type { FileStore } from './store.js';

/** FILE_STORAGE_DIR (README.md): a folder for the files; unset means the database keeps them. */
export function fileStorageDirFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.FILE_STORAGE_DIR || undefined;
}

export function createFileStore(fileStorageDir: string | undefined): FileStore {
  return fileStorageDir ? folderStore(fileStorageDir) : databaseStore();
}
