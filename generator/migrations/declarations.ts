/** Collects from the model what the spec declares on purpose for migrations (renames, data loss). */
import type { Model } from '../../common/model.js';
import type { Declarations } from './diff.js';

export function declarationsOf(model: Pick<Model, 'entities' | 'dropEntities'>): Declarations {
  const declared: Declarations = {
    entityRenamedFrom: {}, fieldRenamedFrom: {}, dropFields: {}, narrow: {}, backfill: {}, dropEntities: [...model.dropEntities],
  };
  for (const entity of model.entities) {
    if (entity.renamedFrom) declared.entityRenamedFrom[entity.name] = entity.renamedFrom;
    const renamed = entity.fields.flatMap((f): [string, string][] => (f.renamedFrom ? [[f.name, f.renamedFrom]] : []));
    if (renamed.length) declared.fieldRenamedFrom[entity.name] = Object.fromEntries(renamed);
    if (entity.migrate) {
      declared.dropFields[entity.name] = entity.migrate.dropFields;
      declared.narrow[entity.name] = entity.migrate.narrow;
      declared.backfill[entity.name] = entity.migrate.backfill;
    }
  }
  return declared;
}
