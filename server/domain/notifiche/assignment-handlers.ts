/**
 * User notification assignment (seed 000 §7 "Notifications to users: find, insert, delete, insertAll and
 * deleteAll with {userId, abi}"): a row makes userId a recipient of bank abi's notifications. Only a user
 * of that bank (utente.group = abi) may be assigned; a bank user manages only his banks. Every change is
 * audited in its transaction; insertAll and deleteAll are one transaction each.
 */
import type { Knex } from 'knex';
import { entityByName } from '../../../common/model.js';
import { recordAudit } from '../../crud/audit.js';
import { Repository } from '../../crud/repository.js';
import { ApiError } from '../../http/api-error.js';
import { inScope, type Caller } from '../auth/caller.js';
import type { DomainContext, DomainHandler } from '../handler.js';
import { NOTIFICA_UTENTE } from './received.js';

const refusal = (ctx: DomainContext, name: string) => ctx.operation.messages![name];

/** A bank outside the caller's scope is refused like any write outside his banks (403, as CRUD create). */
function checkScope(caller: Caller, abi: string): void {
  if (!inScope(caller, abi)) throw new ApiError('FORBIDDEN');
}

async function checkBank(ctx: DomainContext, db: Knex | Knex.Transaction, abi: string): Promise<void> {
  const banca = await new Repository(entityByName(ctx.model, 'Banca')).find(db, { codAbi: abi });
  if (!banca) throw new ApiError('NOT_FOUND', [{ field: 'abi', message: refusal(ctx, 'bankUnknown') }]);
}

/** The users of a bank: those whose group is the bank's (head office and branches). */
const usersOf = async (ctx: DomainContext, db: Knex | Knex.Transaction, abi: string): Promise<string[]> =>
  (await new Repository(entityByName(ctx.model, 'Utente')).findWhere(db, { group: abi })).map((u) => String(u.username)).sort();

const assegnaNotificaUtente: DomainHandler = async (ctx) => {
  const userId = String(ctx.body.userId);
  const abi = String(ctx.body.abi);
  const caller = ctx.caller!;
  checkScope(caller, abi);
  const store = new Repository(entityByName(ctx.model, NOTIFICA_UTENTE));
  await ctx.db.transaction(async (trx) => {
    await checkBank(ctx, trx, abi);
    const user = await new Repository(entityByName(ctx.model, 'Utente')).find(trx, { username: userId });
    if (!user) throw new ApiError('NOT_FOUND', [{ field: 'userId', message: refusal(ctx, 'userUnknown') }]);
    if (String(user.group) !== abi) throw new ApiError('VALIDATION_ERROR', [{ field: 'userId', message: refusal(ctx, 'notOfBank') }]);
    const row = { userId, abi };
    if (await store.exists(trx, row)) throw new ApiError('DUPLICATE_KEY', [{ field: 'userId', message: refusal(ctx, 'duplicate') }]);
    await store.insert(trx, row);
    await recordAudit(trx, ctx.model, { entity: NOTIFICA_UTENTE, key: row, operation: 'create', after: row, username: caller.username });
  });
  return { message: ctx.operation.successMessage, userId, abi };
};

/** Outside the caller's banks is a plain 404, as for any row of another bank: nothing about it leaks. */
const rimuoviNotificaUtente: DomainHandler = async (ctx) => {
  const row = { userId: ctx.params.userId, abi: ctx.params.abi };
  const notAssigned = () => new ApiError('NOT_FOUND', [{ field: 'userId', message: refusal(ctx, 'notAssigned') }]);
  if (!inScope(ctx.caller!, row.abi)) throw new ApiError('NOT_FOUND');
  const store = new Repository(entityByName(ctx.model, NOTIFICA_UTENTE));
  await ctx.db.transaction(async (trx) => {
    if (!(await store.findForUpdate(trx, row))) throw notAssigned();
    await store.delete(trx, row);
    await recordAudit(trx, ctx.model, { entity: NOTIFICA_UTENTE, key: row, operation: 'delete', before: row, username: ctx.caller!.username });
  });
  return { message: ctx.operation.successMessage };
};

/** Every user of the bank not yet assigned is; `count` is how many were added. */
const assegnaNotificheBanca: DomainHandler = async (ctx) => {
  const abi = ctx.params.abi;
  checkScope(ctx.caller!, abi);
  const store = new Repository(entityByName(ctx.model, NOTIFICA_UTENTE));
  const count = await ctx.db.transaction(async (trx) => {
    await checkBank(ctx, trx, abi);
    const assigned = new Set((await store.findWhere(trx, { abi })).map((r) => String(r.userId)));
    const added = (await usersOf(ctx, trx, abi)).filter((u) => !assigned.has(u));
    for (const userId of added) {
      const row = { userId, abi };
      await store.insert(trx, row);
      await recordAudit(trx, ctx.model, { entity: NOTIFICA_UTENTE, key: row, operation: 'create', after: row, username: ctx.caller!.username });
    }
    return added.length;
  });
  return { message: ctx.operation.successMessage, count };
};

/** Every assignment of the bank goes; `count` is how many. */
const rimuoviNotificheBanca: DomainHandler = async (ctx) => {
  const abi = ctx.params.abi;
  checkScope(ctx.caller!, abi);
  const store = new Repository(entityByName(ctx.model, NOTIFICA_UTENTE));
  const count = await ctx.db.transaction(async (trx) => {
    const rows = await store.findWhere(trx, { abi });
    for (const row of rows) {
      await store.delete(trx, row);
      await recordAudit(trx, ctx.model, { entity: NOTIFICA_UTENTE, key: row, operation: 'delete', before: row, username: ctx.caller!.username });
    }
    return rows.length;
  });
  return { message: ctx.operation.successMessage, count };
};

export const assignmentHandlers: Record<string, DomainHandler> = {
  assegnaNotificaUtente, rimuoviNotificaUtente, assegnaNotificheBanca, rimuoviNotificheBanca,
};
