/** Demo rows, already checked against the entities at generation time, in load order. */
import { jsonFile, type Emitter } from './emitter.js';

export const demoDataEmitter: Emitter = {
  name: 'demo-data',
  emit: (model) => [jsonFile('demo-data.json', model.demo)],
};
