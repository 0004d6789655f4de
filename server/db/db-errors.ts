import { isRecord } from '../records.js';

/** Recognizes constraint violations of SQLite and PostgreSQL, so both answer with the same API error. */
export type ConstraintKind = 'unique' | 'foreignKey';

export function constraintKind(error: unknown): ConstraintKind | undefined {
  const code = isRecord(error) ? error.code : undefined;
  const message = isRecord(error) && typeof error.message === 'string' ? error.message : '';
  if (code === '23505' || /UNIQUE constraint failed/.test(message)) return 'unique';
  if (code === '23503' || /FOREIGN KEY constraint failed/.test(message)) return 'foreignKey';
  return undefined;
}
