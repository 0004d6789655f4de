/**
 * Issue 19: under load every client waits its turn, and a client that connects while others keep the
 * server busy is not left behind. libuv accepts one new connection per event-loop iteration; before
 * server/http/request-turns.ts one iteration could serve every busy client's request (SQLite runs
 * synchronously), so each waiting connection was accepted a whole round later than the one before.
 * The test counts answers, not milliseconds: 16 clients keep the server busy on keep-alive connections,
 * 16 more connect at once, and the last of those must get its first answer within three rounds of the
 * busy clients' answers (before the change it came after 164 of them, about ten rounds).
 */
import { once } from 'node:events';
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFixtureApp } from '../../support/fixture-app.js';
import { listeningPort } from '../../support/listening-port.js';
import { API, DEMO_PASSWORD, type TestApp } from '../../support/test-app.js';

let app: TestApp;
let server: http.Server;
let token = '';

beforeAll(async () => {
  app = await createFixtureApp();
  server = http.createServer(app.handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const login = await app.anonymous.post(`${API}/authorization/auth?userType=banca`).send({ username: 'sede.10001', password: DEMO_PASSWORD });
  token = String(login.body.access_token);
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await app.close();
});

/**
 * One client: its own keep-alive connection, one request at a time, `onAnswer` after each answer.
 * The function it returns stops it once its request in flight is answered.
 */
function client(onAnswer: (status: number | undefined) => void): () => Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const port = listeningPort(server);
  let stopping = false;
  let idle: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => { idle = resolve; });
  const ask = () => {
    http.get({ host: '127.0.0.1', port, agent, path: `${API}/ordini?page=0&size=30`, headers: { 'X-AuthToken': token } }, (res) => {
      res.resume();
      res.on('end', () => {
        onAnswer(res.statusCode);
        if (stopping) idle();
        else ask();
      });
    });
  };
  ask();
  return async () => {
    stopping = true;
    await stopped;
    agent.destroy();
  };
}

it('a client connecting while 16 others keep the server busy is answered within three rounds of theirs', async () => {
  const BUSY = 16;
  const LATE = 16;
  let busyAnswers = 0;
  const statuses = new Set<number | undefined>();
  const stops = Array.from({ length: BUSY }, () => client((status) => { statuses.add(status); busyAnswers++; }));
  while (busyAnswers < BUSY * 2) await new Promise((r) => setTimeout(r, 5)); // every busy client is connected and served
  const before = busyAnswers;
  // By late client, filled as each gets its first answer.
  const firstAnswerAfter: (number | undefined)[] = [];
  const answered = () => firstAnswerAfter.filter((n) => n !== undefined);
  const lateStops = Array.from({ length: LATE }, (_, i) => {
    let first = true;
    return client((status) => {
      statuses.add(status);
      if (first) { first = false; firstAnswerAfter[i] = busyAnswers - before; }
    });
  });
  while (answered().length < LATE) await new Promise((r) => setTimeout(r, 5));
  await Promise.all([...stops, ...lateStops].map((stop) => stop()));
  expect([...statuses]).toEqual([200]);
  // First come, first served: the last late client waits for about one request of each client ahead of
  // it (SQLite: 17 to 32 busy answers; PostgreSQL, whose queries overlap: 19 to 35); before: 44 to 164.
  const firsts = answered();
  expect(Math.max(...firsts), `busy answers before each late client's first: ${firsts.join(' ')}`).toBeLessThanOrEqual(BUSY * 3);
});
