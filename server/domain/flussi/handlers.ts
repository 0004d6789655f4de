/** File-feed search and downloads (spec/flussi/operazioni-flussi.yaml). */
import type { DomainHandler } from '../handler.js';
import { scaricaFlussoBanca, scaricaFlussoFile } from './download.js';
import { ricercaFlussi } from './ricerca.js';

export const flussiHandlers: Record<string, DomainHandler> = { ricercaFlussi, scaricaFlussoFile, scaricaFlussoBanca };
