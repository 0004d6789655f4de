/**
 * Names beside codes (docs/spec-language.md#references): a row of an entity with reference fields carries
 * `_labels`, the display name of each referenced row (`{ codAbi: '30480 - BCC di Esempio' }`), read for the
 * whole page at once, and accepted back, ignored, in a create or update body; and a list can be searched by its
 * rows' display names (`?q=`).
 */
import { entityByName, type EntityModel, type FieldModel, type Model } from '../../common/model.js';
import { isJsonObject, propertiesOf } from '../shapes/entity-schema.js';
import type { ParameterObject } from './openapi-export.js';

/** The reference fields whose rows are named in `_labels`. */
export function labelledReferences(entity: EntityModel): FieldModel[] {
  return entity.fields.filter((f) => f.type === 'reference' && f.reference !== undefined);
}

/** The `_labels` object of a row of `entity`; undefined when it has no reference fields. */
function labelsSchema(entity: EntityModel): Record<string, unknown> | undefined {
  const references = labelledReferences(entity);
  if (!references.length) return undefined;
  return {
    type: 'object',
    additionalProperties: false,
    description: 'Il nome di ogni riga a cui la riga fa riferimento, per campo (assente se il riferimento è vuoto o inesistente)',
    properties: Object.fromEntries(references.map((f) => [f.name, { type: 'string', description: f.label }])),
  };
}

/** The schema of one row of a child property (`one`: the object, `many`: the array's items). */
function childRowSchema(property: unknown): Record<string, unknown> | undefined {
  if (!isJsonObject(property)) return undefined;
  const items = property.items;
  return isJsonObject(items) ? items : property;
}

/**
 * Adds `_labels` to the row schemas (`<Entity>`, `<Entity>Detail`) of an entity with reference fields, and to
 * the child rows a Detail embeds (a merchant's legal representative names its municipality too).
 */
export function referenceLabelSchemas(entity: EntityModel, schemas: Record<string, unknown>, model: Pick<Model, 'entities'>): void {
  const labels = labelsSchema(entity);
  const ignored = (schema: Record<string, unknown>) => ({ ...schema, description: 'Ignorato: i nomi che GET aggiunge alla riga' });
  if (labels) {
    for (const name of [entity.name, `${entity.name}Detail`]) {
      const schema = schemas[name];
      if (isJsonObject(schema)) propertiesOf(schema)._labels = labels;
    }
  }
  const input = schemas[`${entity.name}Input`];
  // A row read with GET can be saved back as it is: the names come along and are ignored.
  if (labels && isJsonObject(input)) propertiesOf(input)._labels = ignored(labels);
  const detail = schemas[`${entity.name}Detail`];
  for (const child of entity.children) {
    const childLabels = labelsSchema(entityByName(model, child.entity));
    if (!childLabels) continue;
    const shown = isJsonObject(detail) ? childRowSchema(propertiesOf(detail)[child.name]) : undefined;
    if (shown) propertiesOf(shown)._labels = childLabels;
    const sent = isJsonObject(input) ? childRowSchema(propertiesOf(input)[child.name]) : undefined;
    if (sent) propertiesOf(sent)._labels = ignored(childLabels);
  }
}

/**
 * A child row's input schema (PUT <parent>/<child>) that also takes back, ignored, the `_labels` GET <parent>/<child>
 * answered: the list read can be saved back as it is, as the parent's Detail can.
 */
export function withIgnoredLabels(childEntity: EntityModel, item: Record<string, unknown>): Record<string, unknown> {
  const labels = labelsSchema(childEntity);
  if (!labels || !isJsonObject(item.properties)) return item;
  return { ...item, properties: { ...item.properties, _labels: { ...labels, description: 'Ignorato: i nomi che GET aggiunge alla riga' } } };
}

/** The `q` parameter of a list: the rows whose display fields contain the text (a reference input's search). */
export function displaySearchParameter(entity: EntityModel): ParameterObject {
  return {
    name: 'q', in: 'query', allowReserved: true,
    description: `Ricerca per nome: le righe in cui ${entity.display.join(', ')} contiene il testo (maiuscole e minuscole indifferenti)`,
    schema: { type: 'string', minLength: 1, maxLength: 100 },
  };
}
