/**
 * One typed contract between spec and UI (issue 13 item 4). The UI calls the API through openapi-fetch typed
 * by `paths` of generated/types/api.ts (ui/src/core/apiClient.ts): a path, a parameter or a body field the
 * spec does not have is a type error, and a spec change the UI does not follow fails `tsc`.
 *
 * The first block is checked by `npm run typecheck` itself (each `@ts-expect-error` must meet an error, or
 * tsc fails); the last test applies breaking changes to a copy of spec/, regenerates the types from it and
 * runs tsc over a copy of the UI.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { runPipeline } from '../../generator/pipeline';
import type { ApiAnswer, ApiPath } from '../../ui/src/core/apiClient';
import type { CurrentUser } from '../../ui/src/core/authApi';
import { createDataProvider } from '../../ui/src/core/dataProvider';
import type { Manifest as UiManifest } from '../../ui/src/core/types';
import type { Manifest } from '../../generated/types/manifest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const answer = (body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

describe('the typed client refuses what the spec does not declare', () => {
  it('paths, parameters and bodies come from generated/types/api.ts', async () => {
    const { api } = createDataProvider('/api', answer({ message: 'ok' }), {});
    expectTypeOf<'/funzioni/{fn}/permessi'>().toExtend<ApiPath<'get'>>();
    expectTypeOf<'/funzioni/{fn}/azioni'>().not.toExtend<ApiPath<'get'>>();
    // users/me has no PUT.
    expectTypeOf<'/users/me'>().not.toExtend<ApiPath<'put'>>();
    expectTypeOf<CurrentUser>().toEqualTypeOf<ApiAnswer<'/users/me', 'get'>>();
    expectTypeOf<CurrentUser['isAssistenza']>().toEqualTypeOf<boolean>();
    // The UI's manifest type is the generator's.
    expectTypeOf<UiManifest>().toEqualTypeOf<Manifest>();

    // Each line below must be a type error: `npm run typecheck` fails when one of them compiles.
    // @ts-expect-error a path the spec does not have
    await api.GET('/funzioni/{fn}/azioni', { params: { path: { fn: 'X' } } }).catch(() => undefined);
    // @ts-expect-error the path parameter is required
    await api.GET('/funzioni/{fn}/permessi').catch(() => undefined);
    await api.POST('/users/changePassword', {
      // @ts-expect-error a body field the spec does not declare
      body: { username: 'u', oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' },
    }).catch(() => undefined);
    // @ts-expect-error a required body field left out
    await api.POST('/users/changePassword', { body: { username: 'u', newPassword: 'b' } }).catch(() => undefined);
    // @ts-expect-error a query value outside the spec's enum
    await api.POST('/authorization/auth', { params: { query: { userType: 'admin' } }, body: { username: 'u', password: 'p' } }).catch(() => undefined);
  });
});

describe('a breaking spec change fails tsc over the UI', () => {
  it('a removed body field and a renamed path are type errors where the UI uses them', async () => {
    const work = mkdtempSync(join(tmpdir(), 'api-contract-'));
    try {
      // A copy of spec/ with two breaking changes to operations the UI calls.
      cpSync(join(ROOT, 'spec'), join(work, 'spec'), { recursive: true });
      const accessFile = join(work, 'spec/sicurezza/operazioni-accesso.yaml');
      const access = readFileSync(accessFile, 'utf8');
      const broken = access
        .replace(/^ {6}oldPassword: .*\n/m, '')
        .replace('path: permessi\n', 'path: permessi-utente\n');
      expect(broken).not.toBe(access);
      expect(broken).not.toContain('oldPassword');
      writeFileSync(accessFile, broken);

      const result = await runPipeline(ROOT, { specDir: relative(ROOT, join(work, 'spec')) });
      expect(result.ok).toBe(true);
      if (!result.ok) return;

      // A copy of the UI over the regenerated types.
      for (const dir of ['ui', 'common', 'generated']) cpSync(join(ROOT, dir), join(work, dir), { recursive: true });
      for (const file of result.files.filter((f) => f.path.startsWith('types/'))) writeFileSync(join(work, 'generated', file.path), file.content);
      symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'));
      const config: Record<string, unknown> = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8'));
      writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({ ...config, include: ['common', 'ui', 'generated/types'] }));

      let output = '';
      try {
        execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(work, 'tsconfig.json'), '--noEmit', '--pretty', 'false'], { encoding: 'utf8', cwd: work });
      } catch (error) {
        // execFileSync's error carries what tsc printed.
        output = typeof error === 'object' && error !== null && 'stdout' in error && typeof error.stdout === 'string' ? error.stdout : '';
      }
      const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
      // The two calls of ui/src/core/authApi.ts that use what changed, and the session load that reads the
      // answer of the renamed one (its type is gone with the path); nothing else.
      expect(new Set(errors.map((e) => e.split('(')[0])), output).toEqual(new Set(['ui/src/core/authApi.ts', 'ui/src/core/sessionStart.ts']));
      expect(errors, output).toContainEqual(expect.stringMatching(/^ui\/src\/core\/authApi\.ts\(\d+,\d+\): error TS2353: .*'oldPassword' does not exist/));
      // The renamed path: GET '/permessi' no longer type-checks, on the line that calls it.
      const grantsLine = readFileSync(join(ROOT, 'ui/src/core/authApi.ts'), 'utf8').split('\n').findIndex((l) => l.includes("api.GET('/permessi'")) + 1;
      expect(grantsLine).toBeGreaterThan(0);
      expect(errors, output).toContainEqual(expect.stringMatching(new RegExp(`^ui/src/core/authApi\\.ts\\(${grantsLine},\\d+\\): error TS\\d+`)));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 240_000);
});
