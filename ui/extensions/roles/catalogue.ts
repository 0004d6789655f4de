/**
 * What the grant picker offers: the function and action catalogue of the manifest (spec/platform/
 * functions.yaml) when the generator provides it, otherwise the functions and actions the caller holds
 * (GET funzioni, funzioni/{fn}/permessi). '*' (all) always comes first (seed 000 §6).
 *
 * Functions are grouped by the menu area whose screens they open, and each offers only the actions the spec
 * checks for it (manifest `functionActions`): a role is read as "Anagrafiche: Banche, visualizzazione e
 * creazione", not as a 43 x 7 grid of codes.
 */
import { useMemo } from 'react';
import { useManifest } from '../../src/core/hooks/useManifest';
import { useSession } from '../../src/core/session';

export interface Choice {
  value: string;
  label: string;
}

/** A function row: the actions it offers are codes of Catalogue.actions. */
export interface FunctionChoice extends Choice {
  actions: string[];
}

export interface Area {
  label: string;
  functions: FunctionChoice[];
}

export const ALL = '*';
const OTHER_AREA = 'Altre funzioni';

export interface Catalogue {
  functions: Choice[];
  actions: Choice[];
  areas: Area[];
}

interface Declared {
  functions?: Record<string, string>;
  actions?: Record<string, string>;
  functionActions?: Record<string, string[]>;
  menu?: { label: string; items: { permission?: string }[] }[];
}

export function buildCatalogue(
  declared: Declared,
  held: ReadonlyMap<string, ReadonlySet<string>>,
  extra: { funzione: string; azione: string }[] = [],
): Catalogue {
  const functions = new Map<string, string>([[ALL, 'Tutte le funzioni (*)']]);
  const actions = new Map<string, string>([[ALL, 'Tutte (*)']]);
  const offered = new Map<string, Set<string>>();
  const offer = (fn: string, action: string) => offered.set(fn, (offered.get(fn) ?? new Set<string>()).add(action));
  const add = (target: Map<string, string>, code: string, label?: string) => { if (!target.has(code)) target.set(code, label ?? code); };
  if (declared.functions && declared.actions) {
    for (const [code, label] of Object.entries(declared.functions)) add(functions, code, label);
    for (const [code, label] of Object.entries(declared.actions)) add(actions, code, label);
    for (const [fn, acts] of Object.entries(declared.functionActions ?? {})) for (const a of acts) offer(fn, a);
  } else {
    for (const [fn, acts] of held) {
      add(functions, fn);
      for (const a of acts) { add(actions, a); offer(fn, a); }
    }
  }
  // Grants the role already has stay visible even when the catalogue does not know them.
  for (const g of extra) { add(functions, g.funzione); add(actions, g.azione); offer(g.funzione, g.azione); }

  const actionCodes = [...actions.keys()];
  // A function the spec never checks may still be granted: it offers every action rather than none.
  const row = (code: string): FunctionChoice => {
    const own = offered.get(code);
    return { value: code, label: functions.get(code) ?? code, actions: actionCodes.filter((a) => a === ALL || code === ALL || !own || own.has(a)) };
  };
  const placed = new Set<string>([ALL]);
  const areas: Area[] = [{ label: 'Tutte le funzioni', functions: [row(ALL)] }];
  for (const group of declared.menu ?? []) {
    const codes = [...new Set(group.items.flatMap((i) => (i.permission ? [i.permission.split(':')[0]] : [])))]
      .filter((code) => functions.has(code) && !placed.has(code));
    codes.forEach((code) => placed.add(code));
    if (codes.length) areas.push({ label: group.label, functions: codes.map(row) });
  }
  const rest = [...functions.keys()].filter((code) => !placed.has(code));
  if (rest.length) areas.push({ label: areas.length > 1 ? OTHER_AREA : 'Funzioni', functions: rest.map(row) });

  const list = (m: Map<string, string>) => [...m].map(([value, label]) => ({ value, label }));
  return { functions: list(functions), actions: list(actions), areas };
}

export function useCatalogue(existing: { funzione: string; azione: string }[]): Catalogue {
  const manifest = useManifest();
  const { grants } = useSession();
  return useMemo(() => buildCatalogue(manifest, grants, existing), [manifest, grants, existing]);
}
