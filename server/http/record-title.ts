/**
 * The title of a record page's first paint ("Modifica Banca 30480 - BCC di Esempio", server/http/first-paint.ts),
 * for the caller whose session the page load carries. The record is read as the API's `GET` answers it to that
 * caller: only when the caller may open the page (its shell, the route's permission) and read the entity (the
 * read's own permission), through the entity's service with the caller's data scope, with `_actions` and `_labels`.
 * The name and the "Modifica" are those the form page writes (common/display-name.ts rowName, common/record-access.ts).
 * Anything else (no session, a refusal, a record out of scope, a slow database) gives no title: the page keeps its
 * frame and loader, and the form says what is wrong as it always did.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { rowName } from '../../common/display-name.js';
import { permissionsOf } from '../../common/model.js';
import { recordTitle } from '../../common/page-titles.js';
import { recordAccess, type AccessForm } from '../../common/record-access.js';
import { userKind } from '../../common/shells.js';
import type { RuntimeModel } from '../artifacts.js';
import { rowAsAnswered, type ServiceFor } from '../crud/routes.js';
import { holds, type Caller } from '../domain/auth/caller.js';
import type { MerchantGate } from '../domain/auth/merchant-flags.js';
import { isRecord } from '../records.js';
import { callerOfToken } from './authorize.js';
import type { FirstRecord } from './first-paint.js';
import type { SessionCookie } from './session-cookie.js';

export type RecordTitleOf = (req: Request, record: FirstRecord) => Promise<string | undefined>;

/** A first paint never waits longer than this for its title: the page is worth more than its name. */
const PATIENCE_MS = 500;

export function recordTitles(db: Knex, model: RuntimeModel, gate: MerchantGate, serviceFor: ServiceFor, cookie: SessionCookie, formsDir: string): RecordTitleOf {
  const forms = formDefinitions(formsDir);
  const titleOf = async (req: Request, record: FirstRecord): Promise<string | undefined> => {
    const token = cookie.read(req);
    const caller = token === undefined ? undefined : await callerOfToken(db, token, gate);
    if (!caller || !record.shellUsers.includes(userKind(caller)) || !mayRead(caller, model, record)) return undefined;
    const row = await rowAsAnswered(serviceFor(record.entityName), record.key, caller);
    const can = (permission: string | undefined) => permission === undefined || permission === '' || holds(caller, permission);
    const { readOnlyView } = recordAccess(record.entity, await forms(record.entityName), row, true, can);
    return recordTitle(record.entity, rowName(record.entity.display, row, record.key), readOnlyView);
  };
  return async (req, record) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), PATIENCE_MS); });
    try {
      return await Promise.race([titleOf(req, record), late]);
    } catch {
      // Not found, out of the caller's scope, refused, a key the database cannot read ("abc" for a number): the page
      // says it once its own read gets the answer. Not logged: any address would write to the log at will.
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The route's permission and the read's own: one of the `get` permissions (a field or row permission alone, which the
 * API also lets through, leaves the page untitled here rather than decide it twice).
 */
function mayRead(caller: Caller, model: RuntimeModel, record: FirstRecord): boolean {
  if (record.permission !== undefined && !holds(caller, record.permission)) return false;
  const api = model.entities.find((e) => e.name === record.entityName)?.api;
  if (!api?.operations.includes('get')) return false;
  const permissions = permissionsOf(api, 'get');
  return permissions.length > 0 && permissions.some((p) => holds(caller, p));
}

/** generated/forms/<Entity>.json, read once each, as the shell has them (a missing one: no form, as in the shell). */
function formDefinitions(formsDir: string): (entity: string) => Promise<AccessForm | undefined> {
  const read = new Map<string, Promise<AccessForm | undefined>>();
  return (entity) => {
    let form = read.get(entity);
    if (!form) {
      form = readFile(join(formsDir, `${entity}.json`), 'utf8').then((text): AccessForm | undefined => {
        const value: unknown = JSON.parse(text);
        if (!isRecord(value)) return undefined;
        const fieldPermissions = isRecord(value.fieldPermissions) ? Object.fromEntries(Object.entries(value.fieldPermissions).filter((e): e is [string, string] => typeof e[1] === 'string')) : undefined;
        return { ...(fieldPermissions ? { fieldPermissions } : {}), ...(value.states === undefined ? {} : { states: value.states }) };
      }).catch(() => undefined);
      read.set(entity, form);
    }
    return form;
  };
}
