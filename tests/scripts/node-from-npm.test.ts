/**
 * scripts/node-from-npm.sh on a cache it already holds (no registry needed): what it prints is shell that,
 * eval'd, puts that node first on PATH and points node-gyp at its headers, even from a folder with a space;
 * and a cached node that is not the version asked for is refused rather than used.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config.js';

const SCRIPT = join(ROOT_DIR, 'scripts/node-from-npm.sh');
const cache = mkdtempSync(join(tmpdir(), 'webpos node cache '));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** A cache entry whose bin/node answers `-v` with `says`, as a real release answers with its own version. */
function fakeRelease(version: string, says: string): string {
  const dir = join(cache, version);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin/node'), `#!/bin/sh\necho ${says}\n`);
  chmodSync(join(dir, 'bin/node'), 0o755);
  return dir;
}

function bash(script: string) {
  return spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, WEBPOS_NODE_CACHE: cache } });
}

describe('scripts/node-from-npm.sh', () => {
  it('prints exports that select the cached release and its headers', () => {
    const dir = fakeRelease('24.21.0', 'v24.21.0');
    const run = bash(`eval "$(${JSON.stringify(SCRIPT)} 24.21.0)" && command -v node && node -v && echo "$npm_config_nodedir"`);
    expect(run.stderr).toContain(`using node v24.21.0 from ${dir}`);
    expect(run.stdout.trim().split('\n')).toEqual([join(dir, 'bin/node'), 'v24.21.0', dir]);
    expect(run.status).toBe(0);
  });

  it('refuses a cached node that reports another version', () => {
    fakeRelease('22.99.0', 'v20.20.2');
    const run = bash(`${JSON.stringify(SCRIPT)} 22.99.0`);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('says v20.20.2, expected v22.99.0');
  });
});
