/**
 * Builds the Express application: the API under /webpos/api/v1 (validated against the generated
 * OpenAPI document, bound to the generic entity service) and the built UI on the same port.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Knex } from 'knex';
import { bindingsOf } from '../common/bindings.js';
import type { Artifacts } from './artifacts.js';
import { installCountCache } from './crud/count-cache.js';
import { operationHandlers } from './crud/routes.js';
import { ExportWorker, type ExportOptions } from './exports/worker.js';
import { exportDirFromEnv } from './exports/settings.js';
import { createRowValidator } from './crud/row-validator.js';
import { OUTBOX_DEFAULTS, OutboxWorker, type OutboxOptions } from './outbox/worker.js';
import { domainHandlers, entityHooks } from './domain/index.js';
import { createDocumentMailHandlers } from './domain/documenti/invio-mail.js';
import { createAccountConfirmationHandlers } from './domain/auth/account-confirmation.js';
import { createAuthHandlers } from './domain/auth/handlers.js';
import { authLimitsFromEnv, type AuthLimits } from './domain/auth/limits.js';
import { AuthThrottle } from './domain/auth/throttle.js';
import { federationFromEnv, type FederationConfig } from './domain/auth/federation/config.js';
import { createFederationHandlers } from './domain/auth/federation/handlers.js';
import { createActingHandlers } from './domain/auth/acting.js';
import { reauthenticate } from './domain/auth/credentials.js';
import { relyingPartyFromEnv } from './domain/auth/webauthn-config.js';
import { createWebauthnHandlers } from './domain/auth/webauthn-handlers.js';
import { rememberClientAddress } from './http/client-address.js';
import { requestTurns } from './http/request-turns.js';
import { createMailService } from './mail/index.js';
import type { MailSettings } from './mail/settings.js';
import { authorize } from './http/authorize.js';
import { merchantGate } from './domain/auth/merchant-flags.js';
import { errorHandler, routeNotFound } from './http/error-handler.js';
import { documentOperations, fieldsOfOperation } from './http/operations.js';
import { operationRoutes } from './http/operation-routes.js';
import { documentPaths } from './http/openapi-document.js';
import { pathValidators } from './http/validation.js';
import { dropEmptyItems } from './http/drop-empty-items.js';
import { rejectNulCharacters } from './http/reject-nul.js';
import { refuseCrossSite } from './http/cross-site.js';
import { httpOptionsFromEnv, type HttpOptions } from './http/http-options.js';
import { jsonBody } from './http/json-body.js';
import { noStore, securityHeaders } from './http/security-headers.js';
import { provideSessionCookie, sessionCookie } from './http/session-cookie.js';
import { recordTitles } from './http/record-title.js';
import { uiFiles } from './http/ui-files.js';
import { createFileStore, fileStorageDirFromEnv } from './files/index.js';
import { uploadParser } from './files/upload-parser.js';

export const API_BASE = '/webpos/api/v1';

export interface AppOptions {
  db: Knex;
  artifacts: Artifacts;
  /** Check every response against the document too (tests); too costly for production. */
  validateResponses?: boolean;
  /** Folder of the built UI; when present it is served at / with a fallback to index.html. */
  uiDir?: string;
  /** Asynchronous exports: folder of the files (default EXPORT_DIR or data/exports); run: false queues without running. */
  exports?: Partial<ExportOptions>;
  /** Folder of uploaded files (server/files/); default FILE_STORAGE_DIR, and without it the database keeps them. */
  fileStorageDir?: string;
  /** Body limits, session cookie and proxy settings (server/http/http-options.ts); default from the environment. */
  http?: Partial<HttpOptions>;
  /** Mail (server/mail/): default SMTP_URL and MAIL_FROM; smtpUrl null records mails as not sent. */
  mail?: Partial<MailSettings>;
  /** Login and reset limits (server/domain/auth/limits.ts): default from the environment. */
  authLimits?: Partial<AuthLimits>;
  /** Single sign-on and one-time login (server/domain/auth/federation/config.ts): default from the environment. */
  federation?: Partial<FederationConfig>;
  /** The outbox worker (server/outbox/): run: true posts due messages every intervalMs (server/main.ts); tests call runOnce(). */
  outbox?: Partial<OutboxOptions> & { run?: boolean };
}

export function createApp({ db, artifacts, validateResponses = false, uiDir, exports, fileStorageDir, http, mail, authLimits, federation, outbox }: AppOptions): Express {
  installCountCache(db);
  const settings: HttpOptions = { ...httpOptionsFromEnv(), ...http };
  const app = express();
  app.disable('x-powered-by');
  // Answers are no-store, so Express's weak ETag (a SHA-1 of every body, a 20 kB list included) is work no
  // client uses; a row's version travels in its own ETag (server/crud/concurrency.ts).
  app.set('etag', false);
  app.set('query parser', 'extended');
  // Behind a TLS proxy: req.secure (the cookie's Secure flag) and req.host (the CSRF check) read its X-Forwarded-*.
  app.set('trust proxy', settings.trustProxy);
  app.use(securityHeaders());
  // gzip or Brotli, as the client accepts, for answers over 1 kB (compression's threshold: the login answer,
  // which carries the token, stays below it and uncompressed). Brotli at quality 4, not its default 11:
  // API answers are compressed on every request, and 11 costs tens of times the CPU for a few % less.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }));
  const operations = documentOperations(artifacts.openapi);
  // On every path: the page's address gets it too, for its first paint (server/http/first-paint.ts).
  const cookie = sessionCookie('/', settings.secureCookie, [API_BASE]);

  // Mails leave after the answer (app.locals.mail.idle() waits for them); limits shared through the database.
  const limits = { ...authLimitsFromEnv(), ...authLimits };
  const auth = { db, limits, throttle: new AuthThrottle(db, limits), mail: createMailService(db, artifacts.model, mail), mails: artifacts.model.messages.mails, realms: bindingsOf(artifacts.model).loginRealms, federation: { ...federationFromEnv(), ...federation } };
  app.locals.mail = auth.mail;
  app.locals.authThrottle = auth.throttle;
  const handlers = {
    ...domainHandlers, ...createAuthHandlers(auth), ...createAccountConfirmationHandlers(auth), ...createFederationHandlers(auth), ...createActingHandlers(auth),
    ...createWebauthnHandlers(auth, relyingPartyFromEnv()), ...createDocumentMailHandlers(auth),
  };
  const hooks = entityHooks(auth);

  const api = express.Router();
  api.use(requestTurns());
  api.use(rememberClientAddress, noStore, refuseCrossSite, provideSessionCookie(cookie));
  // Bodies (JSON and file uploads) are read only once the caller is authorized, with the operation's
  // limits, and before they are validated.
  const gate = merchantGate(artifacts.model);
  const beforeValidation = [authorize(db, cookie, gate), uploadParser(artifacts.model), jsonBody(settings), dropEmptyItems(artifacts.model)];
  // Export jobs run in this process (server/exports/worker.ts); app.locals.exportWorker lets a caller stop it.
  const exportWorker = new ExportWorker(db, artifacts.model, { dir: exports?.dir ?? exportDirFromEnv(), run: exports?.run ?? true }, gate);
  app.locals.exportWorker = exportWorker;
  // An unusable EXPORT_DIR must not stop the API: exports then stay queued, and the cause is logged.
  exportWorker.start().catch((error: unknown) => console.error('Esportazioni non avviate:', error));
  // Messages that transitions queued for external systems (server/outbox/); app.locals.outboxWorker lets tests run a round.
  const outboxWorker = new OutboxWorker(db, artifacts.model, { ...OUTBOX_DEFAULTS, ...outbox });
  app.locals.outboxWorker = outboxWorker;
  if (outbox?.run) outboxWorker.start();
  const { handlerOf, serviceFor } = operationHandlers(db, artifacts.model, operations, documentPaths(artifacts.openapi), handlers, hooks, exportWorker, createFileStore(fileStorageDir ?? fileStorageDirFromEnv()), createRowValidator(artifacts.openapi, artifacts.model),
    (username, password) => reauthenticate(db, auth.throttle, username, password));
  // The NUL check after the schema check, then the operation's handler (server/crud/routes.ts).
  api.use(operationRoutes(artifacts.openapi, beforeValidation, pathValidators(artifacts.openapi, validateResponses), [rejectNulCharacters(artifacts.model)], handlerOf));
  api.use(routeNotFound);
  api.use(errorHandler(artifacts.model, fieldsOfOperation(operations, artifacts.model)));
  app.use(API_BASE, api);

  if (uiDir && existsSync(join(uiDir, 'index.html'))) app.use(uiFiles(uiDir, API_BASE, recordTitles(db, artifacts.model, gate, serviceFor, cookie, artifacts.formsDir)));
  return app;
}
