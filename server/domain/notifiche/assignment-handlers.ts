/**
 * User notification assignment (seed 000 §7 "Notifications to users: find, insert, delete, insertAll and
 * deleteAll with {userId, abi}"): a row makes userId a recipient of bank abi's notifications. Only a user
 * of that bank (utente.group = abi) may be assigned; a bank user manages only his banks. Everything goes
 * through the scoped services, so a bank user sees (and assigns) only users and banks of his scope, and
 * each change is audited in its transaction; insertAll and deleteAll are one transaction each.
 */
import type { EntityService } from '../../crud/entity-service.js';
import { ApiError } from '../../http/api-error.js';
import { inScope, type Caller } from '../auth/caller.js';
import { callerIn, operationMessage, type DomainContext, type DomainHandler } from '../handler.js';
import { NOTIFICA_UTENTE } from './received.js';

const refusal = (ctx: DomainContext, name: string) => operationMessage(ctx.operation, name);
type Services = (entity: string) => EntityService;

/** A bank outside the caller's scope is refused like any write outside his banks (403, as CRUD create). */
function checkScope(caller: Caller, abi: string): void {
  if (!inScope(caller, abi)) throw new ApiError('FORBIDDEN');
}

async function checkBank(ctx: DomainContext, service: Services, abi: string): Promise<void> {
  if (!(await service('Banca').find({ codAbi: abi }, ctx.caller))) throw new ApiError('NOT_FOUND', [{ field: 'abi', message: refusal(ctx, 'bankUnknown') }]);
}

/** The users of a bank the caller sees: those whose group is the bank's (head office and branches). */
const usersOf = async (ctx: DomainContext, service: Services, abi: string): Promise<string[]> =>
  (await service('Utente').listAll(ctx.caller, { group: abi })).map((u) => String(u.username)).sort();

const assegnaNotificaUtente: DomainHandler = async (ctx) => {
  const userId = String(ctx.body.userId);
  const abi = String(ctx.body.abi);
  const caller = callerIn(ctx);
  checkScope(caller, abi);
  await ctx.transaction(async (service) => {
    await checkBank(ctx, service, abi);
    // A user outside the caller's scope is as unknown as a missing one: nothing about it leaks.
    const user = await service('Utente').find({ username: userId }, caller);
    if (!user) throw new ApiError('NOT_FOUND', [{ field: 'userId', message: refusal(ctx, 'userUnknown') }]);
    if (String(user.group) !== abi) throw new ApiError('VALIDATION_ERROR', [{ field: 'userId', message: refusal(ctx, 'notOfBank') }]);
    const row = { userId, abi };
    const store = service(NOTIFICA_UTENTE);
    if (await store.find(row, caller)) throw new ApiError('DUPLICATE_KEY', [{ field: 'userId', message: refusal(ctx, 'duplicate') }]);
    await store.create(row, caller);
  });
  return { message: ctx.operation.successMessage, userId, abi };
};

/** Outside the caller's banks is a plain 404, as for any row of another bank: nothing about it leaks. */
const rimuoviNotificaUtente: DomainHandler = async (ctx) => {
  const row = { userId: ctx.params.userId, abi: ctx.params.abi };
  if (!inScope(callerIn(ctx), row.abi)) throw new ApiError('NOT_FOUND');
  try {
    await ctx.service(NOTIFICA_UTENTE).delete(row, ctx.caller);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') throw new ApiError('NOT_FOUND', [{ field: 'userId', message: refusal(ctx, 'notAssigned') }]);
    throw error;
  }
  return { message: ctx.operation.successMessage };
};

/** Every user of the bank not yet assigned is; `count` is how many were added. */
const assegnaNotificheBanca: DomainHandler = async (ctx) => {
  const abi = ctx.params.abi;
  checkScope(callerIn(ctx), abi);
  const count = await ctx.transaction(async (service) => {
    await checkBank(ctx, service, abi);
    const store = service(NOTIFICA_UTENTE);
    const assigned = new Set((await store.listAll(ctx.caller, { abi })).map((r) => String(r.userId)));
    const added = (await usersOf(ctx, service, abi)).filter((u) => !assigned.has(u));
    for (const userId of added) await store.create({ userId, abi }, ctx.caller);
    return added.length;
  });
  return { message: ctx.operation.successMessage, count };
};

/** Every assignment of the bank goes; `count` is how many. */
const rimuoviNotificheBanca: DomainHandler = async (ctx) => {
  const abi = ctx.params.abi;
  checkScope(callerIn(ctx), abi);
  const count = await ctx.transaction(async (service) => {
    const store = service(NOTIFICA_UTENTE);
    const rows = await store.listAll(ctx.caller, { abi });
    for (const row of rows) await store.delete({ userId: row.userId, abi: row.abi }, ctx.caller);
    return rows.length;
  });
  return { message: ctx.operation.successMessage, count };
};

export const assignmentHandlers: Record<string, DomainHandler> = {
  assegnaNotificaUtente, rimuoviNotificaUtente, assegnaNotificheBanca, rimuoviNotificheBanca,
};
