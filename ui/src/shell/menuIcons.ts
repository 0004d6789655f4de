/**
 * The menu's icons (generated/ui/menu-icons.ts, from the spec's `menu.icon` and `menuGroups`) in a chunk of
 * their own, asked for when the menu first shows: the first page's JavaScript does not carry them. Until they
 * arrive (one small request) each entry keeps the icon's place empty, so nothing moves when they appear.
 */
import { useEffect, useState } from 'react';
import type { Icon } from '@tabler/icons-react';
import { arrived } from '../core/arrival';

type Icons = Record<string, Icon>;
// A glob, as for the manifest (core/artifacts.ts): the build works before `npm run gen` has written the file.
const modules = import.meta.glob<Icons>('../../../generated/ui/menu-icons.ts', { import: 'menuIcons' });

let loaded: Icons | undefined;
let loading: Promise<Icons> | undefined;

function loadIcons(): Promise<Icons> {
  const load = Object.values(modules).at(0);
  loading ??= (load ? load() : Promise.resolve({})).then((icons) => (loaded = icons), () => ({}));
  return loading;
}

/** The icons by component name, or an empty map until their chunk has loaded (or when it failed: no icons). */
export function useMenuIcons(): Icons {
  const [icons, setIcons] = useState<Icons>(() => loaded ?? {});
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    void loadIcons().then((found) => { if (live) arrived(() => { setIcons(found); }); });
    return () => { live = false; };
  }, []);
  return icons;
}
