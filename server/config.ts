/** Everything the server reads from the environment, resolved once (documented in README.md). */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the server uses the SQLite file. */
  databaseUrl?: string;
  sqliteFile: string;
  uiDir: string;
  /** The artifacts the server runs on: generated/ unless GENERATED_DIR names another generator output. */
  generatedDir: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    sqliteFile: env.SQLITE_FILE ?? join(ROOT_DIR, 'data', 'webpos.sqlite'),
    uiDir: join(ROOT_DIR, 'dist', 'ui'),
    generatedDir: env.GENERATED_DIR ?? join(ROOT_DIR, 'generated'),
  };
}
