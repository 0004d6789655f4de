/**
 * Operation `messages:` (the Italian refusals a handler answers by name, spec/notifiche/operazioni-notifiche.yaml)
 * and `shellMessages:` (texts a page shows that no answer carries, spec/sicurezza/operazioni-passkey.yaml): they
 * reach the model as written, the shell's ones the manifest too, and a badly named or empty one is refused at its
 * file:line:column.
 */
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../generator/emitters/manifest.js';
import { named, present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const OPS = 'spec/notifiche/operazioni-notifiche.yaml';
const ops = (messages: string, key = 'messages') => ({
  'spec/anagrafiche/banca.yaml': BANCA_YAML,
  [OPS]: `operations:
  assegna:
    method: post
    path: assegna
    summary: Assegna
    permission: ANAG_BANCHE:CREAZIONE
    ${key}:
${messages}`,
});

describe('operation messages', () => {
  it('reach the model by name', () => {
    const { model, diagnostics } = loadSpec(ops(`      duplicate: "Elemento già assegnato"\n`));
    expect(diagnostics).toEqual([]);
    expect(named(present(model, 'the model').operations, 'assegna', 'operations').messages).toEqual({ duplicate: "Elemento già assegnato" });
  });

  it('a name that is not camelCase is refused at its line', () => {
    const d = loadSpecWithError(ops(`      Duplicate-Key: "x"\n`), 'Duplicate-Key');
    expect(d).toMatchObject({ file: OPS, line: 8 });
  });

  it('an empty text is refused at its line', () => {
    const { diagnostics } = loadSpec(ops(`      duplicate: ""\n`));
    expect(diagnostics.map((x) => `${x.file}:${x.line}`)).toContain(`${OPS}:8`);
  });

  it('shellMessages reach the manifest by operation, and only those', () => {
    const { model, diagnostics } = loadSpec(ops(`      failed: "Impossibile completare nel browser"\n`, 'shellMessages'));
    expect(diagnostics).toEqual([]);
    const manifest = buildManifest(present(model, 'the model'));
    expect(manifest.shellMessages).toEqual({ assegna: { failed: 'Impossibile completare nel browser' } });
    expect(manifest.successMessages).toEqual({});
  });

  it('a shellMessages name that is not camelCase is refused at its line', () => {
    const d = loadSpecWithError(ops(`      Failed-Step: "x"\n`, 'shellMessages'), 'Failed-Step');
    expect(d).toMatchObject({ file: OPS, line: 8 });
  });
});
