/**
 * Issue 12 figures (not part of npm run bench): the public reset's answer time when username and e-mail
 * match and when they do not (interleaved, after a warm-up; median and p90 of 41 each), and a right login's time while one client floods wrong logins.
 * Run: npx tsx bench/auth-timing.ts  (SQLite, a temp database; the flood comes from 127.0.0.1, the right
 * login from 127.0.0.2).
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { createTestApp } from '../tests/support/test-app.js';
import { listeningPort } from './lib/servers.js';

const API = '/webpos/api/v1';
const execFileAsync = promisify(execFile);

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
  const port = listeningPort(server);
  // Timed by curl in another process: a client in this process would also wait for the work the server
  // does after answering (its event loop is this one), which is exactly what the answer no longer waits for.
  const reset = async (username: string, mail: string) => {
    const url = `http://127.0.0.1:${port}${API}/authorization/resetPassword?username=${username}&mail=${encodeURIComponent(mail)}&userType=banca`;
    const { stdout } = await execFileAsync('curl', ['-s', '-o', '/dev/null', '-X', 'PUT', '-w', '%{time_total}', url]);
    return { ms: Number(stdout) * 1000 };
  };
  const match: number[] = [];
  const noMatch: number[] = [];
  for (let i = 0; i < 5; i++) { await reset('sede.30480', 'altro@bcc-esempio.example'); await app.mailIdle(); }
  for (let i = 0; i < 41; i++) {
    match.push((await reset('sede.30480', 'sede.30480@bcc-esempio.example')).ms);
    await app.mailIdle();
    noMatch.push((await reset('sede.30480', 'altro@bcc-esempio.example')).ms);
    await app.mailIdle();
  }
  const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
  console.log(`reset, 41 each: match median ${median(match).toFixed(2)} ms p90 ${p90(match).toFixed(2)} ms; no match median ${median(noMatch).toFixed(2)} ms p90 ${p90(noMatch).toFixed(2)} ms; ratio of medians ${(median(match) / median(noMatch)).toFixed(2)}`);

  const login = (username: string, password: string, from: string) => call(port, 'POST', `${API}/authorization/auth?userType=banca`, { username, password }, from);
  const quiet: number[] = [];
  for (let i = 0; i < 5; i++) quiet.push((await login('federazione', 'Demo-WebPos-2026', '127.0.0.2')).ms);
  let flooding = true;
  // Read through a call: TypeScript reads the IIFE below as inline code and would take `flooding` for
  // always true, when the measurement after it turns it off.
  const stillFlooding = () => flooding;
  const flood = (async () => {
    let n = 0;
    const statuses: Record<number, number> = {};
    while (stillFlooding() && n < 3000) {
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

main().catch((error: unknown) => { console.error(error); process.exit(1); });
