/**
 * The logged-in user's notifications (seed 000 §7): GET notifiche (the modal's queue), PUT notifiche/{id}
 * ("Non mostrare più", kept per user so it holds in every later session) and GET notifiche/storico (the
 * history popup, paged). What a user receives is decided in received.ts.
 */
import type { Row } from '../../crud/row-mapping.js';
import { ApiError } from '../../http/api-error.js';
import { callerIn, operationMessage, queryDefault, validatedRequest, type DomainContext, type DomainHandler } from '../handler.js';
import { NOTIFICA, NOTIFICA_LETTA, notDismissed, receivedBy, todayIso } from './received.js';
import { textOf } from '../../../common/text.js';

const ALL = 100000;

/** The notification `id` if `username` receives it, else undefined. */
async function receivedOne(ctx: DomainContext, id: string): Promise<Row | undefined> {
  const { service } = ctx;
  const received = await receivedBy(service, callerIn(ctx).username, todayIso());
  if (!received) return undefined;
  const { results } = await service(NOTIFICA).search({ page: 0, size: 1, where: [...received, { field: 'id', in: [id] }] });
  return results[0];
}

/** Active now (dataFine not passed), not dismissed, oldest first: the order the modal shows them in. */
const notificheAttive: DomainHandler = async (ctx) => {
  const { service } = ctx;
  const { username } = callerIn(ctx);
  const today = todayIso();
  const received = await receivedBy(service, username, today);
  if (!received) return [];
  const { results } = await service(NOTIFICA).search({
    page: 0, size: ALL,
    where: [...received, { field: 'dataFine', from: today, orNull: true }, await notDismissed(service, username)],
    sort: [{ field: 'dataInizio', direction: 'asc' }, { field: 'id', direction: 'asc' }],
  });
  return results;
};

/** Idempotent: a second call finds the row and changes nothing. A notification the user does not receive is 404. */
const nonMostrarePiu: DomainHandler = async (ctx) => {
  const { username } = callerIn(ctx);
  if (!(await receivedOne(ctx, ctx.params.id))) throw new ApiError('NOT_FOUND');
  await ctx.transaction(async (service) => {
    const key = { notificaId: ctx.params.id, username };
    const store = service(NOTIFICA_LETTA);
    if (await store.find(key)) return;
    await store.create({ ...key, dataLettura: new Date().toISOString() }, ctx.caller);
  });
  return { message: ctx.operation.successMessage };
};

/**
 * Newest first. The range filters the day a notification started being shown (dataInizio), both ends
 * included; dismissed and expired ones stay in the history. currentPage is 1-based like the popup's pages.
 */
const storicoNotifiche: DomainHandler = async (ctx) => {
  const { service, operation } = ctx;
  const { query } = validatedRequest(ctx, 'storicoNotifiche');
  const { dataDa, dataA } = query;
  if (dataDa && dataA && dataDa > dataA) {
    throw new ApiError('VALIDATION_ERROR', [{ field: 'dataA', message: operationMessage(operation, 'rangeInverted') }]);
  }
  const defaultOf = (name: string) => Number(queryDefault(operation, name));
  const size = query.pageDimension ?? defaultOf('pageDimension');
  const page = query.currentPage ?? defaultOf('currentPage');
  const received = await receivedBy(service, callerIn(ctx).username, todayIso());
  if (!received) return { results: [], totalCount: 0 };
  return service(NOTIFICA).search({
    page: page - 1, size,
    where: [...received, { field: 'dataInizio', from: dataDa, to: dataA }],
    sort: [{ field: 'dataInizio', direction: 'desc' }, { field: 'id', direction: 'desc' }],
  });
};

/**
 * The attachment of a notification the user receives (seed 000 §7 "Document download by version 1.0"): only
 * the version the notification names is kept, so another version is 404 with the spec's message; a
 * notification without a file is FILE_NOT_FOUND. The bytes go out as octet-stream (response file: binary).
 */
const allegatoNotifica: DomainHandler = async (ctx) => {
  const row = await receivedOne(ctx, ctx.params.id);
  if (!row) throw new ApiError('NOT_FOUND');
  if (row.versione !== ctx.query.versione) throw new ApiError('NOT_FOUND', [{ field: 'versione', message: operationMessage(ctx.operation, 'noVersion') }]);
  const notifiche = ctx.service(NOTIFICA);
  const stored = row.allegato ? await notifiche.files?.read(notifiche.db, textOf(row.allegato)) : undefined;
  if (!stored) throw new ApiError('FILE_NOT_FOUND');
  return { name: row.nomeFile ? textOf(row.nomeFile) : stored.meta.name, bytes: stored.bytes };
};

export const notificheHandlers: Record<string, DomainHandler> = { notificheAttive, nonMostrarePiu, storicoNotifiche, allegatoNotifica };
