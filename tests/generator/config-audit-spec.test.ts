/**
 * The spec language of issue 5: configuration keys (`config:` files, spec/platform/config.yaml) and the audit
 * declarations `audit: false` (entity) and `secret: true` (field). Mistakes stop the generator with file:line.
 */
import { describe, expect, it } from 'vitest';
import { named, present } from '../support/present.js';
import { BANCA_YAML, format, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const CONFIG = 'spec/platform/config.yaml';

describe('configuration keys', () => {
  it('normalizes every default to the text the API answers', () => {
    const { model, diagnostics } = loadSpec({ [CONFIG]: `config:
  TEMPO:
    type: integer
    label: Tempo
    default: 300
  ABI_ELENCO:
    type: list
    label: Banche
    pattern: '^[0-9]{5}$'
    default: ['30480', '08549']
  SWITCH.X: { type: boolean, label: Interruttore, default: false }
  DATA: { type: date, label: Data }
` });
    expect(diagnostics.map(format)).toEqual([]);
    expect(present(model, 'the model').config.map((k) => [k.key, k.type, k.default])).toEqual([
      ['ABI_ELENCO', 'list', '30480,08549'], ['DATA', 'date', null], ['SWITCH.X', 'boolean', 'false'], ['TEMPO', 'integer', '300'],
    ]);
  });

  it('a spec without config file has no keys', () => {
    expect(present(loadSpec({}).model, 'the model').config).toEqual([]);
  });

  it('refuses a default that does not fit its type or pattern, with file:line', () => {
    const d = loadSpecWithError({ [CONFIG]: 'config:\n  TEMPO:\n    type: integer\n    label: Tempo\n    default: cinque\n' }, 'does not fit');
    expect(format(d)).toBe('spec/platform/config.yaml:5:14: Configuration key TEMPO: default "cinque" does not fit type integer.');
    const p = loadSpecWithError({ [CONFIG]: "config:\n  ABI:\n    type: list\n    label: Banche\n    pattern: '^[0-9]{5}$'\n    default: ['3048']\n" }, 'does not fit');
    expect(p.message).toBe('Configuration key ABI: default ["3048"] does not fit type list (pattern).');
  });

  it('refuses an unknown key in a declaration, and a pattern on an integer', () => {
    loadSpecWithError({ [CONFIG]: 'config:\n  TEMPO: { type: integer, label: Tempo, defualt: 300 }\n' }, "defualt");
    loadSpecWithError({ [CONFIG]: "config:\n  TEMPO: { type: integer, label: Tempo, pattern: '^1$' }\n" }, "cannot have 'pattern'");
  });

  it('refuses a lower-case key name', () => {
    loadSpecWithError({ [CONFIG]: 'config:\n  tempo: { type: integer, label: Tempo }\n' }, 'tempo');
  });
});

describe('audit declarations', () => {
  it('`audit: false` and `secret: true` reach the model; by default an entity is audited and no field is secret', () => {
    const yaml = BANCA_YAML.replace('permission: ANAG_BANCHE\n', 'permission: ANAG_BANCHE\naudit: false\n').replace("    pattern: '^[0-9]{5}$'\n", () => "    pattern: '^[0-9]{5}$'\n    secret: true\n");
    const banca = present(loadSpec({ 'spec/banca.yaml': yaml }).model, 'the model').entities[0];
    expect(banca.audit).toBe(false);
    expect(named(banca.fields, 'codAbi', 'fields').secret).toBe(true);
    const plain = present(loadSpec({ 'spec/banca.yaml': BANCA_YAML }).model, 'the model').entities[0];
    expect(plain.audit).toBeUndefined();
    expect(plain.fields.some((f) => f.secret)).toBe(false);
  });

  it('`audit` must be a boolean', () => {
    loadSpecWithError({ 'spec/banca.yaml': BANCA_YAML.replace('permission: ANAG_BANCHE\n', 'permission: ANAG_BANCHE\naudit: sì\n') }, 'audit');
  });
});
