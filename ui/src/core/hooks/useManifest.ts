/**
 * The manifest is bundled (core/artifacts.ts) and read synchronously everywhere through a context, so pages
 * never deal with a loading state.
 */
import { createContext, useContext } from 'react';
import type { EntityMeta, LoginRealms, Manifest } from '../types';

export const ManifestContext = createContext<Manifest | null>(null);

export function useManifest(): Manifest {
  const manifest = useContext(ManifestContext);
  if (!manifest) throw new Error('useManifest outside ManifestContext');
  return manifest;
}

export function useEntityMeta(name: string): EntityMeta {
  const entities: Partial<Manifest['entities']> = useManifest().entities;
  const entity = entities[name];
  if (!entity) throw new Error(`Entity ${name} is not in the manifest`);
  return entity;
}

/** The login realms of spec/platform/bindings.yaml: the login pages and the userType each sends. */
export function useLoginRealms(): LoginRealms {
  const realms = useManifest().loginRealms;
  if (!realms) throw new Error('The manifest has no loginRealms: add spec/platform/bindings.yaml and run npm run gen');
  return realms;
}

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: unknown };

/** The spec's default validation messages, for forms the shell writes by hand (login, password, roles). */
export function useValidationMessages(): Record<string, string> {
  return useManifest().messages;
}

/** A text of the spec an operation's page shows (its `shellMessages.<name>`), looked up by operation and name. */
export type ShellMessage = (operation: string, name: string) => string;

/** The custom operations' `shellMessages` (texts no answer carries); a name the spec lacks is the page's mistake. */
export function useShellMessages(): ShellMessage {
  const messages: Partial<Manifest['shellMessages']> = useManifest().shellMessages;
  return (operation, name) => {
    const text = messages[operation]?.[name];
    if (text === undefined) throw new Error(`The spec gives operation ${operation} no shellMessages.${name}: add it and run npm run gen`);
    return text;
  };
}
