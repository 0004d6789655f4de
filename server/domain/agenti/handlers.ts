/**
 * GET agentePush/reportAttivazioni (seed 000 §2, §7): per push agent, how many POS activations it has in a
 * date range, both ends included. Activations are rows of AttivazionePush; the caller counts only those of
 * the banks in their data scope. Every agent is listed, with 0 when it has none, so the report also shows
 * who activated nothing; retired agents (attivo false) only when they have activations in the range.
 */
import { entityByName, type EntityModel } from '../../../common/model.js';
import { ApiError } from '../../http/api-error.js';
import type { DomainHandler } from '../handler.js';
import { isOrdered, reportRange } from './report-range.js';

const column = (entity: EntityModel, field: string) => entity.fields.find((f) => f.name === field)!.column;

const reportAttivazioni: DomainHandler = async (ctx) => {
  const range = reportRange(ctx.query, new Date().toISOString().slice(0, 10));
  if (!isOrdered(range)) {
    throw new ApiError('VALIDATION_ERROR', [{ field: 'dataDa', message: ctx.operation.messages!.intervalloNonValido }]);
  }
  const agents = entityByName(ctx.model, 'AgentePush');
  const activations = entityByName(ctx.model, 'AttivazionePush');
  const scope = ctx.caller?.scope ?? [];
  const counted = ctx.db(activations.table)
    .select({ agente: column(activations, 'codAgente') }).count({ n: '*' })
    .whereBetween(column(activations, 'dataAttivazione'), [range.dataDa, range.dataA])
    .groupBy(column(activations, 'codAgente'));
  if (scope !== 'all') counted.whereIn(column(activations, 'codAbi'), scope);
  // PostgreSQL answers count(*) as text (bigint): Number() reads both drivers alike.
  const counts = new Map((await counted as { agente: unknown; n: unknown }[]).map((r) => [String(r.agente), Number(r.n)]));
  const rows = await ctx.db(agents.table)
    .select({ codAgente: column(agents, 'codAgente'), nome: column(agents, 'nome'), attivo: column(agents, 'attivo') })
    .orderBy(column(agents, 'nome')).orderBy(column(agents, 'codAgente'));
  return rows
    .map((r) => ({ codAgente: String(r.codAgente), nome: String(r.nome), attivazioni: counts.get(String(r.codAgente)) ?? 0, attivo: Boolean(r.attivo), ...range }))
    .filter((r) => r.attivo || r.attivazioni > 0)
    .map(({ attivo: _attivo, ...r }) => r);
};

export const agentiHandlers: Record<string, DomainHandler> = { reportAttivazioni };
