/** Recognizes constraint violations of SQLite and PostgreSQL, so both answer with the same API error. */
export type ConstraintKind = 'unique' | 'foreignKey';

export function constraintKind(error: unknown): ConstraintKind | undefined {
  const e = error as { code?: string; message?: string };
  if (e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '')) return 'unique';
  if (e?.code === '23503' || /FOREIGN KEY constraint failed/.test(e?.message ?? '')) return 'foreignKey';
  return undefined;
}
