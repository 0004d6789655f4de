/**
 * GET agentePush/reportAttivazioni (seed 000 §2, §7): per push agent, how many POS activations it has in a
 * date range, both ends included. Activations are rows of AttivazionePush; the caller counts only those of
 * the banks in their data scope. Every agent is listed, with 0 when it has none, so the report also shows
 * who activated nothing; retired agents (attivo false) only when they have activations in the range.
 */
import { ApiError } from '../../http/api-error.js';
import { operationMessage, type DomainHandler } from '../handler.js';
import { isOrdered, reportRange } from './report-range.js';

const reportAttivazioni: DomainHandler = async (ctx) => {
  const range = reportRange(ctx.query, new Date().toISOString().slice(0, 10));
  if (!isOrdered(range)) {
    throw new ApiError('VALIDATION_ERROR', [{ field: 'dataDa', message: operationMessage(ctx.operation, 'intervalloNonValido') }]);
  }
  // The activations of the caller's banks only (the service's data scope), per agent.
  const counts = await ctx.service('AttivazionePush').countBy('codAgente', [{ field: 'dataAttivazione', from: range.dataDa, to: range.dataA }], ctx.caller);
  const { results: agents } = await ctx.service('AgentePush').search({
    page: 0, size: 100000, sort: [{ field: 'nome', direction: 'asc' }, { field: 'codAgente', direction: 'asc' }],
  }, ctx.caller);
  return agents
    .map((r) => ({ codAgente: String(r.codAgente), nome: String(r.nome), attivazioni: counts.get(String(r.codAgente)) ?? 0, attivo: Boolean(r.attivo), ...range }))
    .filter((r) => r.attivo || r.attivazioni > 0)
    .map(({ attivo: _attivo, ...r }) => r);
};

export const agentiHandlers: Record<string, DomainHandler> = { reportAttivazioni };
