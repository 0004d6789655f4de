/** The key of the row a request's path names (banche/{codAbi}): integer key fields as numbers. */
import type { Request } from 'express';
import type { EntityModel } from '../../common/model.js';
import { pathParams } from '../http/path-params.js';
import { named } from '../lookup.js';
import type { Row } from './row-mapping.js';

export function keyFromPath(entity: EntityModel, req: Request, paramOf: Partial<Record<string, string>> = {}): Row {
  const params = pathParams(req);
  return Object.fromEntries(entity.key.map((k) => {
    // A nested path may name a key field otherwise (categorie/{codice}/articoli/{articoliCodice}).
    const raw = params[paramOf[k] ?? k];
    return [k, named(entity.fields, k, `${entity.name} fields`).type === 'integer' ? Number(raw) : raw];
  }));
}
