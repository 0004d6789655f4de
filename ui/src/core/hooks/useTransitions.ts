/**
 * The state-machine actions of one row (docs/spec-language.md#state-machines): those of the form definition
 * that the row's `_actions` names, i.e. that the server would accept from this caller now, and `run`, which
 * posts `/<entity path>/{key}/<transition>` and answers the spec's success message and the updated row.
 */
import { useMemo } from 'react';
import { entityPath, type KeyValues } from '../keys';
import type { EntityMeta, FormDef, Row, TransitionDef } from '../types';
import { useDataProvider } from './useDataProvider';

export interface TransitionResult { message: string; row: Row }

export interface RowTransitions {
  /** The transitions to offer, in the spec's order. */
  available: TransitionDef[];
  /** `input`: the transition's declared body (its reason), when it has one. */
  run(name: string, input?: Row): Promise<TransitionResult>;
}

export function useTransitions(entity: EntityMeta, form: FormDef, editKey: KeyValues | undefined, record: Row | undefined): RowTransitions {
  const provider = useDataProvider();
  return useMemo(() => {
    const allowed = Array.isArray(record?._actions) ? (record._actions as string[]) : [];
    return {
      available: editKey ? (form.states?.transitions ?? []).filter((t) => allowed.includes(t.name)) : [],
      // The entity and transition names are data (manifest, form): untyped by path.
      run: (name, input) => provider.requestPath<TransitionResult>('POST', `${entityPath(entity.path, entity.key, editKey)}/${encodeURIComponent(name)}`, input ? { body: input } : undefined),
    };
  }, [provider, entity, form, editKey, record]);
}
