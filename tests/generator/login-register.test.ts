/**
 * A shell's login page may link a public registration page (`login.register`, docs/spec-language.md#shells; seed 000
 * §7 merchant/registrazione): it reaches the manifest as `loginRegister`; a route that is not a public page is
 * refused at its line.
 */
import { describe, expect, it } from 'vitest';
import { manifestEmitter } from '../../generator/emitters/manifest.js';
import { emittedJson } from './emitted.js';
import { present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const PAGES = 'spec/ui/pages.yaml';
// Line numbers below are those of this text (1-based).
const pages = (pageLine: string) => `shells:
  bank:
    prefix: /
    title: WebPOS
    login: { realm: bank, title: Accesso banche }
    layout: sidebar
    menu: spec
    home: /home
    users: [bank, assistance]
    entities: all
    pages: all
  business:
    prefix: /wpbusiness
    title: WebPOS Business
    login: { realm: merchant, title: Accesso esercenti, register: { route: /wpbusiness/registrazione, label: Registrati } }
    layout: topbar
    menu: none
    home: /wpbusiness/home
    users: [merchant]
    entities: []
    pages: [/wpbusiness/registrazione]
pages:
  - ${pageLine}
`;

describe("a login page's registration link", () => {
  it('reaches the manifest of its shell', async () => {
    const { model, diagnostics } = loadSpec({ 'spec/anagrafiche/banca.yaml': BANCA_YAML, [PAGES]: pages('{ route: /wpbusiness/registrazione, component: RegistrazionePage, public: true }') });
    expect(diagnostics).toEqual([]);
    const { shells } = await emittedJson(manifestEmitter, present(model, 'the model'), 'manifest.json');
    expect(shells.find((s: { name: string }) => s.name === 'business')).toMatchObject({ loginRegister: { route: '/wpbusiness/registrazione', label: 'Registrati' } });
    expect(shells.find((s: { name: string }) => s.name === 'bank')).not.toHaveProperty('loginRegister');
  });

  it("refuses a page that needs a login, at the link's line", () => {
    const d = loadSpecWithError({ 'spec/anagrafiche/banca.yaml': BANCA_YAML, [PAGES]: pages('{ route: /wpbusiness/registrazione, component: RegistrazionePage }') },
      "The registration page '/wpbusiness/registrazione' of shell 'business' is not a public page");
    expect(d).toMatchObject({ file: PAGES, line: 15 });
  });
});
