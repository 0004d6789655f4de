/**
 * Loads generated/demo-data.json into an empty database, through the same service an API call uses
 * (defaults, rules, children, reference checks), so demo rows are exactly what a user could create.
 */
import type { Knex } from 'knex';
import type { Artifacts } from '../artifacts.js';
import { entityByName } from '../../common/model.js';
import { countOf } from '../crud/count-cache.js';
import { EntityService } from '../crud/entity-service.js';

export async function loadDemoDataIfEmpty(db: Knex, artifacts: Artifacts): Promise<number> {
  const { model, demo } = artifacts;
  for (const { entity: name } of demo) {
    if ((await countOf(db(entityByName(model, name).table).count({ count: '*' }))) > 0) return 0;
  }
  let loaded = 0;
  for (const { entity: name, rows } of demo) {
    const service = new EntityService(db, model, entityByName(model, name), []);
    for (const row of rows) {
      await service.create(row);
      loaded++;
    }
  }
  return loaded;
}
