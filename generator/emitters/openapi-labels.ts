/**
 * Names beside codes (docs/spec-language.md#references): a row of an entity with reference fields carries
 * `_labels`, the display name of each referenced row (`{ codAbi: '30480 - BCC di Esempio' }`), read for the
 * whole page at once, and accepted back, ignored, in a create or update body; and a list can be searched by its
 * rows' display names (`?q=`).
 */
import type { EntityModel, FieldModel } from '../../common/model.js';
import { isJsonObject, propertiesOf } from '../shapes/entity-schema.js';
import type { ParameterObject } from './openapi-export.js';

/** The reference fields whose rows are named in `_labels`. */
export function labelledReferences(entity: EntityModel): FieldModel[] {
  return entity.fields.filter((f) => f.type === 'reference' && f.reference !== undefined);
}

/** Adds `_labels` to the row schemas (`<Entity>`, `<Entity>Detail`) of an entity with reference fields. */
export function referenceLabelSchemas(entity: EntityModel, schemas: Record<string, unknown>): void {
  const references = labelledReferences(entity);
  if (!references.length) return;
  const labels = {
    type: 'object',
    additionalProperties: false,
    description: 'Il nome di ogni riga a cui la riga fa riferimento, per campo (assente se il riferimento è vuoto o inesistente)',
    properties: Object.fromEntries(references.map((f) => [f.name, { type: 'string', description: f.label }])),
  };
  for (const name of [entity.name, `${entity.name}Detail`]) {
    const schema = schemas[name];
    if (isJsonObject(schema)) propertiesOf(schema)._labels = labels;
  }
  // A row read with GET can be saved back as it is: the names come along and are ignored.
  const input = schemas[`${entity.name}Input`];
  if (isJsonObject(input)) propertiesOf(input)._labels = { ...labels, description: 'Ignorato: i nomi che GET aggiunge alla riga' };
}

/** The `q` parameter of a list: the rows whose display fields contain the text (a reference input's search). */
export function displaySearchParameter(entity: EntityModel): ParameterObject {
  return {
    name: 'q', in: 'query', allowReserved: true,
    description: `Ricerca per nome: le righe in cui ${entity.display.join(', ')} contiene il testo (maiuscole e minuscole indifferenti)`,
    schema: { type: 'string', minLength: 1, maxLength: 100 },
  };
}
