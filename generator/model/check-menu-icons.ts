/**
 * The menu's icons (an entry's `menu.icon`, a group's `menuGroups.<group>.icon`) must be icons of
 * @tabler/icons-react, the library the shell already carries: a misspelt name fails `npm run gen` here, with a
 * suggestion, instead of leaving a blank beside a menu entry. `menuGroups` may name only groups some entry uses.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PageModel } from '../../common/model.js';
import type { ReportModel } from '../../common/report.js';
import { didYouMean, type Diagnostic, type SourcePosition } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';
import type { SpecFile } from '../validate/schema-check.js';
import type { Located, LocatedEntity } from './check-cross-references.js';

/** The name of the component @tabler/icons-react exports for an icon: building-bank -> IconBuildingBank. */
export function iconComponent(name: string): string {
  return `Icon${name.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('')}`;
}

let known: ReadonlySet<string> | undefined;
/** The icon names of the installed @tabler/icons-react (its dist/esm/icons-list.mjs: one quoted name a line). */
function tablerIcons(): ReadonlySet<string> {
  if (!known) {
    const root = dirname(createRequire(import.meta.url).resolve('@tabler/icons-react/package.json'));
    const list = readFileSync(join(root, 'dist', 'esm', 'icons-list.mjs'), 'utf8');
    known = new Set([...list.matchAll(/^\s*"([a-z0-9-]+)",?$/gm)].map((m) => m[1]));
  }
  return known;
}

export function checkMenuIcons(
  entities: LocatedEntity[], pages: Located<PageModel>[], pageSources: { source: SourceFile; index: number }[],
  pagesFiles: SpecFile<'pages'>[], diagnostics: Diagnostic[], reports: readonly { value: ReportModel; source: SourceFile }[] = [],
): void {
  const icons = tablerIcons();
  const check = (icon: string | undefined, at: () => SourcePosition) => {
    if (icon === undefined || icons.has(icon)) return;
    diagnostics.push({ ...at(), message: `Icon '${icon}' is not an icon of @tabler/icons-react (tabler.io/icons).${didYouMean(icon, icons)}` });
  };
  const groups = new Set<string>();
  for (const { value, source } of entities) {
    if (value.menu) groups.add(value.menu.group);
    check(value.menu?.icon, () => source.positionOf(['menu', 'icon']));
  }
  for (const { value, source } of reports) {
    if (value.menu) groups.add(value.menu.group);
    check(value.menu?.icon, () => source.positionOf(['menu', 'icon']));
  }
  pages.forEach(({ value }, i) => {
    if (value.menu) groups.add(value.menu.group);
    const { source, index } = pageSources[i];
    check(value.menu?.icon, () => source.positionOf(['pages', index, 'menu', 'icon']));
  });
  for (const { raw, source } of pagesFiles) {
    for (const [group, { icon }] of Object.entries(raw.menuGroups ?? {})) {
      check(icon, () => source.positionOf(['menuGroups', group, 'icon']));
      if (!groups.has(group)) {
        diagnostics.push({ ...source.positionOf(['menuGroups', group]), message: `Menu group '${group}' is the group of no menu entry.${didYouMean(group, groups)}` });
      }
    }
  }
}
