/**
 * Which notifications a user receives (seed 000 §2, §3 "User notification: userId, abi"): those of a bank
 * the user is assigned to in notifica_utente, and those addressed to every bank (abi empty) when the user
 * is assigned to any bank. A user with no assignment receives nothing. Shared by the modal's list, the
 * history and "Non mostrare più", so the three agree on what the user may see.
 *
 * The reads go through the services without the caller's data scope, on purpose: what a user receives is
 * decided by his own assignments, and a notification for every bank (abi empty) is in no bank's scope.
 */
import type { Condition } from '../../crud/conditions.js';
import type { EntityService } from '../../crud/entity-service.js';

export const NOTIFICA = 'Notifica';
export const NOTIFICA_UTENTE = 'NotificaUtente';
export const NOTIFICA_LETTA = 'NotificaLetta';

type Services = (entity: string) => EntityService;

/** The conditions on Notifica of what `username` receives, published by `today`; undefined: nothing. */
export async function receivedBy(service: Services, username: string, today: string): Promise<Condition[] | undefined> {
  const banks = (await service(NOTIFICA_UTENTE).listAll(undefined, { userId: username })).map((r) => String(r.abi));
  if (banks.length === 0) return undefined;
  return [{ field: 'dataInizio', to: today }, { field: 'abi', in: banks, orNull: true }];
}

/** Leaves out what `username` asked not to see again. */
export async function notDismissed(service: Services, username: string): Promise<Condition> {
  const dismissed = await service(NOTIFICA_LETTA).listAll(undefined, { username });
  return { field: 'id', notIn: dismissed.map((r) => String(r.notificaId)) };
}

/** Today as the server's calendar day (YYYY-MM-DD, UTC), the day a notification's dates are compared with. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);
