/**
 * Operation `messages:` (the Italian refusals a handler answers by name, spec/notifiche/operazioni-notifiche.yaml):
 * they reach the model as written, and a badly named or empty one is refused at its file:line:column.
 */
import { describe, expect, it } from 'vitest';
import { named, present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const OPS = 'spec/notifiche/operazioni-notifiche.yaml';
const ops = (messages: string) => ({
  'spec/anagrafiche/banca.yaml': BANCA_YAML,
  [OPS]: `operations:
  assegna:
    method: post
    path: assegna
    summary: Assegna
    permission: ANAG_BANCHE:CREAZIONE
    messages:
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
});
