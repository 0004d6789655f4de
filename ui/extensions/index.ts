/**
 * Hand-written pages the generator cannot describe. A manifest route `{ kind: "extension", component: "Name" }`
 * renders `extensions.Name` inside the shell; each entry is lazy so it is its own chunk.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const extensions: Record<string, LazyExoticComponent<ComponentType>> = {
  InfoPage: lazy(() => import('./InfoPage')),
};
