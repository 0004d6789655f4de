/**
 * The port a test's server listens on. Node types `server.address()` for every kind of server: a string
 * for a pipe or socket file, null before `listen`; a test's TCP server has an AddressInfo once listening.
 */
import type { Server } from 'node:net';

export function listeningPort(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`the server is not listening on a TCP port (address: ${String(address)})`);
  return address.port;
}
