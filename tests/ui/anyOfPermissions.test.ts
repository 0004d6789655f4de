/**
 * Who sees Salva on a record whose update any of several actions allows (docs/spec-language.md#any-of-permissions),
 * read from the generated manifest as the form does (ui/src/shell/form/recordAccess.ts): seed 001 §6, a store is
 * edited with GES_NEG's VARIAZIONE or AGGIORNAMENTO, a terminal saved with GES_POS's AGGIORNAMENTO, CREAZIONE or
 * VARIAZIONE, a merchant with GES_ESER's (a virtual one GES_ESER_VIRTUALE's) VARIAZIONE or AGGIORNAMENTO.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { grantsOf, holdsAll } from '../../ui/src/core/permissions';
import type { FormDef, Manifest } from '../../ui/src/core/types';
import { recordAccess } from '../../common/record-access';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest: Manifest = JSON.parse(readFileSync(join(root, 'generated/manifest.json'), 'utf8'));

/** What the form decides for `grants` on a stored row of `entity`. */
function access(entity: string, row: Record<string, unknown>, grants: string[]) {
  const held = grantsOf(grants);
  const form: FormDef = JSON.parse(readFileSync(join(root, 'generated/forms', `${entity}.json`), 'utf8'));
  return recordAccess(manifest.entities[entity], form, row, true, (p) => holdsAll(held, [p]));
}

describe('Salva on a record any of several actions updates', () => {
  it('a store: VISUALIZZAZIONE and VARIAZIONE save it, VISUALIZZAZIONE and CREAZIONE only read it', () => {
    const store = { pdvid: '2001', codEser: '0002345', abi: '30480' };
    expect(access('Negozio', store, ['GES_NEG:VISUALIZZAZIONE', 'GES_NEG:VARIAZIONE'])).toMatchObject({ canSave: true, readOnlyView: false });
    expect(access('Negozio', store, ['GES_NEG:VISUALIZZAZIONE', 'GES_NEG:AGGIORNAMENTO']).canSave).toBe(true);
    expect(access('Negozio', store, ['GES_NEG:VISUALIZZAZIONE', 'GES_NEG:CREAZIONE']).canSave).toBe(false);
  });

  it('a terminal: CREAZIONE shows Salva too, CANCELLAZIONE does not', () => {
    const terminal = { posid: '30480101', pdvid: '2001' };
    for (const action of ['AGGIORNAMENTO', 'CREAZIONE', 'VARIAZIONE']) {
      expect(access('Terminale', terminal, ['GES_POS:VISUALIZZAZIONE', `GES_POS:${action}`]).canSave, action).toBe(true);
    }
    expect(access('Terminale', terminal, ['GES_POS:VISUALIZZAZIONE', 'GES_POS:CANCELLAZIONE']).canSave).toBe(false);
  });

  it("a merchant: its own function's VARIAZIONE, a virtual one's GES_ESER_VIRTUALE", () => {
    const plain = { codEser: '0002345', tipo: 'FI' };
    const virtual = { codEser: '0004567', tipo: 'PW' };
    const eser = ['GES_ESER:VISUALIZZAZIONE', 'GES_ESER:VARIAZIONE'];
    const virtuale = ['GES_ESER_VIRTUALE:VISUALIZZAZIONE', 'GES_ESER_VIRTUALE:VARIAZIONE'];
    expect(access('Esercente', plain, eser).canSave).toBe(true);
    expect(access('Esercente', virtual, eser).canSave).toBe(false);
    expect(access('Esercente', virtual, virtuale).canSave).toBe(true);
    expect(access('Esercente', plain, virtuale).canSave).toBe(false);
  });
});
