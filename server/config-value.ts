/**
 * A configuration key in force (spec `config:`, GET config/{key}): the value an administrator stored, else the
 * spec's default; trimmed text. Read inside the caller's transaction when it passes one.
 */
import type { Knex } from 'knex';
import { bound } from '../common/bindings.js';
import { textOf } from '../common/text.js';
import type { RuntimeModel } from './artifacts.js';

export async function configValue(db: Knex | Knex.Transaction, model: RuntimeModel, key: string): Promise<string> {
  const store = bound(model, 'configuration');
  const stored = await db(store.entity.table).where(store.column('key'), key).first<Record<string, unknown> | undefined>(store.column('value'));
  return textOf(stored?.[store.column('value')] ?? model.config.find((k) => k.key === key)?.default ?? '').trim();
}
