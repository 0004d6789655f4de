/**
 * The API child of `npm run dev`, started ahead of need (a warm standby): it loads the server's code
 * (Node, tsx, Express, Knex, the OpenAPI validator, server/) while the current API still serves, then
 * waits for 'start' from the dev loop and only then runs server/main.ts, which reads generated/, migrates
 * and listens. A restart so pays only for the start-up work that depends on the spec. Nothing under
 * generated/ is read before 'start' (server/artifacts.ts reads it when main.ts calls it).
 */
import type { DevToApi } from './api-process.js';

await Promise.all([
  import('../../server/app.js'),
  import('../../server/artifacts.js'),
  import('../../server/config.js'),
  import('../../server/db/connect.js'),
  import('../../server/db/demo-data.js'),
  import('../../server/db/migrate.js'),
  import('better-sqlite3'), // the default driver (server/db/connect.ts); knex loads it only on the first connection
]);

let started = false;
// What arrives over IPC is whatever the parent sent: only DevToApi's 'start' means anything.
process.on('message', (message: unknown) => {
  if (message !== ('start' satisfies DevToApi) || started) return;
  started = true;
  void import('../../server/main.js');
});
// The dev loop is gone (even killed hard): a standby just leaves, a running API shuts down as on Ctrl-C.
process.on('disconnect', () => {
  if (started) process.kill(process.pid, 'SIGTERM');
  else process.exit(0);
});
if (!process.send) throw new Error('scripts/dev/api-entry.ts runs only as the child of scripts/dev/api-process.ts (an IPC channel)');
process.send('ready');
