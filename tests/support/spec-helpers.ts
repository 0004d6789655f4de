/**
 * Runs the generator's checking half on inline YAML, so a test states a spec and the diagnostic an
 * analyst would read (`file:line:column: message`) without touching spec/ or the file system.
 */
import { expect } from 'vitest';
import type { Model } from '../../common/model.js';
import type { Diagnostic } from '../../generator/diagnostics.js';
import { parseSourceFile, type SourceFile } from '../../generator/load/source-file.js';
import { resolveSources } from '../../generator/pipeline.js';

export const FUNCTIONS_FILE = 'spec/platform/functions.yaml';
export const MESSAGES_FILE = 'spec/platform/messages.yaml';

/** The smallest functions file: the usual actions and one function. */
export const MINIMAL_FUNCTIONS = `actions:
  VISUALIZZAZIONE: Visualizzazione
  CREAZIONE: Creazione
  AGGIORNAMENTO: Aggiornamento
  CANCELLAZIONE: Cancellazione
functions:
  ANAG_BANCHE: Anagrafica banche
`;

/** Every message key the messages schema requires. */
export const MINIMAL_MESSAGES = `messages:
  validation:
    required: "Questo campo e' obbligatorio"
    type: Campo numerico
    pattern: Formato non valido
    minLength: Troppo corto
    maxLength: Troppo lungo
    length: Lunghezza non valida
    minimum: Troppo piccolo
    maximum: Troppo grande
    enum: Valore non ammesso
    format: Formato non valido
    reference: Il valore indicato non esiste
    unknownField: Campo non previsto
    fallback: Valore non valido
    minItems: 'Numero minimo di elementi: {limit}'
    maxItems: 'Numero massimo di elementi: {limit}'
  formats:
    iban: { invalid: IBAN non valido, cin: BBAN non valido }
    codiceFiscale: { invalid: Codice fiscale non valido }
    partitaIva: { invalid: Partita IVA non valida }
    cap: { invalid: CAP non valido }
    provincia: { invalid: Provincia inesistente }
    mese: { invalid: "Indicare il mese nel formato aaaa-mm (es. 2026-07)" }
  errors:
    NOT_FOUND: Elemento non trovato
  mails:
    nuovaUtenza: { subject: Utenza creata, text: "Password: {{password}}" }
    nuovaPassword: { subject: Nuova password, text: "Password: {{password}}" }
    recuperoPassword: { subject: Nuova password, text: "Password: {{password}}, valida {ore} ore" }
    confermaAccount: { subject: Conferma utenza, text: "Collegamento: {{link}}" }
`;

export interface SpecResult { model?: Model; diagnostics: Diagnostic[] }

/**
 * Parses each `path -> YAML text` like readSpecDir does and resolves them like runPipeline does.
 * The platform files are added unless the test gives its own; `binaries` are the other files of the tree the
 * spec names by path (demo files), by path from the root.
 */
export function loadSpec(files: Record<string, string>, binaries: Record<string, Buffer> = {}): SpecResult {
  const all: Record<string, string> = { [FUNCTIONS_FILE]: MINIMAL_FUNCTIONS, [MESSAGES_FILE]: MINIMAL_MESSAGES, ...files };
  const sources: SourceFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of Object.keys(all).sort()) {
    const parsed = parseSourceFile(file, all[file]);
    diagnostics.push(...parsed.diagnostics);
    if (parsed.source) sources.push(parsed.source);
  }
  return resolveSources(sources, diagnostics, (path) => binaries[path]);
}

/** Asserts the spec is refused with a diagnostic containing `substring`, and returns that diagnostic. */
export function loadSpecWithError(files: Record<string, string>, substring: string): Diagnostic {
  const { model, diagnostics } = loadSpec(files);
  expect(model, 'the spec should have been refused').toBeUndefined();
  const found = diagnostics.find((d) => d.message.includes(substring));
  if (!found) expect.fail(`no diagnostic contains ${JSON.stringify(substring)}; got:\n${diagnostics.map(format).join('\n')}`);
  return found;
}

export const format = (d: Diagnostic) => `${d.file}:${d.line}:${d.column}: ${d.message}`;

/** A small valid entity, to be edited by the error cases (lines are numbered from 1). */
export const BANCA_YAML = `entity: Banca
table: banca
key: codAbi
permission: ANAG_BANCHE
api:
  path: banche
fields:
  codAbi:
    type: string
    label: Codice ABI
    required: true
    pattern: '^[0-9]{5}$'
  nomeBcc:
    type: string
    label: Denominazione
list:
  route: /banche
  columns: [codAbi, nomeBcc]
form:
  route: /banche/edit/:codAbi?
`;
