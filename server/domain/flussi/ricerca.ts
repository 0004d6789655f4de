/**
 * ricercaFlussi (seed 000 §5): search the feed records by terminal id, contract or free text between two
 * dates. Every routing fact is in the spec (spec/flussi/operazioni-flussi.yaml): the `flussoFile` group of
 * `tipo` reads the file feed, other types the bank-specific feed; the `soloTerminale` types are searched by
 * terminal id whatever the mode; each group of `modalita` names the record field its mode searches.
 */
import { defaultFeedSearchFrom, todayIso } from '../../../common/flussi-dates.js';
import { named, present } from '../../lookup.js';
import { queryDefault, validatedRequest, type DomainContext, type DomainHandler } from '../handler.js';
import { inputGroup } from '../enum-groups.js';

/** The two feeds: which entity, and which of its fields holds the record type and the record date. */
const FEEDS = {
  file: { entity: 'FlussoFileRecord', type: 'tipoRecord', date: 'data' },
  banca: { entity: 'FlussoBancaRecord', type: 'tipoRichiesta', date: 'dataRif' },
} as const;

/** The record field the mode searches: the name of the `modalita` group that holds it. */
function searchedField(ctx: DomainContext, tipo: string, modalita: string): string {
  const modes = named(ctx.operation.query, 'modalita', `Query inputs of ${ctx.operation.name}`);
  const forced = inputGroup(ctx.operation.query, 'tipo', 'soloTerminale').includes(tipo);
  const mode = forced ? inputGroup(ctx.operation.query, 'modalita', 'termid')[0] : modalita;
  return present(Object.entries(modes.groups ?? {}).find(([, codes]) => codes.includes(mode)), `The modalita group of mode ${mode}`)[0];
}

export const ricercaFlussi: DomainHandler = async (ctx) => {
  const { query } = validatedRequest(ctx, 'ricercaFlussi');
  const feed = inputGroup(ctx.operation.query, 'tipo', 'flussoFile').includes(query.tipo) ? FEEDS.file : FEEDS.banca;
  const defaults = (name: string) => queryDefault(ctx.operation, name);
  const field = searchedField(ctx, query.tipo, query.modalita ?? String(defaults('modalita')));
  const page = await ctx.service(feed.entity).search({
    page: query.page ?? 0,
    size: Number(query.size ?? defaults('size')),
    // Terminal id and contract match exactly; the free text anywhere in the line (the field's wildcard).
    filters: [{ field: feed.type, value: query.tipo, exact: true }, { field, value: query.valore, exact: field !== 'contenuto' }],
    sort: [{ field: feed.date, direction: 'desc' }],
    where: [{ field: feed.date, from: query.dataDa ?? defaultFeedSearchFrom(), to: query.dataA ?? todayIso() }],
  }, ctx.caller);
  return { entity: feed.entity, ...page };
};
