/**
 * TypeScript types for server, UI and tests: one interface per entity row and input
 * (json-schema-to-typescript) and the `paths`/`components` of the API (openapi-typescript). The compiling runs in
 * two worker threads (types-worker.ts), kept for the next run of the same process (`npm run dev`) and never holding
 * the process open; the other emitters go on meanwhile.
 */
import { Worker } from 'node:worker_threads';
import { inputSchema, isJsonObject, rowSchema, type JsonSchema } from '../shapes/entity-schema.js';
import type { Emitter } from './emitter.js';
import { buildOpenApi } from './openapi.js';
import type { NamedSchema, TypesAnswer, TypesJob } from './types-worker.js';

export const typesEmitter: Emitter = {
  name: 'types',
  emit: async (model, ctx) => {
    const schemas: NamedSchema[] = model.entities.flatMap((entity) => [
      { name: entity.name, schema: withoutTitles(rowSchema(entity, model, true)) },
      { name: `${entity.name}Input`, schema: withoutTitles(inputSchema(entity, model)) },
    ]);
    // As JSON text, as openapi-typescript would read generated/openapi.json.
    const [entityTypes, apiTypes] = await Promise.all([
      inWorker(0, { schemas }),
      inWorker(1, { schemas: [], openapi: JSON.stringify(buildOpenApi(model)) }),
    ]);
    const compiled = { interfaces: entityTypes.interfaces, api: apiTypes.api };
    const entitiesHeader = ctx.render('types-header', { source: 'spec/', description: 'One interface per entity: the row the API returns and the body it accepts.' });
    const apiHeader = ctx.render('types-header', { source: 'generated/openapi.json', description: 'Paths and schemas of the API (openapi-typescript).' });
    return [
      { path: 'types/entities.ts', content: `${[entitiesHeader, ...compiled.interfaces].join('\n').trimEnd()}\n` },
      { path: 'types/api.ts', content: `${apiHeader}\n${compiled.api}` },
    ];
  },
};

/**
 * json-schema-to-typescript turns every titled sub-schema into a named interface; a child entity
 * would then be declared twice (inside its parent and on its own). Titles are labels, not type names.
 */
function withoutTitles(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'title').map(([k, v]) => [k, k === 'default' || k === 'enum' ? v : valueWithoutTitles(v)]));
}

function valueWithoutTitles(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(valueWithoutTitles);
  return isJsonObject(value) ? withoutTitles(value) : value;
}

type Compiled = { interfaces: string[]; api: string };
interface Pending { resolve: (done: Compiled) => void; reject: (e: Error) => void }
interface Running { worker: Worker; waiting: Map<number, Pending> }

/**
 * Two workers: the entity interfaces in one and the API's types in the other, so on two cores the slower of the
 * two is the emitter's time, not their sum (200 synthetic entities: about 2.5 s and 4 s of compiling).
 */
const pool: (Running | undefined)[] = [undefined, undefined];
let nextId = 0;

function inWorker(slot: number, job: Omit<TypesJob, 'id'>): Promise<Compiled> {
  const running = (pool[slot] ??= startWorker(slot));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    running.waiting.set(id, { resolve, reject });
    // Referenced while it has work, so the process waits for the answer; idle, it lets the process end.
    running.worker.ref();
    running.worker.postMessage({ ...job, id } satisfies TypesJob);
  });
}

function startWorker(slot: number): Running {
  const source = new URL('./types-worker.ts', import.meta.url);
  // On a Node that does not strip types (20) the generator runs through tsx (generator/gen.mjs), whose loader a
  // worker does not inherit: the worker registers it before loading its source.
  const worker = nodeStripsTypes()
    ? new Worker(source)
    : new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`, { eval: true });
  const running: Running = { worker, waiting: new Map() };
  worker.on('message', (answer: TypesAnswer) => {
    const waiter = running.waiting.get(answer.id);
    running.waiting.delete(answer.id);
    if (!running.waiting.size) worker.unref();
    if (!waiter) return;
    if (answer.ok) waiter.resolve({ interfaces: answer.interfaces, api: answer.api });
    else waiter.reject(new Error(`generator/emitters/types-worker.ts: ${answer.error}`));
  });
  const fail = (e: Error) => {
    if (pool[slot] === running) pool[slot] = undefined;
    for (const waiter of running.waiting.values()) waiter.reject(e);
    running.waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => { fail(new Error(`the types worker stopped (exit code ${code})`)); });
  return running;
}

/** Whether this Node runs TypeScript sources by itself (22.18+, 24: `process.features.typescript`). */
function nodeStripsTypes(): boolean {
  const features: object = process.features;
  return 'typescript' in features && Boolean(features.typescript);
}
