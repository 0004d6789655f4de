/**
 * generated/ui/menu-icons.ts: the menu's icons (the spec's `menu.icon` and `menuGroups`), imported one by one
 * from @tabler/icons-react so the bundle holds only these, and by name (the manifest's `icon`), so the shell
 * loads them in a chunk of their own once the menu shows (ui/src/shell/menuIcons.ts) and not with the first page.
 */
import type { Model } from '../../common/model.js';
import { iconComponent } from '../model/check-menu-icons.js';
import type { Emitter } from './emitter.js';

export function menuIconNames(model: Pick<Model, 'entities' | 'pages' | 'reports' | 'shell'>): string[] {
  const names = [
    ...model.entities.flatMap((e) => (e.menu?.icon && e.list ? [e.menu.icon] : [])),
    ...model.pages.flatMap((p) => (p.menu?.icon ? [p.menu.icon] : [])),
    ...model.reports.flatMap((r) => (r.menu?.icon ? [r.menu.icon] : [])),
    ...Object.values(model.shell.menuGroups).map((g) => g.icon),
  ];
  return [...new Set(names.map(iconComponent))].sort();
}

export const menuIconsEmitter: Emitter = {
  name: 'menu-icons',
  emit: (model, ctx) => {
    const names = menuIconNames(model);
    const header = ctx.render('types-header', { source: "spec/ (the menu's icons)", description: 'The icons of the menu by the name the manifest gives them; a chunk of their own (ui/src/shell/menuIcons.ts).' });
    // One name a line: a new icon in the spec is a one-line change here.
    const body = [
      "import type { Icon } from '@tabler/icons-react';",
      ...(names.length ? ['import {', ...names.map((n) => `  ${n},`), "} from '@tabler/icons-react';"] : []),
      '',
      'export const menuIcons: Record<string, Icon> = {',
      ...names.map((n) => `  ${n},`),
      '};',
    ];
    return [{ path: 'ui/menu-icons.ts', content: `${header}\n${body.join('\n')}\n` }];
  },
};
