/**
 * Which notifications a user receives (seed 000 §2, §3 "User notification: userId, abi"): those of a bank
 * the user is assigned to in notifica_utente, and those addressed to every bank (abi empty) when the user
 * is assigned to any bank. A user with no assignment receives nothing. Shared by the modal's list, the
 * history and "Non mostrare piu'", so the three agree on what the user may see.
 */
import type { Knex } from 'knex';
import type { EntityModel } from '../../../common/model.js';
import { entityByName } from '../../../common/model.js';
import type { RuntimeModel } from '../../artifacts.js';
import { fromColumns, type Row } from '../../crud/row-mapping.js';

export const NOTIFICA = 'Notifica';
export const NOTIFICA_UTENTE = 'NotificaUtente';
export const NOTIFICA_LETTA = 'NotificaLetta';

export interface NotificheTables {
  notifica: EntityModel;
  assegnazione: EntityModel;
  letta: EntityModel;
  /** `n.<column>` of a Notifica field. */
  col(field: string): string;
}

export function tablesOf(model: Pick<RuntimeModel, 'entities'>): NotificheTables {
  const notifica = entityByName(model, NOTIFICA);
  const column = (e: EntityModel, f: string) => e.fields.find((x) => x.name === f)!.column;
  return {
    notifica,
    assegnazione: entityByName(model, NOTIFICA_UTENTE),
    letta: entityByName(model, NOTIFICA_LETTA),
    col: (f) => `n.${column(notifica, f)}`,
  };
}

const columnOf = (e: EntityModel, f: string) => e.fields.find((x) => x.name === f)!.column;

/** `notifica as n` restricted to what `username` receives and already published by `today`. */
export function receivedBy(db: Knex, t: NotificheTables, username: string, today: string): Knex.QueryBuilder {
  const a = t.assegnazione;
  return db(`${t.notifica.table} as n`)
    .where(t.col('dataInizio'), '<=', today)
    .whereExists((sub) => {
      sub.select(db.raw('1')).from(`${a.table} as a`)
        .where(`a.${columnOf(a, 'userId')}`, username)
        .where((w) => w.whereNull(t.col('abi')).orWhereRaw('?? = ??', [t.col('abi'), `a.${columnOf(a, 'abi')}`]));
    });
}

/** Leaves out what `username` asked not to see again. */
export function notDismissed(db: Knex, t: NotificheTables, qb: Knex.QueryBuilder, username: string): Knex.QueryBuilder {
  const l = t.letta;
  return qb.whereNotExists((sub) => {
    sub.select(db.raw('1')).from(`${l.table} as l`)
      .whereRaw('?? = ??', [`l.${columnOf(l, 'notificaId')}`, t.col('id')])
      .where(`l.${columnOf(l, 'username')}`, username);
  });
}

export function rowsOf(t: NotificheTables, rows: Row[]): Row[] {
  return rows.map((r) => fromColumns(t.notifica, r));
}

/** Today as the server's calendar day (YYYY-MM-DD, UTC), the day a notification's dates are compared with. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);
