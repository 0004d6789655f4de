/**
 * `npm start`: brings generated/ in line with spec/, builds the UI when its sources changed since the
 * last build, then starts the server (which migrates and loads demo data on first start).
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../server/config.js';

const run = (command: string) => execSync(command, { cwd: ROOT_DIR, stdio: 'inherit' });

run('node generator/gen.mjs gen');

const builtIndex = join(ROOT_DIR, 'dist', 'ui', 'index.html');
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (newestChange(['ui', 'generated', 'common']) > builtAt) {
  console.log('Building the UI (vite)...');
  run('npx vite build --config ui/vite.config.ts --logLevel warn');
}

await import('../server/main.js');

function newestChange(dirs: string[]): number {
  let newest = 0;
  for (const dir of dirs) {
    for (const entry of readdirSync(join(ROOT_DIR, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}
