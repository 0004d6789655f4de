// Counts type assertions (`x as T`, `<T>x`; `as const` excluded) and non-null assertions (`x!`) per
// source folder, by walking the TypeScript syntax tree: a text search would count `as` in strings,
// comments and imports. Issue 13 reports these figures before and after the lint work.
// Usage: tsx scripts/count-assertions.ts [folder ...]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const DEFAULT_FOLDERS = ['common', 'generator', 'server', 'ui', 'scripts', 'bench', 'tests'];

interface Counts {
  files: number;
  casts: number;
  nonNull: number;
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|cts)$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function isAsConst(node: ts.AssertionExpression): boolean {
  const type = node.type;
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';
}

function countFile(path: string, into: Counts): void {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, kind);
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isAsConst(node)) into.casts++;
    if (ts.isNonNullExpression(node)) into.nonNull++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  into.files++;
}

const folders = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_FOLDERS;
const total: Counts = { files: 0, casts: 0, nonNull: 0 };
const rows: string[] = ['| folder | files | `as` casts | non-null `!` |', '|---|---:|---:|---:|'];
for (const folder of folders) {
  const counts: Counts = { files: 0, casts: 0, nonNull: 0 };
  for (const file of sourceFiles(folder)) countFile(file, counts);
  rows.push(`| ${folder} | ${counts.files} | ${counts.casts} | ${counts.nonNull} |`);
  total.files += counts.files;
  total.casts += counts.casts;
  total.nonNull += counts.nonNull;
}
rows.push(`| total | ${total.files} | ${total.casts} | ${total.nonNull} |`);
console.log(rows.join('\n'));
