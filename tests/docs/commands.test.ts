/**
 * README.md and CONTRIBUTING.md stay true where they name commands and files (issue 13 item 8): every
 * `npm run <script>` is a script of package.json, and every repository path they quote in backticks exists.
 * A renamed script or a moved file then fails here instead of misleading the next newcomer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config.js';

const DOCS = ['README.md', 'CONTRIBUTING.md'];
const TOP_FOLDERS = ['bench', 'common', 'docs', 'generator', 'scripts', 'server', 'spec', 'templates', 'tests', 'ui', '.ci'];
const packageJson: { scripts: Record<string, string> } = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8'));
const scripts = Object.keys(packageJson.scripts);

interface Mention { doc: string; line: number; text: string }

function mentions(pattern: RegExp): Mention[] {
  return DOCS.flatMap((doc) =>
    readFileSync(join(ROOT_DIR, doc), 'utf8').split('\n').flatMap((text, i) =>
      [...text.matchAll(pattern)].map((m) => ({ doc, line: i + 1, text: m.at(1) ?? '' })),
    ),
  );
}

/** A quoted path of the repository: starts with a top folder, no placeholder (`<area>`, `*`, `{a,b}`, `...`). */
function isConcretePath(text: string): boolean {
  const first = text.split('/')[0] ?? '';
  return TOP_FOLDERS.includes(first) && text.includes('/') && !/[<>*{}\s]|\.\.\./.test(text);
}

describe('README.md and CONTRIBUTING.md', () => {
  it('name only npm scripts that exist', () => {
    const found = mentions(/npm run ([a-z][\w:-]*)/g);
    expect(found.length).toBeGreaterThan(10);
    const missing = found.filter((m) => !scripts.includes(m.text)).map((m) => `${m.doc}:${m.line}: npm run ${m.text}`);
    expect(missing).toEqual([]);
  });

  it('quote only repository paths that exist', () => {
    const found = mentions(/`([^`\s]+)`/g)
      .map((m) => ({ ...m, text: m.text.replace(/[#:].*$/, '').replace(/\/$/, '') }))
      .filter((m) => isConcretePath(m.text));
    expect(found.length).toBeGreaterThan(20);
    const missing = found.filter((m) => !existsSync(join(ROOT_DIR, m.text))).map((m) => `${m.doc}:${m.line}: ${m.text}`);
    expect(missing).toEqual([]);
  });
});
