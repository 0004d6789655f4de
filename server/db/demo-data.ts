/**
 * Loads generated/demo-data.json into an empty database, through the same service an API call uses
 * (defaults, rules, children, reference checks), so demo rows are exactly what a user could create.
 */
import type { Knex } from 'knex';
import type { Artifacts } from '../artifacts.js';
import { EntityService } from '../crud/entity-service.js';

export async function loadDemoDataIfEmpty(db: Knex, artifacts: Artifacts): Promise<number> {
  const { model, demo } = artifacts;
  for (const { entity: name } of demo) {
    const entity = model.entities.find((e) => e.name === name)!;
    const [{ count }] = await db(entity.table).count<{ count: number | string }[]>({ count: '*' });
    if (Number(count) > 0) return 0;
  }
  let loaded = 0;
  for (const { entity: name, rows } of demo) {
    const service = new EntityService(db, model, model.entities.find((e) => e.name === name)!, []);
    for (const row of rows) {
      await service.create(row);
      loaded++;
    }
  }
  return loaded;
}
