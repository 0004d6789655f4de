/**
 * The logged-in user's notifications (seed 000 §7): GET notifiche (the modal's queue), PUT notifiche/{id}
 * ("Non mostrare piu'", kept per user so it holds in every later session) and GET notifiche/storico (the
 * history popup, paged). What a user receives is decided in received.ts.
 */
import { recordAudit } from '../../crud/audit.js';
import { Repository } from '../../crud/repository.js';
import { ApiError } from '../../http/api-error.js';
import type { DomainContext, DomainHandler } from '../handler.js';
import { NOTIFICA, NOTIFICA_LETTA, notDismissed, receivedBy, rowsOf, tablesOf, todayIso } from './received.js';

/** Active now (dataFine not passed), not dismissed, oldest first: the order the modal shows them in. */
const notificheAttive: DomainHandler = async ({ db, model, caller }) => {
  const t = tablesOf(model);
  const today = todayIso();
  const qb = receivedBy(db, t, caller!.username, today)
    .where((w) => w.whereNull(t.col('dataFine')).orWhere(t.col('dataFine'), '>=', today));
  const rows = await notDismissed(db, t, qb, caller!.username)
    .orderBy(t.col('dataInizio'), 'asc').orderBy(t.col('id'), 'asc').select('n.*');
  return rowsOf(t, rows);
};

/** Idempotent: a second call finds the row and changes nothing. A notification the user does not receive is 404. */
const nonMostrarePiu: DomainHandler = async ({ db, model, caller, params, operation }) => {
  const t = tablesOf(model);
  const username = caller!.username;
  const seen = await receivedBy(db, t, username, todayIso()).where(t.col('id'), params.id).first('n.id');
  if (!seen) throw new ApiError('NOT_FOUND');
  const store = new Repository(t.letta);
  await db.transaction(async (trx) => {
    const key = { notificaId: params.id, username };
    if (await store.exists(trx, key)) return;
    const row = { ...key, dataLettura: new Date().toISOString() };
    await store.insert(trx, row);
    await recordAudit(trx, model, { entity: NOTIFICA_LETTA, key, operation: 'create', after: row, username });
  });
  return { message: operation.successMessage };
};

/**
 * Newest first. The range filters the day a notification started being shown (dataInizio), both ends
 * included; dismissed and expired ones stay in the history. currentPage is 1-based like the popup's pages.
 */
const storicoNotifiche: DomainHandler = async (ctx: DomainContext) => {
  const { db, model, caller, query, operation } = ctx;
  const t = tablesOf(model);
  const dataDa = query.dataDa as string | undefined;
  const dataA = query.dataA as string | undefined;
  if (dataDa && dataA && dataDa > dataA) {
    throw new ApiError('VALIDATION_ERROR', [{ field: 'dataA', message: operation.messages!.rangeInverted }]);
  }
  const defaultOf = (name: string) => Number(operation.query.find((f) => f.name === name)!.default);
  const size = Number(query.pageDimension ?? defaultOf('pageDimension'));
  const page = Number(query.currentPage ?? defaultOf('currentPage'));
  const filtered = () => {
    const qb = receivedBy(db, t, caller!.username, todayIso());
    if (dataDa) qb.where(t.col('dataInizio'), '>=', dataDa);
    if (dataA) qb.where(t.col('dataInizio'), '<=', dataA);
    return qb;
  };
  const [{ count }] = await filtered().count({ count: '*' });
  const rows = await filtered().orderBy(t.col('dataInizio'), 'desc').orderBy(t.col('id'), 'desc')
    .limit(size).offset((page - 1) * size).select('n.*');
  return { results: rowsOf(t, rows), totalCount: Number(count) };
};

/**
 * The attachment of a notification the user receives (seed 000 §7 "Document download by version 1.0"): only
 * the version the notification names is kept, so another version is 404 with the spec's message; a
 * notification without a file is FILE_NOT_FOUND. The bytes go out as octet-stream (response file: binary).
 */
const allegatoNotifica: DomainHandler = async ({ db, model, caller, params, query, operation, service }) => {
  const t = tablesOf(model);
  const found = await receivedBy(db, t, caller!.username, todayIso()).where(t.col('id'), params.id).first('n.*');
  if (!found) throw new ApiError('NOT_FOUND');
  const row = rowsOf(t, [found])[0];
  if (row.versione !== query.versione) throw new ApiError('NOT_FOUND', [{ field: 'versione', message: operation.messages!.noVersion }]);
  const stored = row.allegato ? await service(NOTIFICA).files?.read(db, String(row.allegato)) : undefined;
  if (!stored) throw new ApiError('FILE_NOT_FOUND');
  return { name: row.nomeFile ? String(row.nomeFile) : stored.meta.name, bytes: stored.bytes };
};

export const notificheHandlers: Record<string, DomainHandler> = { notificheAttive, nonMostrarePiu, storicoNotifiche, allegatoNotifica };
