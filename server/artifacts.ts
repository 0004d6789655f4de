/** The generated artifacts the server runs on, read once at boot (never the spec or the generator). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Model } from '../common/model.js';
import { ROOT_DIR } from './config.js';
import { isRecord } from './records.js';

export type RuntimeModel = Omit<Model, 'demo'>;
export type DemoData = Model['demo'];

export interface Artifacts {
  model: RuntimeModel;
  openapi: Record<string, unknown>;
  demo: DemoData;
  migrationsDir: string;
  /** generated/forms: each entity's form definition, as the shell has it. */
  formsDir: string;
}

export function loadArtifacts(generatedDir = join(ROOT_DIR, 'generated')): Artifacts {
  const read = (name: string): unknown => JSON.parse(readFileSync(join(generatedDir, name), 'utf8'));
  const model = read('model.json');
  const openapi = read('openapi.json');
  const demo = read('demo-data.json');
  if (!isRuntimeModel(model)) throw new Error(`${generatedDir}/model.json is not a model: run npm run gen`);
  if (!isRecord(openapi)) throw new Error(`${generatedDir}/openapi.json is not a document: run npm run gen`);
  if (!isDemoData(demo)) throw new Error(`${generatedDir}/demo-data.json is not demo data: run npm run gen`);
  return { model, openapi, demo, migrationsDir: join(generatedDir, 'migrations'), formsDir: join(generatedDir, 'forms') };
}

/**
 * model.json as the generator writes it (generator/emitters/model-json.ts, checked by npm run gen:check):
 * its members are there, and what is inside them is the generator's business.
 */
function isRuntimeModel(value: unknown): value is RuntimeModel {
  return isRecord(value) && isRecord(value.shell) && Array.isArray(value.entities) && Array.isArray(value.operations)
    && Array.isArray(value.pages) && isRecord(value.functions) && isRecord(value.actions) && isRecord(value.messages)
    && Array.isArray(value.dropEntities) && Array.isArray(value.config);
}

function isDemoData(value: unknown): value is DemoData {
  return Array.isArray(value) && value.every((item) => isRecord(item) && typeof item.entity === 'string' && Array.isArray(item.rows));
}
