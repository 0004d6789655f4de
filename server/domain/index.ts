/**
 * Hand-written handlers of the spec's custom operations, by the name the spec gives (`handler:`).
 * The server refuses to start when the document names a handler that is not registered here.
 */
import { agentiHandlers } from './agenti/handlers.js';
import { promozioneHooks } from './assistenza/promozione-hooks.js';
import { scontoImmediatoHooks } from './esercenti/sconto-hooks.js';
import { auditHandlers } from './audit/handlers.js';
import { sollecitoContratti } from './contratti/sollecito.js';
import { ristampaTestapacco, stampaTestapacco } from './contratti/testapacco.js';
import { accountHooks } from './auth/account-hooks.js';
import { roleHooks, userHooks } from './auth/grant-hooks.js';
import type { AuthRuntime } from './auth/runtime.js';
import type { DomainHandler } from './handler.js';
import { combineHooks, type EntityHooks } from './hooks.js';
import { configHandlers } from './config/handlers.js';
import { flussiHandlers } from './flussi/handlers.js';
import { indicatorHandlers } from './indicatori/handlers.js';
import { manutenzioneHandlers } from './manutenzione/handlers.js';
import { assignmentHandlers } from './notifiche/assignment-handlers.js';
import { notificheHandlers } from './notifiche/handlers.js';
import { notificaHooks } from './notifiche/hooks.js';
import { permissionHandlers } from './permissions/handlers.js';
import { profiloPdf } from './profilo/profilo-pdf.js';
import { pagamentoMailHooks } from './pwmail/hooks.js';
import { creaReportTransazioniBanca, creaReportTransazioniEsercente } from './statistiche/report-transazioni.js';
import { tracciatoMensile } from './statistiche/tracciato.js';

/** The auth handlers are built per app, with its throttle and mail (server/app.ts, auth/handlers.ts). */
export const domainHandlers: Readonly<Record<string, DomainHandler>> = {
  ...permissionHandlers,
  ...auditHandlers,
  ...configHandlers,
  ...agentiHandlers,
  ...notificheHandlers,
  ...assignmentHandlers,
  ...manutenzioneHandlers,
  ...flussiHandlers,
  ...indicatorHandlers,
  sollecitoContratti,
  stampaTestapacco,
  ristampaTestapacco,
  tracciatoMensile,
  profiloPdf,
  creaReportTransazioniBanca,
  creaReportTransazioniEsercente,
};

/**
 * Save hooks by entity name (server/domain/hooks.ts). A user's account hooks (first password, unlock
 * mails) need the app's mail and throttle, so the set is built per app.
 */
export function entityHooks(auth: AuthRuntime): Readonly<Record<string, EntityHooks>> {
  return {
    Utente: combineHooks(userHooks, accountHooks(auth)),
    // The business portal's view of the same users (spec/sicurezza/utente-esercente.yaml): the same checks.
    UtenteEsercente: combineHooks(userHooks, accountHooks(auth)),
    // The staff's view of the merchant users (spec/sicurezza/utente-merchant.yaml): the same checks.
    UtenteMerchant: combineHooks(userHooks, accountHooks(auth)),
    Ruolo: roleHooks,
    Notifica: notificaHooks,
    Promozione: promozioneHooks,
    // A new pay-by-mail request: its cents, date, link and, sent by e-mail, its mail (spec/pwmail/).
    PagamentoMail: pagamentoMailHooks(auth),
    // A store's immediate or Ventis City discount: its terminals, its category's minimum (spec/esercenti/sconto-immediato.yaml).
    ScontoImmediato: scontoImmediatoHooks,
  };
}
