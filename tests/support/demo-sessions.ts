/**
 * The sessions a domain API test file works with: the app on a fresh copy of the demo database, assistance as the
 * app's own request, and each named bank and merchant user logged in once before the first test.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

export interface DemoSessions {
  /** The app (its database, its mail), from beforeAll on. */
  readonly app: TestApp;
  /** Each user's logged-in requests, by username; `assistenza` is the app's own. */
  readonly as: Record<string, TestApp['request']>;
}

export function useDemoSessions(users: { bank?: readonly string[]; merchant?: readonly string[] }): DemoSessions {
  let app: TestApp | undefined;
  const as: Record<string, TestApp['request']> = {};
  beforeAll(async () => {
    app = await createTestApp();
    as.assistenza = app.request;
    for (const user of users.bank ?? []) as[user] = await app.loginAs(user);
    for (const user of users.merchant ?? []) as[user] = await app.loginAs(user, 'merchant');
  }, 240_000);
  afterAll(() => app?.close());
  return {
    get app() {
      if (!app) throw new Error('useDemoSessions: the app exists from beforeAll on');
      return app;
    },
    as,
  };
}
