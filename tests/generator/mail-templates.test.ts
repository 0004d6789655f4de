/**
 * The password mails' wording is spec (spec/platform/messages.yaml `mails`): it reaches the model as written,
 * and a text without `{{password}}` (a mail that would not carry the password, or would carry it outside the
 * placeholder the outbox masks) is refused at its file:line:column.
 */
import { describe, expect, it } from 'vitest';
import { present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError, MESSAGES_FILE, MINIMAL_MESSAGES } from '../support/spec-helpers.js';

describe('password mail templates', () => {
  it('reach the model as written', () => {
    const { model, diagnostics } = loadSpec({ 'spec/anagrafiche/banca.yaml': BANCA_YAML });
    expect(diagnostics).toEqual([]);
    expect(present(model, 'the model').messages.mails.recuperoPassword).toEqual({ subject: 'Nuova password', text: 'Password: {{password}}, valida {ore} ore' });
  });

  it('a text without {{password}} is refused where it is written', () => {
    const broken = MINIMAL_MESSAGES.replace('nuovaPassword: { subject: Nuova password, text: "Password: {{password}}" }', 'nuovaPassword: { subject: Nuova password, text: "Password: {password}" }');
    expect(broken).not.toBe(MINIMAL_MESSAGES);
    const d = loadSpecWithError({ 'spec/anagrafiche/banca.yaml': BANCA_YAML, [MESSAGES_FILE]: broken }, 'text');
    expect(d).toMatchObject({ file: MESSAGES_FILE, line: MINIMAL_MESSAGES.split('\n').findIndex((l) => l.includes('nuovaPassword:')) + 1 });
    expect(d.message).toContain("must match");
  });

  it('the account-confirmation mail must carry {{link}}, where the single-use link goes, masked in the outbox', () => {
    const line = 'confermaAccount: { subject: Conferma utenza, text: "Collegamento: {{link}}" }';
    expect(MINIMAL_MESSAGES).toContain(line);
    const broken = MINIMAL_MESSAGES.replace(line, 'confermaAccount: { subject: Conferma utenza, text: "Collegamento: {link}" }');
    const d = loadSpecWithError({ 'spec/anagrafiche/banca.yaml': BANCA_YAML, [MESSAGES_FILE]: broken }, 'text');
    expect(d).toMatchObject({ file: MESSAGES_FILE, line: MINIMAL_MESSAGES.split('\n').findIndex((l) => l.includes('confermaAccount:')) + 1 });
    expect(d.message).toContain('confermaAccount.text');
  });
});
