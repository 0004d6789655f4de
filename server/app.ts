/**
 * Builds the Express application: the API under /webpos/api/v1 (validated against the generated
 * OpenAPI document, bound to the generic entity service) and the built UI on the same port.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import type { Knex } from 'knex';
import type { Artifacts } from './artifacts.js';
import { apiRouter } from './crud/routes.js';
import { domainHandlers, entityHooks } from './domain/index.js';
import { authorize } from './http/authorize.js';
import { errorHandler, routeNotFound } from './http/error-handler.js';
import { documentOperations, fieldsOfOperation } from './http/operations.js';
import { openApiValidator } from './http/validation.js';
import { compileAllSchemas } from './http/compile-schemas.js';

export const API_BASE = '/webpos/api/v1';

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
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  const operations = documentOperations(artifacts.openapi);

  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(...openApiValidator(artifacts.openapi, validateResponses));
  api.use(authorize(db));
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
