/**
 * What the grant picker offers: the function and action catalogue of the manifest (spec/platform/
 * functions.yaml) when the generator provides it, otherwise the functions and actions the caller holds
 * (GET funzioni, funzioni/{fn}/permessi). '*' (all) always comes first (seed 000 §6).
 */
import { useMemo } from 'react';
import { useManifest } from '../../src/core/hooks/useManifest';
import { useSession } from '../../src/core/session';

export interface Choice {
  value: string;
  label: string;
}

export const ALL = '*';

export interface Catalogue {
  functions: Choice[];
  actions: Choice[];
}

export function buildCatalogue(
  declared: { functions?: Record<string, string>; actions?: Record<string, string> },
  held: ReadonlyMap<string, ReadonlySet<string>>,
  extra: { funzione: string; azione: string }[] = [],
): Catalogue {
  const functions = new Map<string, string>([[ALL, 'Tutte le funzioni (*)']]);
  const actions = new Map<string, string>([[ALL, 'Tutte (*)']]);
  const add = (target: Map<string, string>, code: string, label?: string) => { if (!target.has(code)) target.set(code, label ?? code); };
  if (declared.functions && declared.actions) {
    for (const [code, label] of Object.entries(declared.functions)) add(functions, code, label);
    for (const [code, label] of Object.entries(declared.actions)) add(actions, code, label);
  } else {
    for (const [fn, acts] of held) {
      add(functions, fn);
      for (const a of acts) add(actions, a);
    }
  }
  // Grants the role already has stay visible even when the catalogue does not know them.
  for (const g of extra) { add(functions, g.funzione); add(actions, g.azione); }
  const list = (m: Map<string, string>) => [...m].map(([value, label]) => ({ value, label }));
  return { functions: list(functions), actions: list(actions) };
}

export function useCatalogue(existing: { funzione: string; azione: string }[]): Catalogue {
  const manifest = useManifest();
  const { grants } = useSession();
  return useMemo(() => buildCatalogue(manifest, grants, existing), [manifest, grants, existing]);
}
