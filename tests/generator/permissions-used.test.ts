/** The role editor offers, per function, the actions the spec checks somewhere (manifest `functionActions`). */
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../generator/emitters/manifest';
import { buildOpenApi } from '../../generator/emitters/openapi';
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

  it('an operation any of several actions allows offers each of them, and the API and the manifest list them all', () => {
    const anyOf = BANCA_YAML.replace('  path: banche\n', '  path: banche\n  operations: [list, get, update]\n  permissions: { update: [ANAG_BANCHE:AGGIORNAMENTO, ANAG_BANCHE:CREAZIONE] }\n');
    const { model, diagnostics } = loadSpec({ 'spec/banca.yaml': anyOf });
    if (!model) throw new Error(diagnostics.map(format).join('\n'));
    const manifest = buildManifest(model);
    expect(manifest.functionActions).toEqual({ ANAG_BANCHE: ['AGGIORNAMENTO', 'CREAZIONE', 'VISUALIZZAZIONE'] });
    expect(manifest.entities.Banca.permissionsAnyOf).toEqual({ update: ['ANAG_BANCHE:AGGIORNAMENTO', 'ANAG_BANCHE:CREAZIONE'] });
    expect(manifest.entities.Banca.permissions.update).toBe('ANAG_BANCHE:AGGIORNAMENTO');
    expect(buildOpenApi(model)).toMatchObject({ paths: { '/banche/{codAbi}': {
      put: { 'x-permission': 'ANAG_BANCHE:AGGIORNAMENTO', 'x-permissions-any': ['ANAG_BANCHE:AGGIORNAMENTO', 'ANAG_BANCHE:CREAZIONE'] },
    } } });
  });
});
