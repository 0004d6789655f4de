/**
 * Issue 12 figures (not part of npm run bench): the public reset's answer time when username and e-mail
 * match and when they do not (median of 7), and a right login's time while one client floods wrong logins.
 * Run: npx tsx bench/auth-timing.ts  (SQLite, a temp database; the flood comes from 127.0.0.1, the right
 * login from 127.0.0.2).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../tests/support/test-app.js';

const API = '/webpos/api/v1';

function call(port: number, method: string, path: string, body?: unknown, localAddress = '127.0.0.1'): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const data = body ? JSON.stringify(body) : '';
    const req = http.request({ host: '127.0.0.1', port, method, path, localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const app = await createTestApp({ authLimits: { ipMaxFailures: 50, resetMaxPerAccount: 1000, resetMaxPerIp: 1000 } });
  const server = http.createServer(app.handler).listen(0);
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  const reset = (username: string, mail: string) => call(port, 'PUT', `${API}/authorization/resetPassword?username=${username}&mail=${encodeURIComponent(mail)}&userType=banca`);
  const match: number[] = [];
  const noMatch: number[] = [];
  for (let i = 0; i < 7; i++) {
    match.push((await reset('sede.30480', 'sede.30480@bcc-esempio.example')).ms);
    await app.mailIdle();
    noMatch.push((await reset('sede.30480', 'altro@bcc-esempio.example')).ms);
    await app.mailIdle();
  }
  console.log(`reset, median of 7: match ${median(match).toFixed(1)} ms, no match ${median(noMatch).toFixed(1)} ms`);

  const login = (username: string, password: string, from: string) => call(port, 'POST', `${API}/authorization/auth?userType=banca`, { username, password }, from);
  const quiet: number[] = [];
  for (let i = 0; i < 5; i++) quiet.push((await login('federazione', 'Demo-WebPos-2026', '127.0.0.2')).ms);
  let flooding = true;
  const flood = (async () => {
    let n = 0;
    const statuses: Record<number, number> = {};
    while (flooding && n < 3000) {
      const batch = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`ignoto.${n + i}`, 'Sbagliata-xxxxxxx', '127.0.0.1')));
      for (const r of batch) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      n += 20;
    }
    return statuses;
  })();
  await new Promise((r) => setTimeout(r, 500));
  const underFlood: number[] = [];
  for (let i = 0; i < 5; i++) underFlood.push((await login('federazione', 'Demo-WebPos-2026', '127.0.0.2')).ms);
  flooding = false;
  const statuses = await flood;
  console.log(`right login, median of 5: quiet ${median(quiet).toFixed(0)} ms, under a flood of wrong logins from another client ${median(underFlood).toFixed(0)} ms; flood answers ${JSON.stringify(statuses)}`);
  server.close();
  await app.close();
}

main().catch((error) => { console.error(error); process.exit(1); });
