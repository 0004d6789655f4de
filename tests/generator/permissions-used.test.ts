/** The role editor offers, per function, the actions the spec checks somewhere (manifest `functionActions`). */
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../generator/emitters/manifest';
import { BANCA_YAML, format, loadSpec } from '../support/spec-helpers.js';

describe('manifest: actions the spec checks per function', () => {
  it('collects the operations of an entity, not the actions nothing checks', () => {
    const { model, diagnostics } = loadSpec({ 'spec/banca.yaml': BANCA_YAML });
    if (!model) throw new Error(diagnostics.map(format).join('\n'));
    expect(buildManifest(model).functionActions).toEqual({ ANAG_BANCHE: ['AGGIORNAMENTO', 'CANCELLAZIONE', 'CREAZIONE', 'VISUALIZZAZIONE'] });
  });

  it('an entity that is read only through the API offers only Visualizzazione', () => {
    const readOnly = BANCA_YAML.replace('  path: banche\n', '  path: banche\n  operations: [list, get]\n');
    const { model, diagnostics } = loadSpec({ 'spec/banca.yaml': readOnly });
    if (!model) throw new Error(diagnostics.map(format).join('\n'));
    expect(buildManifest(model).functionActions).toEqual({ ANAG_BANCHE: ['VISUALIZZAZIONE'] });
  });
});
