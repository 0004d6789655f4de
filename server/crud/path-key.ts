/** The key of the row a request's path names (banche/{codAbi}): integer key fields as numbers. */
import type { Request } from 'express';
import type { EntityModel } from '../../common/model.js';
import { pathParams } from '../http/path-params.js';
import { named } from '../lookup.js';
import type { Row } from './row-mapping.js';

export function keyFromPath(entity: EntityModel, req: Request): Row {
  const params = pathParams(req);
  return Object.fromEntries(entity.key.map((k) => {
    const raw = params[k];
    return [k, named(entity.fields, k, `${entity.name} fields`).type === 'integer' ? Number(raw) : raw];
  }));
}
