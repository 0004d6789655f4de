/** The registry of artifacts. A new artifact is one new emitter file and one line here. */
import type { Emitter } from './emitter.js';
import { demoDataEmitter } from './demo-data.js';
import { formsEmitter } from './forms.js';
import { manifestEmitter } from './manifest.js';
import { manifestTypeEmitter } from './manifest-type.js';
import { menuIconsEmitter } from './menu-icons.js';
import { migrationsEmitter } from './migrations.js';
import { modelEmitter } from './model-json.js';
import { openapiEmitter } from './openapi.js';
import { typesEmitter } from './types.js';

// The pipeline starts them in this order and then waits for all: types first, as it hands its work to a thread.
export const emitters: readonly Emitter[] = [
  typesEmitter,
  modelEmitter,
  openapiEmitter,
  formsEmitter,
  manifestEmitter,
  manifestTypeEmitter,
  menuIconsEmitter,
  migrationsEmitter,
  demoDataEmitter,
];
