/**
 * Generic code names no domain entity (issue 13 item 2): the generator, the generic server (everything
 * under server/ but server/domain/), common/ and the UI shell work for any spec, so none of them may spell
 * an entity name, a table name or a column of spec/. What the platform has to know of the domain comes
 * from spec/platform/bindings.yaml through generated/model.json.
 *
 * Every TypeScript source is parsed and each string literal, template part and identifier is compared with
 * the names: a literal equal to a name, or with a name as one of its path segments ('/login/banca'), is
 * reported as file:line and the name. Comments and JSX text are Italian prose ('Nessuna notifica'), not
 * names, and are not read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readSpecDir } from '../../generator/load/read-spec-dir.js';
import { toColumnName } from '../../generator/model/build-field.js';
import { ROOT_DIR } from '../../server/config.js';

/** The generic folders, and inside them what is domain code on purpose. */
const GENERIC = ['generator', 'server', 'common', 'ui/src'];
const DOMAIN = ['server/domain/'];

/**
 * Names a generic file may spell, each with its reason. Keep it short: a new entry needs a reason a
 * reviewer accepts, not a workaround for a binding that is missing.
 */
const ALLOWED: { file: string; name: string; why: string }[] = [
  {
    file: 'common/stored-files.ts', name: 'creato_il',
    why: 'a column of the platform-owned table file_archiviato (no spec entity), spelled like Notifica.creatoIl by chance',
  },
  {
    file: 'ui/src/shell/auth/ResetPasswordPage.tsx', name: 'Banca',
    why: 'the Italian label of the bank-side realm a user reads, not a name the code looks anything up by',
  },
  {
    file: 'ui/src/shell/auth/ResetPasswordPage.tsx', name: 'Esercente',
    why: 'the Italian label of the merchant realm a user reads, spelled like the entity Esercente by chance',
  },
];

interface Finding { file: string; line: number; name: string; text: string }

/** A YAML mapping: the spec files are read as they are, before their schema is checked. */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function domainNames(): Set<string> {
  const names = new Set<string>();
  for (const source of readSpecDir(ROOT_DIR).sources) {
    const raw = source.data;
    if (!isObject(raw) || typeof raw.entity !== 'string') continue;
    names.add(raw.entity);
    if (typeof raw.table === 'string' && raw.table) names.add(raw.table);
    // Field names are often English words the platform uses in its own sense (id, body, operation), so
    // only columns are checked: a snake_case column in generic code is SQL that bypasses the model.
    for (const column of Object.keys(isObject(raw.fields) ? raw.fields : {}).map(toColumnName)) if (column.includes('_')) names.add(column);
  }
  return names;
}

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT_DIR, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  GENERIC.forEach(walk);
  return out.filter((file) => !DOMAIN.some((d) => file.startsWith(d))).sort();
}

/** The words of a piece of code text that could name something: the whole text and its path segments. */
function candidates(text: string): string[] {
  return [text, ...text.split(/[/?&=#]/)];
}

export function findNames(file: string, code: string, names: Set<string>): Finding[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const name = candidates(text).find((c) => names.has(c));
    if (name) found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, name, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      report(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('generic code names no domain entity', () => {
  const names = domainNames();

  it('knows the names of the spec (entities, tables, columns)', () => {
    expect(names.has('Utente')).toBe(true);
    expect(names.has('mail_outbox')).toBe(true);
    expect(names.size).toBeGreaterThan(70);
  });

  it('finds a name in a literal, a path and an identifier, never in a comment', () => {
    const code = "// Utente\nconst a = 'Utente';\nconst b = `/login/${x}/utente`;\nlet utente = 1;\nconst c = 'Utente del gruppo';\n";
    expect(findNames('x.ts', code, new Set(['Utente', 'utente'])).map((f) => `${f.line}:${f.name}`)).toEqual(['2:Utente', '3:utente', '4:utente']);
  });

  it('finds none in the generator, the generic server, common/ and the UI shell', () => {
    const findings = sourceFiles()
      .flatMap((file) => findNames(file, readFileSync(join(ROOT_DIR, file), 'utf8'), names))
      .filter((f) => !ALLOWED.some((a) => a.file === f.file && a.name === f.name));
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.name} (in ${JSON.stringify(f.text)})`)).toEqual([]);
  });

  it('allows only what is still found', () => {
    const all = sourceFiles().flatMap((file) => findNames(file, readFileSync(join(ROOT_DIR, file), 'utf8'), names));
    const stale = ALLOWED.filter((a) => !all.some((f) => f.file === a.file && f.name === a.name));
    expect(stale).toEqual([]);
  });
});
