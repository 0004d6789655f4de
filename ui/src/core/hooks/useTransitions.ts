/**
 * The state-machine actions of one row (docs/spec-language.md#state-machines): those of the form definition
 * that the row's `_actions` names, i.e. that the server would accept from this caller now, and `run`, which
 * posts `/<entity path>/{key}/<transition>` and answers the spec's success message and the updated row.
 */
import { useMemo } from 'react';
import { genericApiError } from '../apiError';
import { isRecord, isStringArray } from '../guards';
import { entityPath, type KeyValues } from '../keys';
import type { EntityMeta, FormDef, Row, TransitionDef } from '../types';
import { useDataProvider } from './useDataProvider';

export interface TransitionResult { message: string; row: Row }

/** The answer of a transition (`<Entity>TransitionResult` of the API), checked: its path is data. */
function transitionResultOf(answer: unknown): TransitionResult {
  if (!isRecord(answer) || typeof answer.message !== 'string' || !isRecord(answer.row)) throw genericApiError(200);
  return { message: answer.message, row: answer.row };
}

export interface RowTransitions {
  /** The transitions to offer, in the spec's order. */
  available: TransitionDef[];
  /**
   * `input`: the transition's declared body (its reason), when it has one; `idempotencyKey`: the same for
   * every attempt of one intent (a modal's retries), so the server never runs it twice.
   */
  run(name: string, input?: Row, idempotencyKey?: string): Promise<TransitionResult>;
}

export function useTransitions(entity: EntityMeta, form: FormDef, editKey: KeyValues | undefined, record: Row | undefined): RowTransitions {
  const provider = useDataProvider();
  return useMemo(() => {
    const actions = record?._actions;
    const allowed = isStringArray(actions) ? actions : [];
    return {
      available: editKey ? (form.states?.transitions ?? []).filter((t) => allowed.includes(t.name)) : [],
      // The entity and transition names are data (manifest, form): untyped by path.
      run: async (name, input, idempotencyKey) => transitionResultOf(
        await provider.requestPath('POST', `${entityPath(entity.path, entity.key, editKey)}/${encodeURIComponent(name)}`, {
          ...(input ? { body: input } : {}), ...(idempotencyKey ? { idempotencyKey } : {}),
        })),
    };
  }, [provider, entity, form, editKey, record]);
}
