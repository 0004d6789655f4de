/** Maintenance tickets (spec/manutenzione/operazioni-manutenzione.yaml). */
import type { DomainHandler } from '../handler.js';
import { insertRisposta } from './risposta.js';
import { storicoTicket } from './storico.js';

export const manutenzioneHandlers: Record<string, DomainHandler> = { insertRisposta, storicoTicket };
