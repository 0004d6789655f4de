/**
 * Bulk transitions (docs/spec-language.md#bulk-transitions): a transition with `bulk:` is also
 * `POST /<collection>/azioni/<name>` with the selected rows' keys (and the transition's input, once for all),
 * answering each row's outcome: `ok` with the transition's success message, `error` with the refusal a single
 * run would have answered, `skipped` when an `all` run stopped at another row's refusal and undid everything.
 */
import { transitionsOf, type EntityModel, type FieldModel } from '../../common/model.js';
import { fieldSchema } from '../shapes/entity-schema.js';
import { transitionInputName, type TransitionOpBuilder } from './openapi-lifecycle.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });
/** Rows one call may name: a page of a list at most. */
export const BULK_MAX_ROWS = 100;

export function addBulkTransitionPaths(
  paths: Record<string, Record<string, unknown>>, schemas: Record<string, unknown>, entity: EntityModel, collection: string,
  collectionParams: unknown[], op: TransitionOpBuilder, common: Record<string, unknown>,
): void {
  const bulk = transitionsOf(entity).filter((t) => t.bulk);
  if (!bulk.length) return;
  const keyFields = entity.key.map((k) => entity.fields.find((f) => f.name === k)).filter((f): f is FieldModel => f !== undefined);
  schemas.BulkOutcome = bulkOutcomeSchema();
  for (const t of bulk) {
    const body = {
      type: 'object', additionalProperties: false, required: ['keys'],
      properties: {
        keys: {
          type: 'array', minItems: 1, maxItems: BULK_MAX_ROWS, description: 'Le chiavi delle righe selezionate',
          items: {
            type: 'object', additionalProperties: false, required: keyFields.map((f) => f.name),
            properties: Object.fromEntries(keyFields.map((f) => [f.name, fieldSchema(f, { nullable: false })])),
          },
        },
        ...(t.input ? { input: ref(transitionInputName(entity, t)) } : {}),
      },
    };
    paths[`${collection}/azioni/${t.name}`] = {
      ...(collectionParams.length ? { parameters: collectionParams } : {}),
      post: op('bulkTransition', `${t.name}${entity.name}Multiplo`, t.permission, `${t.label} su più righe: ${entity.labelPlural}`, {
        description: `Da ${t.from.join(', ')} a ${t.to}, su ogni riga scelta${t.bulk === 'all' ? ': su tutte o su nessuna' : ', una per una'}.`,
        'x-transition': t.name,
        'x-bulk': t.bulk,
        requestBody: { required: true, content: json(body) },
        responses: { 200: { description: "L'esito di ogni riga", content: json(ref('BulkOutcome')) }, ...common },
      }),
    };
  }
}

function bulkOutcomeSchema(): Record<string, unknown> {
  return {
    type: 'object', additionalProperties: false, required: ['results', 'done', 'failed'],
    properties: {
      done: { type: 'integer', minimum: 0, description: 'Righe su cui l\'azione è stata eseguita' },
      failed: { type: 'integer', minimum: 0, description: 'Righe rifiutate o non eseguite' },
      results: {
        type: 'array',
        items: {
          type: 'object', additionalProperties: false, required: ['key', 'outcome', 'message'],
          properties: {
            key: { type: 'object', description: 'La chiave della riga, come inviata' },
            outcome: { enum: ['ok', 'error', 'skipped'] },
            message: { type: 'string' },
            code: { type: 'string' },
          },
        },
      },
    },
  };
}
