/**
 * The record of the page the address opens (a form route with its key), asked by main.tsx as the shell starts, with
 * the session probe and the page's code, instead of after React's first render: on a slow network that is a round
 * trip less before the record's name shows (issue 15 item 8). The form's first read (useEntityRecord) takes the
 * answer once; anything later asks the server as always.
 */
import type { DataProvider } from './dataProvider';
import type { KeyValues } from './keys';
import type { EntityMeta, Row } from './types';

interface Started { path: string; key: string; answer?: Row }
let started: Started | undefined;

const keyText = (key: KeyValues) => JSON.stringify(key);

/** Asks for the record; settles when it has answered, either way (main.tsx waits for it). */
export function startFirstRecord(provider: DataProvider, entity: EntityMeta, key: KeyValues): Promise<unknown> {
  const mine: Started = { path: entity.path, key: keyText(key) };
  started = mine;
  // A refusal (no session, not found, not allowed) is the page's to say: its own read asks again and shows it.
  return provider.get(entity, key).then((row) => { mine.answer = row; }, () => undefined);
}

/** The record startFirstRecord read, when it is the one asked for now: given once. */
export function takeFirstRecord(entity: Pick<EntityMeta, 'path'>, key: KeyValues): Row | undefined {
  if (started?.answer === undefined || started.path !== entity.path || started.key !== keyText(key)) return undefined;
  const { answer } = started;
  started = undefined;
  return answer;
}
