/**
 * Loads generated/demo-data.json into an empty database, through the same service an API call uses
 * (defaults, rules, children, reference checks), so demo rows are exactly what a user could create. A row's
 * demo files (docs/spec-language.md#demo-files) go into the file store afterwards, as an upload would.
 */
import type { Knex } from 'knex';
import type { Artifacts } from '../artifacts.js';
import { entityByName } from '../../common/model.js';
import { countOf } from '../crud/count-cache.js';
import { EntityService } from '../crud/entity-service.js';
import { keyOf } from '../crud/row-mapping.js';
import { createFileStore, type FileStore } from '../files/index.js';

export async function loadDemoDataIfEmpty(db: Knex, artifacts: Artifacts, files: FileStore = createFileStore(undefined)): Promise<number> {
  const { model, demo } = artifacts;
  for (const { entity: name } of demo) {
    if ((await countOf(db(entityByName(model, name).table).count({ count: '*' }))) > 0) return 0;
  }
  let loaded = 0;
  for (const { entity: name, rows, files: embedded = [] } of demo) {
    const entity = entityByName(model, name);
    const service = new EntityService(db, model, entity, [], {}, files);
    for (const [index, row] of rows.entries()) {
      const saved = await service.create(row);
      for (const file of embedded.filter((f) => f.row === index)) {
        await service.writeValues(keyOf(entity, saved), undefined, {}, async (trx) => {
          const stored = await files.put(trx, { name: file.name, contentType: file.contentType, bytes: Buffer.from(file.base64, 'base64') });
          return { [file.field]: stored.id };
        });
      }
      loaded++;
    }
  }
  return loaded;
}
