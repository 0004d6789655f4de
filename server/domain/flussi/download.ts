/**
 * Download of a feed record's source line (seed 000 §7 "File feed: ... download") as a text file
 * named after the feed's file and the line: only records of the caller's banks (else 404).
 */
import type { DomainHandler } from '../handler.js';

const lineFile = (fileName: string, line: unknown, content: unknown) =>
  ({ fileName: `${fileName}_riga_${String(line)}.txt`, content: `${String(content)}\n` });

export const scaricaFlussoFile: DomainHandler = async (ctx) => {
  const row = await ctx.service('FlussoFileRecord').get({ nomeFile: ctx.params.nomeFile, numRiga: Number(ctx.params.numRiga) }, ctx.caller);
  return lineFile(String(row.nomeFile), row.numRiga, row.contenuto);
};

export const scaricaFlussoBanca: DomainHandler = async (ctx) => {
  const row = await ctx.service('FlussoBancaRecord').get({ id: ctx.params.id }, ctx.caller);
  return lineFile(String(row.fileName), row.numRiga, row.contenuto);
};
