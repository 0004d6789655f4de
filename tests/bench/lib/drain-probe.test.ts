/**
 * The drain's probe of a server (bench/lib/drain-probe.ts) on real sockets of this machine: a load generator's open
 * connection is seen until it closes, and the CPU is the server's since the previous poll.
 */
import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverProbe } from '../../../bench/lib/drain-probe.js';
import { listeningPort } from '../../../bench/lib/servers.js';

const server = createServer((socket) => socket.on('error', () => {}));
let origin = '';
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${listeningPort(server)}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.runIf(process.platform === 'linux')('serverProbe', () => {
  it('sees an open connection to the server\'s port until it is closed', async () => {
    let cpu = 100;
    const probe = serverProbe({ origin, cpuMs: () => cpu });
    expect(await probe.poll()).toEqual({ connections: 0, cpuMs: 0, activeQueries: 0 });

    const client: Socket = connect(listeningPort(server), '127.0.0.1');
    await once(client, 'connect');
    cpu = 130;
    // Both ends are sockets of this machine.
    expect(await probe.poll()).toEqual({ connections: 2, cpuMs: 30, activeQueries: 0 });

    client.destroy();
    let after = await probe.poll();
    for (let i = 0; i < 50 && after.connections > 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await probe.poll();
    }
    expect(after).toEqual({ connections: 0, cpuMs: 0, activeQueries: 0 });
    expect(await probe.cancel()).toBe(0); // no database to cancel in (SQLite)
  });
});
