/**
 * Transitions run on many rows of a list at once (docs/spec-language.md#bulk-transitions): which of the
 * entity's bulk actions every selected row allows (each row's `_actions`, as the server decides it), what the
 * list says before and after, and the checked answer of `POST <path>/azioni/<name>`.
 */
import { genericApiError } from './apiError';
import { isRecord, isStringArray } from './guards';
import type { BulkAction, Row } from './types';

interface BulkResult { key: unknown; outcome: 'ok' | 'error' | 'skipped'; message: string; code?: string }
interface BulkOutcome { done: number; failed: number; results: BulkResult[] }

/** The actions to offer on the selection: none without rows, otherwise those each row's `_actions` names. */
export function offeredBulkActions(actions: readonly BulkAction[], rows: readonly Row[]): BulkAction[] {
  if (rows.length === 0) return [];
  return actions.filter((a) => rows.every((row) => isStringArray(row._actions) && row._actions.includes(a.name)));
}

export function selectedCount(count: number): string {
  return count === 1 ? '1 riga selezionata' : `${String(count)} righe selezionate`;
}

/** The spec's question of the transition, then which rows it is asked for (and, run as one, what a refusal means). */
export function bulkQuestion(action: BulkAction, count: number): { title: string; message: string } {
  const scope = count === 1
    ? 'Vale per la riga selezionata.'
    : action.mode === 'all'
      ? `Vale per tutte le ${String(count)} righe selezionate insieme: se una è rifiutata, nessuna viene modificata.`
      : `Vale per ciascuna delle ${String(count)} righe selezionate.`;
  return { title: `${action.label}: ${selectedCount(count)}`, message: action.confirm ? `${action.confirm} ${scope}` : scope };
}

function updated(count: number): string {
  return count === 1 ? '1 riga aggiornata' : `${String(count)} righe aggiornate`;
}

/** What the list says after: how many rows changed and, when some did not, how many and the first refusal. */
export function bulkOutcomeMessage(outcome: BulkOutcome): { ok: boolean; message: string } {
  if (outcome.failed === 0) return { ok: true, message: updated(outcome.done) };
  const refusal = outcome.results.find((r) => r.outcome === 'error') ?? outcome.results.find((r) => r.outcome !== 'ok');
  const notDone = outcome.failed === 1 ? '1 non aggiornata' : `${String(outcome.failed)} non aggiornate`;
  const head = outcome.done === 0 ? (outcome.failed === 1 ? 'Riga non aggiornata' : 'Nessuna riga aggiornata') : `${updated(outcome.done)}, ${notDone}`;
  return { ok: false, message: refusal ? `${head}: ${refusal.message}` : head };
}

function resultOf(value: unknown): BulkResult | undefined {
  if (!isRecord(value) || typeof value.message !== 'string') return undefined;
  const { outcome } = value;
  if (outcome !== 'ok' && outcome !== 'error' && outcome !== 'skipped') return undefined;
  return { key: value.key, outcome, message: value.message, ...(typeof value.code === 'string' ? { code: value.code } : {}) };
}

/** The answer checked: its path is data (manifest), so the typed client does not know it. */
export function bulkOutcomeOf(answer: unknown): BulkOutcome {
  if (!isRecord(answer) || typeof answer.done !== 'number' || typeof answer.failed !== 'number' || !Array.isArray(answer.results)) {
    throw genericApiError(200);
  }
  const results = answer.results.map(resultOf);
  const checked = results.filter((r): r is BulkResult => r !== undefined);
  if (checked.length !== results.length) throw genericApiError(200);
  return { done: answer.done, failed: answer.failed, results: checked };
}
