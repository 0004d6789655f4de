/**
 * A synthetic spec for the generator benchmark: `count` entity files of 30 fields each, written into
 * spec/synthetic/ of a copy of the project next to the real spec (whose platform functions, messages
 * and pages they use). A realistic mix per entity: a patterned key, texts with lengths and patterns,
 * integers and decimals with bounds, enums, dates, booleans with defaults, two references (to earlier
 * synthetic entities, the first ones to Banca), filters of each search mode, an index, list/form/menu.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIELDS_PER_ENTITY = 30;

const pad = (i: number) => String(i + 1).padStart(3, '0');
const entityName = (i: number) => `Sintetica${pad(i)}`;

function referenceTarget(i: number, step: number): string {
  const target = i - step;
  return target >= 0 ? entityName(target) : 'Banca';
}

export function syntheticEntity(i: number): string {
  const name = entityName(i);
  const lines = [
    '# yaml-language-server: $schema=../../generator/schema/entity.schema.json',
    `# Synthetic entity ${i + 1} for bench/suites/generator.ts.`,
    `entity: ${name}`,
    `label: Anagrafica sintetica ${i + 1}`,
    `labelPlural: Anagrafiche sintetiche ${i + 1}`,
    `table: sintetica_${pad(i)}`,
    'key: codice',
    'permission: ANAG_BANCHE',
    'api:',
    `  path: sintetiche${pad(i)}`,
    '  pageSize: 30',
    '  compact: [codice, descrizione]',
    'fields:',
    '  codice:',
    '    type: string',
    '    label: Codice',
    '    required: true',
    "    pattern: '^[A-Z0-9]{8}$'",
    '    search: exact',
    "    messages: { pattern: 'Il codice deve essere di 8 caratteri' }",
    '  descrizione: { type: string, label: Descrizione, required: true, maxLength: 100, search: wildcard }',
  ];
  for (let s = 1; s <= 8; s++) {
    if (s % 4 === 0) {
      lines.push(`  testo${s}:`, '    type: string', `    label: Codice ${s}`, "    pattern: '^[0-9]{5}$'", '    messages: { pattern: Campo numerico }');
    } else {
      lines.push(`  testo${s}: { type: string, label: Testo ${s}, maxLength: ${20 * s}${s === 1 ? ', search: wildcard' : ''} }`);
    }
  }
  for (let n = 1; n <= 5; n++) {
    lines.push(`  numero${n}:`, '    type: integer', `    label: Numero ${n}`, '    minimum: 0', `    maximum: ${10 ** n}`,
      `    messages: { minimum: 'Il numero ${n} non puo essere negativo', maximum: 'Il numero ${n} supera ${10 ** n}' }`);
  }
  lines.push('  importo1: { type: decimal, label: Importo 1, precision: 12, scale: 2, minimum: 0 }');
  lines.push('  importo2: { type: decimal, label: Importo 2, precision: 15, scale: 4 }');
  for (let e = 1; e <= 4; e++) {
    const values = Array.from({ length: 2 + e }, (_, v) => `V${v}: Valore ${v}`).join(', ');
    lines.push(`  stato${e}: { type: enum, label: Stato ${e}, values: { ${values} }${e === 1 ? ', search: exact' : ''} }`);
  }
  for (let d = 1; d <= 4; d++) lines.push(`  data${d}: { type: date, label: Data ${d} }`);
  lines.push('  aggiornatoIl: { type: datetime, label: Aggiornato il, readOnly: true }');
  lines.push('  attivo: { type: boolean, label: Attivo, default: true }');
  lines.push('  bloccato: { type: boolean, label: Bloccato, default: false }');
  lines.push(`  riferimento1: { type: reference, entity: ${referenceTarget(i, 1)}, label: Riferimento 1, search: exact, index: true, messages: { reference: 'Riferimento inesistente' } }`);
  lines.push(`  riferimento2: { type: reference, entity: ${referenceTarget(i, 7)}, label: Riferimento 2 }`);
  lines.push(
    'indexes:',
    '  - { fields: [stato1, codice] }',
    'list:',
    `  route: /sintetiche/sintetica${pad(i)}`,
    `  title: Anagrafica sintetica ${i + 1}`,
    '  columns: [codice, descrizione, testo1, numero1, stato1, data1, attivo]',
    '  filters: [codice, descrizione, testo1, stato1, riferimento1]',
    '  sort: codice',
    'form:',
    `  route: /sintetiche/sintetica${pad(i)}/edit/:codice?`,
    `  title: Anagrafica sintetica ${i + 1}`,
    `menu: { group: Sintetiche, label: Sintetica ${i + 1}, order: ${i + 1} }`,
    '',
  );
  return lines.join('\n');
}

/** Writes `count` entities into `<root>/spec/synthetic/`. */
export function writeSyntheticSpec(root: string, count: number): void {
  const dir = join(root, 'spec', 'synthetic');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) writeFileSync(join(dir, `sintetica-${pad(i)}.yaml`), syntheticEntity(i));
}
