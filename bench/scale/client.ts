/**
 * The real application over HTTP, in this process: createApp on the benchmark database, listening on
 * a free port, and a fetch client logged in through the login endpoint (X-AuthToken on every call).
 * In-process so the benchmark can switch the count cache of that very database on and off; with
 * `uiDir` it also serves a built UI, as `npm start` serves dist/ui.
 */
import { once } from 'node:events';
import type { Knex } from 'knex';
import { createApp, API_BASE } from '../../server/app.js';
import type { Artifacts } from '../../server/artifacts.js';
import { accessTokenOf } from '../lib/fixture.js';
import { listeningPort } from '../lib/servers.js';

export const DEMO_PASSWORD = 'Demo-WebPos-2026';

export interface ListAnswer { results: unknown[]; totalCount: number }

export interface ApiClient {
  /** http://127.0.0.1:port, where the API (and the UI, when uiDir was given) is served. */
  origin: string;
  /** The X-AuthToken of the logged-in user (also the UI's WP_TOKEN cookie). */
  token: string;
  /** GET under the API base; throws unless 200. Resolves when the body has been read and parsed. */
  list(path: string): Promise<ListAnswer>;
  close(): Promise<void>;
}

export async function startApi(db: Knex, artifacts: Artifacts, options: { username?: string; uiDir?: string } = {}): Promise<ApiClient> {
  const username = options.username ?? 'assistenza';
  const server = createApp({ db, artifacts, uiDir: options.uiDir }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${listeningPort(server)}`;
  const base = `${origin}${API_BASE}`;
  const login = await fetch(`${base}/authorization/auth?userType=banca`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login of ${username}: ${login.status} ${await login.text()}`);
  const token = accessTokenOf(await login.json());
  if (!token) throw new Error(`login of ${username}: no access_token in the answer`);
  return {
    origin,
    token,
    async list(path) {
      const res = await fetch(`${base}/${path}`, { headers: { 'X-AuthToken': token, Accept: 'application/json' } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
      const answer: ListAnswer = JSON.parse(text);
      return answer;
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
