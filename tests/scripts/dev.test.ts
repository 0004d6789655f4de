/**
 * `npm run dev` on a copy of the project: a saved label reaches generated/ and the restarted API (through
 * Vite's proxy), and a spec mistake is reported as file:line:col while the loop and the API keep running.
 * Only waits with generous timeouts, no timing assertions: the machine may be busy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config.js';
import { codeFrame } from '../../scripts/dev/browser-overlay.js';
import { isSpecFile } from '../../scripts/dev/spec-watcher.js';
import { DEMO_PASSWORD } from '../support/test-app.js';

const WAIT_MS = 40_000;
const BANK_FILE = 'spec/anagrafiche/banca.yaml';
const NEW_LABEL = 'Denominazione della banca';
const NEW_MESSAGE = 'Denominazione troppo lunga';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once `predicate` holds, checking every 100 ms; rejects with `what` after the timeout. */
async function waitFor(what: string, predicate: () => boolean | Promise<boolean>, timeoutMs = WAIT_MS): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await Promise.resolve().then(predicate).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('npm run dev', () => {
  const root = mkdtempSync(join(tmpdir(), 'dev-loop-'));
  const bankFile = join(root, BANK_FILE);
  let original = '';
  let child: ChildProcess | undefined;
  let exited = false;
  let output = '';
  let ui = '';
  let token = '';

  const api = (path: string, init?: RequestInit) => fetch(`${ui}/webpos/api/v1/${path}`, init);
  const tooLongBank = () => api('banche', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-AuthToken': token },
    body: JSON.stringify({ codAbi: '99999', nomeBcc: 'x'.repeat(101) }),
  });

  beforeAll(async () => {
    for (const dir of ['common', 'generator', 'generated', 'server', 'spec', 'templates', 'ui', 'scripts']) {
      cpSync(join(ROOT_DIR, dir), join(root, dir), { recursive: true });
    }
    cpSync(join(ROOT_DIR, 'package.json'), join(root, 'package.json'));
    cpSync(join(ROOT_DIR, 'tsconfig.json'), join(root, 'tsconfig.json'));
    // Each package linked on its own, so Vite's cache (node_modules/.vite) stays inside the copy.
    mkdirSync(join(root, 'node_modules'));
    for (const entry of readdirSync(join(ROOT_DIR, 'node_modules'))) {
      if (entry !== '.vite') symlinkSync(join(ROOT_DIR, 'node_modules', entry), join(root, 'node_modules', entry));
    }
    original = readFileSync(bankFile, 'utf8');

    const [apiPort, uiPort] = [await freePort(), await freePort()];
    ui = `http://127.0.0.1:${uiPort}`;
    const started = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(apiPort), UI_PORT: String(uiPort), SQLITE_FILE: join(root, 'dev.sqlite'), DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: the API child goes with it in afterAll
    });
    child = started;
    started.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    started.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    started.on('exit', () => { exited = true; });
    // Vite, the first generation and the first API start: the slowest part on a busy machine.
    await waitFor('the dev loop to watch spec/', () => output.includes('[dev] watching spec/'), 50_000);

    const login = await api('authorization/auth?userType=banca', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'assistenza', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const answer: { access_token: string } = await login.json();
    token = answer.access_token;
  }, 60_000);

  afterAll(async () => {
    const pid = child?.pid;
    if (pid && !exited) {
      process.kill(-pid, 'SIGTERM');
      await waitFor('the dev loop to stop', () => exited).catch(() => process.kill(-pid, 'SIGKILL'));
    }
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('regenerates and restarts the API on a save, and survives a spec mistake', async () => {
    expect(output).toContain('[dev] start -> generated in');
    const before = output.length;
    writeFileSync(bankFile, original.replace('    label: Denominazione\n', `    label: ${NEW_LABEL}\n    messages: { maxLength: '${NEW_MESSAGE}' }\n`));

    await waitFor('the cycle report', () => /spec change -> generated in \d+ ms, API restarted in \d+ ms/.test(output.slice(before)));
    const model = readFileSync(join(root, 'generated', 'model.json'), 'utf8');
    expect(model).toContain(NEW_LABEL);
    const form = await fetch(`${ui}/@fs${join(root, 'generated', 'forms', 'Banca.json')}`);
    expect(await form.text()).toContain(NEW_LABEL);
    // The restarted API runs the new spec: its validation message is the one just saved.
    const answer = await tooLongBank();
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain(NEW_MESSAGE);

    const broken = original.replace('    label: Denominazione\n', '    lable: Denominazione\n');
    const line = broken.split('\n').findIndex((l) => l.includes('lable:')) + 1;
    const beforeError = output.length;
    writeFileSync(bankFile, broken);
    await waitFor('the diagnostic', () => output.slice(beforeError).includes('generated/ and the API are unchanged'));
    expect(output.slice(beforeError)).toContain(`${BANK_FILE}:${line}:5: Unknown key 'lable'`);
    expect(exited).toBe(false);
    expect(readFileSync(join(root, 'generated', 'model.json'), 'utf8')).toBe(model);
    // The previous API still answers, with the last good spec.
    expect(JSON.stringify(await (await tooLongBank()).json())).toContain(NEW_MESSAGE);
  }, 60_000);
});

describe('dev loop helpers', () => {
  it('counts only YAML files as spec changes', () => {
    expect(isSpecFile('anagrafiche/banca.yaml')).toBe(true);
    expect(isSpecFile('demo/01-banche.yml')).toBe(true);
    for (const temp of ['anagrafiche/4913', 'anagrafiche/.banca.yaml.swp', 'anagrafiche/banca.yaml~', 'anagrafiche/.#banca.yaml',
      'anagrafiche/#banca.yaml#', 'anagrafiche/banca.yaml___jb_tmp___', 'anagrafiche/sedAb12Cd']) {
      expect(isSpecFile(temp), temp).toBe(false);
    }
  });

  it('frames the mistake with a caret under its column', () => {
    const dir = mkdtempSync(join(tmpdir(), 'frame-'));
    const file = join(dir, 'x.yaml');
    writeFileSync(file, 'entity: Banca\nfields:\n  nomeBcc:\n    lable: Denominazione\n    required: true\n');
    expect(codeFrame(file, 4, 5)).toBe([
      '2  |  fields:',
      '3  |    nomeBcc:',
      '4  |      lable: Denominazione',
      '   |      ^',
      '5  |      required: true',
    ].join('\n'));
    rmSync(dir, { recursive: true, force: true });
  });
});
