/**
 * Navigation rules of seed 000 §2 that do not depend on React, over the manifest's shells (spec/ui/pages.yaml
 * `shells`): which shell a path and a user belong to, which login page a path sends a visitor to, the URL saved
 * before a login and where to go after it, and the home landing of each kind of user.
 */
import { deepestShell, shellOfKind, userKind } from '../../../common/shells';
import type { CurrentUser } from './authApi';
import type { MenuGroup, RouteDef, ShellDef } from './types';
import { loginPath } from '../../../common/shells';

const RETURN_KEY = 'WP_RETURN_URL';

/**
 * The shell a path belongs to: the one with the longest prefix it lies under, its own or one it is `alsoUnder`
 * (the merchant's /esercente/anaeseweb in the business shell); the first shell otherwise.
 */
export function shellOfPath(shells: readonly ShellDef[], pathname: string): ShellDef {
  return deepestShell(shells, pathname) ?? shells[0];
}

/** The shell a user belongs to (the generator checks that each kind of user has exactly one). */
export function shellOfUser(shells: readonly ShellDef[], user: Pick<CurrentUser, 'isMerchant' | 'isAssistenza'>): ShellDef {
  return shellOfKind(shells, userKind(user)) ?? shells[0];
}

/** The shell whose prefix is `/`, else the first: where `/` and `/login` lead. */
export function defaultShell(shells: readonly ShellDef[]): ShellDef {
  return shells.find((s) => s.prefix === '/') ?? shells[0];
}

export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/login/');
}

export { loginPath };

/** Seed 000 §2: an unauthenticated visitor goes to the login page of the shell of the path it asked for. */
export function loginPathFor(pathname: string, shells: readonly ShellDef[]): string {
  return loginPath(shellOfPath(shells, pathname).loginRealm);
}

/** Where to go after a login: the saved URL unless it is a login page; `/` by default. */
export function afterLoginTarget(saved: string | null | undefined): string {
  if (!saved || !saved.startsWith('/') || saved.startsWith('//')) return '/';
  const pathname = saved.split(/[?#]/)[0];
  return isLoginPath(pathname) ? '/' : saved;
}

export function saveReturnUrl(url: string): void {
  try { sessionStorage.setItem(RETURN_KEY, url); } catch { /* storage disabled: default target */ }
}

/** The after-login target; the saved URL stays until an authenticated page clears it. */
export function returnTarget(): string {
  let saved: string | null = null;
  try { saved = sessionStorage.getItem(RETURN_KEY); } catch { /* storage disabled */ }
  return afterLoginTarget(saved);
}

export function clearReturnUrl(): void {
  try { sessionStorage.removeItem(RETURN_KEY); } catch { /* storage disabled */ }
}

/**
 * Home landing (seed 000 §2, the shell's `landing` in spec/ui/pages.yaml): the first route of the user's kind
 * that the user may open, else the last one; none when the shell declares none for that kind.
 */
export function homeLanding(
  user: Pick<CurrentUser, 'isMerchant' | 'isAssistenza'>, can: (permission?: string) => boolean,
  shell: ShellDef, routes: readonly { path: string; permission?: string }[],
): string | undefined {
  const list = shell.landing[userKind(user)] ?? [];
  const permissionOf = (path: string) => routes.find((r) => r.path === path)?.permission;
  return list.find((path) => path === shell.home || can(permissionOf(path))) ?? list.at(-1);
}

/** Seed 000 §4: which missing-e-mail rule applies to the user; `warningGroups` come from the spec. */
export function missingEmailRule(user: Pick<CurrentUser, 'isMerchant' | 'email' | 'parentGroup'>, warningGroups: readonly string[]): 'none' | 'warning' | 'ask' {
  if (user.isMerchant || (user.email ?? '').trim() !== '') return 'none';
  return user.parentGroup && warningGroups.includes(user.parentGroup) ? 'warning' : 'ask';
}

/**
 * A shell's side menu for a user: items of the shell's own routes whose permission is held and whose route
 * GET menuitems lists (when that answer is known); empty groups disappear.
 */
export function visibleMenu(
  menu: MenuGroup[], can: (permission?: string) => boolean, serverRoutes: ReadonlySet<string> | null,
  shell: ShellDef, routes: readonly Pick<RouteDef, 'path' | 'shell'>[],
): MenuGroup[] {
  if (shell.menu === 'none') return [];
  const paths = routes.filter((r) => r.shell === shell.name).map((r) => r.path);
  const own = new Set(paths);
  // A form opened without its key (a merchant's own profile, docs/spec-language.md#menu) is the route up to its
  // first parameter.
  const ownRoute = (route: string) => own.has(route) || paths.some((p) => p.startsWith(`${route}/:`));
  return menu
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => ownRoute(item.route) && can(item.permission) && (!serverRoutes || serverRoutes.has(item.route))),
    }))
    .filter((group) => group.items.length > 0);
}
