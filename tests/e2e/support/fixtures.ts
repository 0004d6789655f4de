/**
 * The `test` of every browser test file. Each test file gets its own server on a fresh demo database, so
 * files do not see each other's changes (one resets passwords others log in with) and run in any order
 * or alone; the tests of one file run in order on one worker and share that file's server, each
 * starting from its own login. Every page a test opens is watched: an uncaught error or a CSP violation
 * fails the test.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { startAppServer, type AppServer } from './app-server';
import { watchPage } from './page-errors';
import { RequestLog } from './request-log';

/** The server of the test file this worker is running; the next file stops it and starts its own. */
class ServerPerFile {
  private current?: { file: string; server: Promise<AppServer> };

  async forFile(file: string): Promise<AppServer> {
    if (this.current?.file !== file) {
      await this.stop();
      this.current = { file, server: startAppServer() };
    }
    return this.current.server;
  }

  async stop(): Promise<void> {
    const running = this.current;
    this.current = undefined;
    await running?.server.then((server) => server.stop(), () => undefined);
  }
}

interface TestFixtures {
  /** The address of this file's server (also the config's `baseURL`, so `page.goto('/login/banca')` works). */
  appURL: string;
  /** The SQLite file of this file's server (rows another system writes: card movements dated today). */
  appDatabase: string;
  /** Errors seen in any page of the test; the test fails unless it is empty at the end. */
  pageErrors: string[];
  /** A page in a new browser context (its own cookies): another user, or a new login of the same one. */
  newPage: () => Promise<Page>;
  /** Every page's requests and their answers; a failed test attaches the last ones. */
  requestLog: RequestLog;
}

export const test = base.extend<TestFixtures, { serverPerFile: ServerPerFile }>({
  serverPerFile: [async ({}, use) => {
    const servers = new ServerPerFile();
    await use(servers);
    await servers.stop();
  }, { scope: 'worker' }],

  // Starting a server takes seconds on a busy machine: its own timeout, not the test's.
  appURL: [async ({ serverPerFile }, use, testInfo) => {
    const server = await serverPerFile.forFile(testInfo.file);
    await use(server.baseURL);
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('server log', { body: server.log.slice(-50).join('\n'), contentType: 'text/plain' });
    }
  }, { scope: 'test', timeout: 90_000 }],

  appDatabase: async ({ serverPerFile, appURL }, use, testInfo) => {
    // appURL first: the server (and its database) exists once it listens.
    await use(appURL ? (await serverPerFile.forFile(testInfo.file)).databaseFile : '');
  },

  baseURL: async ({ appURL }, use) => {
    await use(appURL);
  },

  pageErrors: async ({}, use) => {
    const errors: string[] = [];
    await use(errors);
    expect(errors, 'errors in the page').toEqual([]);
  },

  requestLog: async ({}, use, testInfo) => {
    const log = new RequestLog();
    await use(log);
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('requests', { body: log.text(), contentType: 'text/plain' });
    }
  },

  page: async ({ page, pageErrors, requestLog }, use) => {
    await watchPage(page, pageErrors);
    requestLog.watch(page);
    await use(page);
  },

  newPage: async ({ browser, pageErrors, requestLog }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      // Locale, viewport, baseURL and tracing come from the config, as for the `page` fixture.
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await watchPage(page, pageErrors);
      requestLog.watch(page);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };
