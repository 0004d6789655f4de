/**
 * TypeScript types for server, UI and tests: one interface per entity row and input
 * (json-schema-to-typescript) and the `paths`/`components` of the API (openapi-typescript). The compiling runs in
 * a worker thread (types-worker.ts), kept for the next run of the same process (`npm run dev`) and never holding
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
    const compiled = await inWorker({ schemas, openapi: JSON.stringify(buildOpenApi(model)) });
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

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (done: { interfaces: string[]; api: string }) => void; reject: (e: Error) => void }>();

function inWorker(job: Omit<TypesJob, 'id'>): Promise<{ interfaces: string[]; api: string }> {
  const running = worker ?? startWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // Referenced while it has work, so the process waits for the answer; idle, it lets the process end.
    running.ref();
    running.postMessage({ ...job, id } satisfies TypesJob);
  });
}

function startWorker(): Worker {
  const source = new URL('./types-worker.ts', import.meta.url);
  // On a Node that does not strip types (20) the generator runs through tsx (generator/gen.mjs), whose loader a
  // worker does not inherit: the worker registers it before loading its source.
  const started = nodeStripsTypes()
    ? new Worker(source)
    : new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`, { eval: true });
  started.on('message', (answer: TypesAnswer) => {
    const waiter = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (!waiting.size) started.unref();
    if (!waiter) return;
    if (answer.ok) waiter.resolve({ interfaces: answer.interfaces, api: answer.api });
    else waiter.reject(new Error(`generator/emitters/types-worker.ts: ${answer.error}`));
  });
  const fail = (e: Error) => {
    worker = undefined;
    for (const waiter of waiting.values()) waiter.reject(e);
    waiting.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => { if (worker === started) fail(new Error(`the types worker stopped (exit code ${code})`)); });
  worker = started;
  return started;
}

/** Whether this Node runs TypeScript sources by itself (22.18+, 24: `process.features.typescript`). */
function nodeStripsTypes(): boolean {
  const features: object = process.features;
  return 'typescript' in features && Boolean(features.typescript);
}
