/** The normalized model for the server, which builds its generic routes and queries from it at boot. */
import { jsonFile, type Emitter } from './emitter.js';

export const modelEmitter: Emitter = {
  name: 'model',
  emit: (model) => {
    const { demo: _demo, ...runtime } = model;
    return [jsonFile('model.json', runtime)];
  },
};
