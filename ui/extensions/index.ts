/**
 * Hand-written pages the generator cannot describe. A manifest route `{ kind: "extension", component: "Name" }`
 * (spec/ui/pages.yaml) renders `extensions.Name` inside the shell; each entry is lazy so it is its own chunk.
 * `formActions` adds buttons to an entity's generic form, next to 'Salva'.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FormActionProps } from '../src/core/types';
import { ResetUserPasswordAction } from './ResetUserPasswordAction';
import { TicketMessagesAction, TicketReplyAction } from './manutenzione/TicketActions';

export const extensions: Record<string, LazyExoticComponent<ComponentType>> = {
  InfoPage: lazy(() => import('./InfoPage')),
  CambioPasswordPage: lazy(() => import('./CambioPasswordPage')),
  ImpostazioniPage: lazy(() => import('./ImpostazioniPage')),
  ContattiEsercentePage: lazy(() => import('./ContattiEsercentePage')),
  RuoliPage: lazy(() => import('./roles/RuoliPage')),
  RuoloPage: lazy(() => import('./roles/RuoloPage')),
  RicercaFlussiPage: lazy(() => import('./flussi/RicercaFlussiPage')),
  NotificaUtentiPage: lazy(() => import('./notifiche/NotificaUtentiPage')),
  ReportAttivazioniPage: lazy(() => import('./ReportAttivazioniPage')),
  ConfigurazionePage: lazy(() => import('./config/ConfigurazionePage')),
  AccessoEsercentePage: lazy(() => import('./assistenza/AccessoEsercentePage')),
  TracciatoMensilePage: lazy(() => import('./statistiche/TracciatoMensilePage')),
  CreaReportBancaPage: lazy(() => import('./statistiche/CreaReportTransazioniPage').then((m) => ({ default: m.CreaReportBancaPage }))),
  CreaReportEsercentePage: lazy(() => import('./statistiche/CreaReportTransazioniPage').then((m) => ({ default: m.CreaReportEsercentePage }))),
  ConfermaAccountPage: lazy(() => import('./business/ConfermaAccountPage')),
  RegistrazioneEsercentePage: lazy(() => import('./business/RegistrazioneEsercentePage')),
  MenuServizioPage: lazy(() => import('./public/PublicPages').then((m) => ({ default: m.MenuServizioPage }))),
  SicurezzaUtentiPage: lazy(() => import('./public/PublicPages').then((m) => ({ default: m.SicurezzaUtentiPage }))),
  TransatoEsercentePage: lazy(() => import('./public/PublicPages').then((m) => ({ default: m.TransatoEsercentePage }))),
  FattureCooperPage: lazy(() => import('./public/PublicPages').then((m) => ({ default: m.FattureCooperPage }))),
  InstallazionePosPage: lazy(() => import('./public/PublicPages').then((m) => ({ default: m.InstallazionePosPage }))),
  SospesiBancaPage: lazy(() => import('./placeholders').then((m) => ({ default: m.SospesiBancaPage }))),
  SospesiEnteCentralePage: lazy(() => import('./placeholders').then((m) => ({ default: m.SospesiEnteCentralePage }))),
};

export const formActions: Record<string, ComponentType<FormActionProps>[]> = {
  Utente: [ResetUserPasswordAction],
  TicketManutenzione: [TicketMessagesAction, TicketReplyAction],
};
