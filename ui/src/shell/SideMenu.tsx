/**
 * A shell's side menu from `manifest.menu` (the shell's `menu: spec`), keeping only the items of the shell's own
 * routes that the user may open: the item's permission must be held (`can`) and GET menuitems must list its
 * route (the server's own answer); empty groups disappear. Each group and entry shows the spec's icon
 * (menuIcons.ts loads them apart). The search box on top filters the entries as one types (menuSearch.ts);
 * from it, Down moves to the first entry, Enter opens the first entry, Escape empties it; Up and Down move
 * between entries.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AppShell, Box, CloseButton, NavLink, ScrollArea, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useManifest } from '../core/hooks/useManifest';
import { filterMenu, menuResultCount } from '../core/menuSearch';
import { visibleMenu } from '../core/navigation';
import { useSession } from '../core/session';
import type { ShellDef } from '../core/types';
import { folded } from '../../../common/text';
import { useMenuIcons } from './menuIcons';

const ICON_SIZE = 18;
/** The entries the arrow keys move between. */
const ENTRY = 'a[data-menu-entry]';

export function SideMenu({ shell, onNavigate }: { shell: ShellDef; onNavigate: () => void }) {
  const { menu, routes } = useManifest();
  const { can, menuRoutes } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const icons = useMenuIcons();
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLElement>(null);
  const isActive = (route: string) => pathname === route || pathname.startsWith(`${route}/`);
  const iconOf = (name: string | undefined): ReactNode => {
    const Icon = name ? icons[name] : undefined;
    // The icon's place is kept while the icons load, so the labels do not move when they arrive.
    return Icon ? <Icon size={ICON_SIZE} stroke={1.6} aria-hidden /> : <Box w={ICON_SIZE} h={ICON_SIZE} />;
  };

  const searching = query.trim() !== '';
  const groups = filterMenu(visibleMenu(menu, (p) => can(p), menuRoutes, shell, routes), query);
  const showHome = !searching || folded(query).split(/\s+/).every((w) => folded('Home').includes(w));
  const first = showHome ? { route: shell.home, label: 'Home' } : groups.at(0)?.items.at(0);

  const open = (route: string) => {
    setQuery('');
    onNavigate();
    void navigate(route);
  };
  const entries = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>(ENTRY) ?? [])];
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      entries().at(0)?.focus();
    } else if (event.key === 'Enter' && searching && first) {
      event.preventDefault();
      open(first.route);
    } else if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      setQuery('');
    }
  };
  const onEntryKey = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = entries();
    const at = all.indexOf(event.currentTarget);
    if (at < 0) return;
    event.preventDefault();
    if (event.key === 'ArrowUp' && at === 0) search.current?.focus();
    else all.at(event.key === 'ArrowDown' ? Math.min(at + 1, all.length - 1) : at - 1)?.focus();
  };

  return (
    <>
      <AppShell.Section pb="xs">
        <TextInput
          ref={search}
          type="search"
          label="Cerca nel menu"
          placeholder="Es. banche, utenti"
          size="sm"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={onSearchKey}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={query !== '' ? <CloseButton size="sm" aria-label="Svuota la ricerca" onClick={() => { setQuery(''); search.current?.focus(); }} /> : null}
          autoComplete="off"
          aria-controls="menu-principale"
        />
        <VisuallyHidden aria-live="polite" data-testid="menu-search-count">
          {searching ? `${menuResultCount(groups) }${first ? `; Invio apre ${first.label}` : ''}` : ''}
        </VisuallyHidden>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} mx="-xs" px="xs">
        <nav aria-label="Menu principale" id="menu-principale" ref={list}>
          {showHome && (
            <NavLink component={Link} to={shell.home} label="Home" leftSection={<Box w={ICON_SIZE} h={ICON_SIZE} />} active={pathname === shell.home} onClick={onNavigate} onKeyDown={onEntryKey} data-menu-entry="" />
          )}
          {groups.map((group) => (
            <NavLink
              key={group.label}
              label={group.label}
              leftSection={iconOf(group.icon)}
              defaultOpened
              // A search opens every group that keeps an entry; without one, each keeps what the user chose.
              {...(searching ? { opened: true } : {})}
              childrenOffset="md"
            >
              {group.items.map((item) => (
                <NavLink
                  key={item.route}
                  component={Link}
                  to={item.route}
                  label={item.label}
                  leftSection={iconOf(item.icon)}
                  active={isActive(item.route)}
                  onClick={() => { setQuery(''); onNavigate(); }}
                  onKeyDown={onEntryKey}
                  data-menu-entry=""
                />
              ))}
            </NavLink>
          ))}
          {searching && groups.length === 0 && !showHome && <Text c="dimmed" size="sm" p="sm">Nessuna voce del menu contiene «{query.trim()}».</Text>}
        </nav>
      </AppShell.Section>
    </>
  );
}
