/**
 * Before any browser test: the Chromium to drive must exist (a missing browser fails the run, it never
 * skips it), dist/ui, which the server serves, must not be older than the UI's sources, the server is
 * bundled (server-bundle.ts), and the demo database every test file's server starts from a copy of is made
 * by a first server start (its demo password then stored at a low scrypt cost).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyDatabase, ROOT, startAppServer, TEMPLATE_ENV } from './app-server';
import { CHROMIUM_PATH } from './chromium';
import { bundleServer } from './server-bundle';
import knex from 'knex';
import { DEMO_PASSWORD } from './steps';
import { cheapenDemoPasswords } from '../../support/fast-demo-passwords';

/** Newest modification time under `dir` (recursive): ui/, generated/ and common/ are small. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildUiIfStale(): void {
  const index = join(ROOT, 'dist/ui/index.html');
  if (process.env.E2E_SKIP_BUILD && existsSync(index)) return;
  const sources = Math.max(...['ui', 'generated', 'common'].map((dir) => newestMtime(join(ROOT, dir))));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('dist/ui is older than its sources: npm run build:ui');
  const result = spawnSync('npm', ['run', 'build:ui'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:ui failed');
}

/** A server started on an empty file migrates it and loads the demo data; stopped, it leaves the template. */
async function makeTemplate(): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'webpos-e2e-template-'));
  const remove = () => { rmSync(dir, { recursive: true, force: true }); };
  try {
    const server = await startAppServer('');
    const file = join(dir, 'template.sqlite');
    await server.stop({ keep: (databaseFile) => { copyDatabase(databaseFile, file); } });
    // Some 300 logins a run: at a low scrypt cost, as in the API tests (tests/support/fast-demo-passwords.ts).
    const db = knex({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true });
    try {
      await cheapenDemoPasswords(db, DEMO_PASSWORD);
    } finally {
      await db.destroy();
    }
    return { file, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

export default async function globalSetup(): Promise<() => void> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH to another Chromium`);
  }
  buildUiIfStale();
  await bundleServer();
  const template = await makeTemplate();
  // The workers start after the global setup and inherit its environment.
  process.env[TEMPLATE_ENV] = template.file;
  return template.remove;
}
