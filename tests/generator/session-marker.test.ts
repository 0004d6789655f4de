/**
 * The `session:` marker of an operation (issue 12 item 14, docs/security.md#session-cookie): login opens the
 * browser's session cookie from its answer, logout closes it. It reaches the model as written; `open` on
 * an operation whose answer has no token is refused where it is written.
 */
import { describe, expect, it } from 'vitest';
import { present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const OPS = 'spec/sicurezza/operazioni-accesso.yaml';
const ops = (response: string) => ({
  'spec/anagrafiche/banca.yaml': BANCA_YAML,
  [OPS]: `operations:
  accesso:
    method: post
    path: accesso
    summary: Accesso
    public: true
    session: open
${response}
  uscita:
    method: delete
    path: uscita
    summary: Uscita
    authenticated: true
    session: close
`,
});
const TOKEN = `    response:
      fields:
        access_token: { type: string, required: true }
        expire_in: { type: integer, required: true }`;

describe('session marker', () => {
  it('reaches the model on the operations that open and close the session', () => {
    const { model, diagnostics } = loadSpec(ops(TOKEN));
    expect(diagnostics).toEqual([]);
    expect(present(model, 'the model').operations.map((o) => [o.name, o.session])).toEqual([['accesso', 'open'], ['uscita', 'close']]);
  });

  it('open without access_token and expire_in in the answer is refused at its line', () => {
    const d = loadSpecWithError(ops(`    response:\n      fields:\n        token: { type: string }`), 'session: open needs the response fields access_token and expire_in');
    expect(d).toMatchObject({ file: OPS, line: 7 });
  });

  it('only open and close are known', () => {
    loadSpecWithError({ ...ops(TOKEN), [OPS]: ops(TOKEN)[OPS].replace('session: close', 'session: chiudi') }, 'session');
  });
});
