/**
 * What a list says and offers on its selected rows (docs/spec-language.md#bulk-transitions): only the bulk
 * actions every selected row allows, the spec's question with the count, and the outcome in Italian.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../ui/src/core/apiError';
import { bulkOutcomeMessage, bulkOutcomeOf, bulkQuestion, offeredBulkActions, selectedCount } from '../../ui/src/core/bulkActions';
import type { Manifest } from '../../ui/src/core/types';
import { named, present } from '../support/present';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest: Manifest = JSON.parse(readFileSync(join(root, 'generated/manifest.json'), 'utf8'));
const openapi: { paths: Record<string, Record<string, unknown>> } = JSON.parse(readFileSync(join(root, 'generated/openapi.json'), 'utf8'));
const actions = present(manifest.entities.MovimentoMagazzino.bulkActions, 'the bulk actions of the movements');
const accetta = named(actions, 'accetta', 'bulk actions');

describe('the bulk actions of the manifest and the API', () => {
  it('are the same: the list posts each to <path>/azioni/<name>, an operation of its entity with the same mode', () => {
    const fromManifest = Object.entries(manifest.entities).flatMap(([name, e]) =>
      (e.bulkActions ?? []).map((a) => ({ path: `/${e.path}/azioni/${a.name}`, entity: name, transition: a.name, bulk: a.mode })));
    const fromApi = Object.entries(openapi.paths).flatMap(([path, ops]) => Object.values(ops).flatMap((op) =>
      op !== null && typeof op === 'object' && 'x-operation' in op && op['x-operation'] === 'bulkTransition' && 'x-entity' in op && 'x-transition' in op && 'x-bulk' in op
        ? [{ path, entity: op['x-entity'], transition: op['x-transition'], bulk: op['x-bulk'] }] : []));
    expect(fromManifest.length).toBeGreaterThan(0);
    // The manifest lists entities in spec order, the document paths by path: the same set either way.
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect(fromManifest.sort(byPath)).toEqual(fromApi.sort(byPath));
  });
});

describe('the actions offered on the selected movements', () => {
  it('are those every selected row allows, none without a selection', () => {
    const pending = { id: 'a', _actions: ['accetta', 'rifiuta', 'update'] };
    const acceptOnly = { id: 'b', _actions: ['accetta'] };
    const closed = { id: 'c', _actions: [] };
    expect(offeredBulkActions(actions, [pending]).map((a) => a.label)).toEqual(['Accetta', 'Rifiuta']);
    expect(offeredBulkActions(actions, [pending, acceptOnly]).map((a) => a.label)).toEqual(['Accetta']);
    expect(offeredBulkActions(actions, [pending, closed])).toEqual([]);
    expect(offeredBulkActions(actions, [{ id: 'd' }])).toEqual([]);
    expect(offeredBulkActions(actions, [])).toEqual([]);
  });

  it('count the selection and ask the spec question for that many rows', () => {
    expect(selectedCount(1)).toBe('1 riga selezionata');
    expect(selectedCount(3)).toBe('3 righe selezionate');
    expect(bulkQuestion(accetta, 3)).toEqual({
      title: 'Accetta: 3 righe selezionate',
      message: 'Accettare il movimento? La giacenza del modello sarà variata. Vale per ciascuna delle 3 righe selezionate.',
    });
    expect(bulkQuestion(accetta, 1).message).toBe('Accettare il movimento? La giacenza del modello sarà variata. Vale per la riga selezionata.');
    expect(bulkQuestion({ ...accetta, mode: 'all', confirm: undefined }, 2).message)
      .toBe('Vale per tutte le 2 righe selezionate insieme: se una è rifiutata, nessuna viene modificata.');
  });
});

describe('the outcome of a bulk action', () => {
  const refused = { key: { id: 'c' }, outcome: 'error', message: 'Operazione non consentita nello stato attuale', code: 'INVALID_TRANSITION' };
  const ok = { key: { id: 'a' }, outcome: 'ok', message: 'Movimento aggiornato con successo' };

  it('says how many rows changed and the first refusal', () => {
    expect(bulkOutcomeMessage(bulkOutcomeOf({ done: 3, failed: 0, results: [ok, ok, ok] }))).toEqual({ ok: true, message: '3 righe aggiornate' });
    expect(bulkOutcomeMessage(bulkOutcomeOf({ done: 1, failed: 0, results: [ok] }))).toEqual({ ok: true, message: '1 riga aggiornata' });
    expect(bulkOutcomeMessage(bulkOutcomeOf({ done: 2, failed: 1, results: [ok, ok, refused] })))
      .toEqual({ ok: false, message: '2 righe aggiornate, 1 non aggiornata: Operazione non consentita nello stato attuale' });
    const undone = { key: { id: 'a' }, outcome: 'skipped', code: 'BULK_UNDONE', message: "Non eseguita: un'altra riga è stata rifiutata e nessuna modifica è stata salvata" };
    expect(bulkOutcomeMessage(bulkOutcomeOf({ done: 0, failed: 2, results: [undone, refused] })))
      .toEqual({ ok: false, message: 'Nessuna riga aggiornata: Operazione non consentita nello stato attuale' });
  });

  it('refuses an answer of another shape', () => {
    expect(() => bulkOutcomeOf({ done: 1 })).toThrow(ApiError);
    expect(() => bulkOutcomeOf({ done: 1, failed: 0, results: [{ key: {}, outcome: 'fatto', message: 'x' }] })).toThrow(ApiError);
  });
});
