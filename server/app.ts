/**
 * Builds the Express application: the API under /webpos/api/v1 (validated against the generated
 * OpenAPI document, bound to the generic entity service) and the built UI on the same port.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Artifacts } from './artifacts.js';
import { installCountCache } from './crud/count-cache.js';
import { apiRouter } from './crud/routes.js';
import { domainHandlers, entityHooks } from './domain/index.js';
import { authorize } from './http/authorize.js';
import { errorHandler, routeNotFound } from './http/error-handler.js';
import { documentOperations, fieldsOfOperation } from './http/operations.js';
import { openApiValidator } from './http/validation.js';
import { rejectNulCharacters } from './http/reject-nul.js';
import { compileAllSchemas } from './http/compile-schemas.js';

export const API_BASE = '/webpos/api/v1';

/**
 * Authorization runs after the validator has matched the operation (its metadata step sets
 * req.openapi) and before it validates the request, so an anonymous or unauthorized caller learns
 * nothing about what a valid body looks like: 401/403 come before 400.
 */
function authorizedValidation(validator: RequestHandler[], authorization: RequestHandler): RequestHandler[] {
  const at = validator.findIndex((m) => m.name === 'requestMiddleware');
  if (at < 0) throw new Error('express-openapi-validator no longer has a requestMiddleware step: place authorize() again (server/app.ts)');
  return [...validator.slice(0, at), authorization, ...validator.slice(at)];
}

export interface AppOptions {
  db: Knex;
  artifacts: Artifacts;
  /** Check every response against the document too (tests); too costly for production. */
  validateResponses?: boolean;
  /** Folder of the built UI; when present it is served at / with a fallback to index.html. */
  uiDir?: string;
}

export function createApp({ db, artifacts, validateResponses = false, uiDir }: AppOptions): Express {
  compileAllSchemas(artifacts.openapi);
  installCountCache(db);
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  const operations = documentOperations(artifacts.openapi);

  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(...authorizedValidation(openApiValidator(artifacts.openapi, validateResponses), authorize(db)));
  api.use(rejectNulCharacters(artifacts.model));
  api.use(apiRouter(db, artifacts.model, operations, artifacts.openapi.paths as never, domainHandlers, entityHooks));
  api.use(routeNotFound);
  api.use(errorHandler(artifacts.model, fieldsOfOperation(operations, artifacts.model)));
  app.use(API_BASE, api);

  if (uiDir && existsSync(join(uiDir, 'index.html'))) {
    app.use(express.static(uiDir, { index: false, maxAge: '1h' }));
    app.get(/^\/(?!webpos\/).*/, (_req, res) => res.sendFile(join(uiDir, 'index.html')));
  }
  return app;
}
