/**
 * The table every file field's uploads are kept in (server/files/): one row per stored file with its
 * metadata and, with the database store, its bytes. The generator creates it (generator/migrations/
 * snapshot.ts) as soon as one entity has a `type: file` field; the server reads and writes it. A row of
 * an entity keeps only the `id` of its file in the file field's column.
 */
export const STORED_FILE_TABLE = 'file_archiviato';

/** Column names, shared by the migration that creates them and the code that uses them. */
export const STORED_FILE_COLUMNS = {
  id: 'id',
  name: 'nome_originale',
  contentType: 'content_type',
  size: 'dimensione',
  sha256: 'sha256',
  /** The bytes with the database store; null with the folder store (the bytes are a file named by id). */
  content: 'contenuto',
  createdAt: 'creato_il',
} as const;

/** Longest original file name kept (longer names are refused by the upload check). */
export const STORED_FILE_NAME_MAX = 255;
