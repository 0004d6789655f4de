/**
 * Incremental Knex migrations. The schema the committed migrations produce is kept in
 * generated/schema-snapshot.json; each run diffs the spec against it and, when something changed,
 * writes one new timestamped migration with only that change (and its down) plus the new snapshot.
 * Committed migrations are frozen: they are passed through untouched, and a hand edit is reported.
 */
import { createHash } from 'node:crypto';
import { diffSchemas, type Change } from '../migrations/diff.js';
import { declarationsOf } from '../migrations/declarations.js';
import { describe, down, trigramRefresh, up } from '../migrations/render-changes.js';
import { emptySnapshot, MIGRATIONS_DIR, SNAPSHOT_PATH, snapshotOf, type SchemaSnapshot, type SnapshotTable } from '../migrations/snapshot.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';
import { jsonFile } from './emitter.js';

export const migrationsEmitter: Emitter = {
  name: 'migrations',
  emit: (model, ctx) => {
    const previous = readSnapshot(ctx);
    if (!previous) return [];
    const frozen = frozenMigrations(previous, ctx);
    const { changes, refusals } = diffSchemas(previous.tables, snapshotOf(model), declarationsOf(model), { collateExistingText: previous.postgresTextCollation !== 'C' });
    for (const r of refusals) ctx.report({ ...ctx.positionOf(r.at.source, r.at.path), message: r.message });
    if (refusals.length || !changes.length) return [...frozen, jsonFile(SNAPSHOT_PATH, previous)];

    const migration = renderMigration(changes, ctx, { before: previous.tables, after: snapshotOf(model) });
    const next: SchemaSnapshot = {
      format: 1,
      postgresTextCollation: 'C',
      migrations: [...previous.migrations, { file: migration.path.slice(MIGRATIONS_DIR.length + 1), sha256: sha256(migration.content) }],
      tables: snapshotOf(model),
    };
    return [...frozen, migration, jsonFile(SNAPSHOT_PATH, next)];
  },
};

function readSnapshot(ctx: EmitContext): SchemaSnapshot | undefined {
  const text = ctx.existing(SNAPSHOT_PATH);
  if (text === undefined) return emptySnapshot();
  try {
    const parsed: unknown = JSON.parse(text);
    if (isSnapshot(parsed)) return parsed;
  } catch { /* reported below */ }
  ctx.report({ file: `generated/${SNAPSHOT_PATH}`, line: 1, column: 1, message: 'The schema snapshot is not valid JSON of format 1: restore it from git (it is never edited by hand).' });
  return undefined;
}

/**
 * A snapshot of format 1 with its two lists. Their items are not checked one by one: only this emitter
 * writes the file (never a hand edit, docs/artifacts.md), so the format names the shape.
 */
function isSnapshot(value: unknown): value is SchemaSnapshot {
  return typeof value === 'object' && value !== null && 'format' in value && value.format === 1
    && 'tables' in value && Array.isArray(value.tables) && 'migrations' in value && Array.isArray(value.migrations);
}

/** The committed migrations, exactly as they are; each must still have the hash it was written with. */
function frozenMigrations(snapshot: SchemaSnapshot, ctx: EmitContext): GeneratedFile[] {
  return snapshot.migrations.flatMap(({ file, sha256: expected }) => {
    const path = `${MIGRATIONS_DIR}/${file}`;
    const content = ctx.existing(path);
    if (content === undefined) {
      ctx.report({ file: `generated/${path}`, line: 1, column: 1, message: `Migration ${file} is listed in generated/${SNAPSHOT_PATH} but missing: restore it from git.` });
      return [];
    }
    if (sha256(content) !== expected) {
      ctx.report({ file: `generated/${path}`, line: 1, column: 1, message: `Migration ${file} was edited by hand after it was generated: restore it from git and change spec/ instead; a new migration will carry the change.` });
    }
    return [{ path, content }];
  });
}

function renderMigration(changes: Change[], ctx: EmitContext, tables: { before: SnapshotTable[]; after: SnapshotTable[] }): GeneratedFile {
  const slug = slugOf(changes);
  const stamp = ctx.now().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const upCode = [...changes.map((c) => up(c)), ...trigramRefresh(changes, tables.after)].map(indent);
  const downCode = [...[...changes].reverse().map((c) => down(c)), ...trigramRefresh(changes, tables.before)].map(indent);
  const code = [...upCode, ...downCode].join('\n');
  const content = ctx.render('migration.cjs', {
    title: `${changes.length} schema change(s) from spec/:`,
    summary: changes.map(describe),
    up: upCode,
    down: downCode,
    textCollation: code.includes('textByCodePoint('),
    lengthGuard: code.includes('refuseLongerValues('),
    duplicateGuard: code.includes('refuseDuplicates('),
    trigram: code.includes('rigramIndex('),
  });
  return { path: `${MIGRATIONS_DIR}/${stamp}_${slug}.cjs`, content };
}

function slugOf(changes: Change[]): string {
  const first = changes.find((c) => c.kind !== 'collateText');
  if (!first) return 'text_by_code_point';
  const words = first.kind === 'createTable' ? `create_${first.table.name}`
    : first.kind === 'dropTable' ? `drop_${first.table.name}`
    : first.kind === 'renameTable' ? `rename_${first.from}`
    : `${first.kind.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_${first.table}`;
  const more = changes.length > 1 ? `_and_${changes.length - 1}_more` : '';
  return `${words}${more}`.replace(/[^a-z0-9_]/g, '_').slice(0, 60);
}

const indent = (code: string) => code.split('\n').map((l) => `  ${l}`).join('\n');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
