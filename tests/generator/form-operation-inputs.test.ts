/**
 * A form operation with a body and its prefill (docs/spec-language.md#form-operations; seed 002 §7: a document
 * sent by mail to the merchant's e-mail or another typed) and fields enabled by configuration
 * (docs/spec-language.md#fields-enabled-by-configuration; seed 002 §5 PWM.SPECIAL_REQUESTS): what reaches the
 * model, the form file and the manifest, and what `npm run gen` refuses at the line.
 */
import { describe, expect, it } from 'vitest';
import { formsEmitter } from '../../generator/emitters/forms.js';
import { present } from '../../server/lookup.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { emittedJson } from './emitted.js';

const OPS = `operations:
  invia:
    method: post
    path: banche/{codAbi}/invio
    summary: Invia
    permission: ANAG_BANCHE:VISUALIZZAZIONE
    handler: invia
    params: { codAbi: { type: string, required: true } }
    body:
      email: { type: string, label: E-mail, required: true, pattern: '^[^@]+@[^@]+$', messages: { pattern: Mail non valida. } }
    response: { fields: { message: { type: string, required: true } } }
  destinatario:
    method: get
    path: banche/{codAbi}/invio
    summary: Destinatario
    permission: ANAG_BANCHE:VISUALIZZAZIONE
    handler: destinatario
    params: { codAbi: { type: string, required: true } }
    response: { fields: { email: { type: string, required: true } } }
  elenco:
    method: get
    path: banche/invio
    summary: Elenco
    permission: ANAG_BANCHE:VISUALIZZAZIONE
    handler: elenco
    response: { fields: { email: { type: string, required: true } } }
`;
const bank = (prefill: string) => `${BANCA_YAML}  operations:
    - { operation: invia, label: Invia per e-mail, prefill: ${prefill}, confirm: "Inviare a {input.email}?" }
`;
const files = (prefill: string) => ({ 'spec/banca.yaml': bank(prefill), 'spec/operazioni.yaml': OPS });

describe('form operations with inputs', () => {
  it('carry the body as the form\'s operation input, and the prefill in the model', async () => {
    const { model, diagnostics } = loadSpec(files('destinatario'));
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    const json = await emittedJson(formsEmitter, resolved, 'forms/Banca.json');
    expect(json.operationInputs.invia.schema.required).toEqual(['email']);
    expect(json.operationInputs.invia.messages.email.pattern).toBe('Mail non valida.');
    expect(resolved.entities.find((e) => e.name === 'Banca')?.form?.operations?.[0]).toMatchObject({ prefill: 'destinatario' });
  });

  it('refuse an unknown prefill, a prefill that is not a GET, and one with other path parameters, at the line', () => {
    const spec = bank('destinatari');
    const unknown = loadSpecWithError({ 'spec/banca.yaml': spec, 'spec/operazioni.yaml': OPS }, "Prefill 'destinatari' is not an operation of the spec. Did you mean 'destinatario'?");
    expect(unknown.line).toBe(spec.split('\n').findIndex((l) => l.includes('prefill:')) + 1);
    loadSpecWithError(files('invia'), "Prefill 'invia' must be a GET with a permission");
    loadSpecWithError(files('elenco'), "Prefill 'elenco' must have the path parameters of 'invia' ({codAbi})");
  });
});

describe('fields enabled by configuration', () => {
  const CONFIG = `config:
  NOTE_ATTIVE: { type: boolean, label: Note attive, default: false }
  NOTE_TESTO: { type: string, label: Testo }
`;
  const withNote = (line: string) => ({ 'spec/banca.yaml': BANCA_YAML.replace('list:\n', `${line}list:\n`), 'spec/platform/config.yaml': CONFIG });
  it('keeps the key and the message', () => {
    const { model, diagnostics } = loadSpec(withNote('  note: { type: string, label: Note, enabledBy: NOTE_ATTIVE, messages: { enabledBy: Note non abilitate } }\n'));
    expect(diagnostics).toEqual([]);
    const note = present(model, 'the model').entities.find((e) => e.name === 'Banca')?.fields.find((f) => f.name === 'note');
    expect(note).toMatchObject({ enabledBy: 'NOTE_ATTIVE', messages: { enabledBy: 'Note non abilitate' } });
  });

  it('refuses a key that is not a boolean key and a required field, at the line', () => {
    const d = loadSpecWithError(withNote('  note: { type: string, label: Note, enabledBy: NOTE_ATTIV }\n'), "enabledBy 'NOTE_ATTIV' is not a boolean configuration key. Did you mean 'NOTE_ATTIVE'?");
    expect(d).toMatchObject({ file: 'spec/banca.yaml', line: 16 });
    loadSpecWithError(withNote('  note: { type: string, label: Note, enabledBy: NOTE_TESTO }\n'), "enabledBy 'NOTE_TESTO' is not a boolean configuration key");
    loadSpecWithError(withNote('  note: { type: string, label: Note, required: true, enabledBy: NOTE_ATTIVE }\n'), "Field 'note' is required or a key");
  });
});
