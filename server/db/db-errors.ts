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

/**
 * Which unique index a violation broke, as each database says it: PostgreSQL names the index (`constraint`),
 * SQLite lists its columns ("UNIQUE constraint failed: sconto_immediato.pdvid, sconto_immediato.tipo").
 */
export interface UniqueViolation { index?: string; table?: string; columns?: string[] }

export function uniqueViolation(error: unknown): UniqueViolation | undefined {
  if (constraintKind(error) !== 'unique' || !isRecord(error)) return undefined;
  if (typeof error.constraint === 'string') return { index: error.constraint, ...(typeof error.table === 'string' ? { table: error.table } : {}) };
  const listed = typeof error.message === 'string' ? /UNIQUE constraint failed: (.+)$/m.exec(error.message)?.[1] : undefined;
  if (!listed) return {};
  const qualified = listed.split(',').map((c) => c.trim().split('.'));
  return { table: qualified[0]?.[0], columns: qualified.map((parts) => parts.at(-1) ?? '') };
}
