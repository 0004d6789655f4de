/** The generated artifacts the server runs on, read once at boot (never the spec or the generator). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Model } from '../common/model.js';
import { ROOT_DIR } from './config.js';

export type RuntimeModel = Omit<Model, 'demo'>;
export type DemoData = Model['demo'];

export interface Artifacts {
  model: RuntimeModel;
  openapi: Record<string, unknown>;
  demo: DemoData;
  migrationsDir: string;
}

export function loadArtifacts(generatedDir = join(ROOT_DIR, 'generated')): Artifacts {
  const read = (name: string) => JSON.parse(readFileSync(join(generatedDir, name), 'utf8'));
  return {
    model: read('model.json'),
    openapi: read('openapi.json'),
    demo: read('demo-data.json'),
    migrationsDir: join(generatedDir, 'migrations'),
  };
}
