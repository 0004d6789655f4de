/**
 * Navigation rules of seed 000 §2 that do not depend on React: which login page a path belongs to, the URL
 * saved before a login and where to go after it, and the home landing of each kind of user.
 */
import type { CurrentUser } from './authApi';
import type { LoginRealms, Manifest, MenuGroup } from './types';

export const BUSINESS_PREFIX = '/wpbusiness';
export const BUSINESS_HOME = '/wpbusiness/home';
/** The classic frame's home: the work queue, or a jump to the user's landing page. */
export const HOME = '/home';

const RETURN_KEY = 'WP_RETURN_URL';

export function isBusinessPath(pathname: string): boolean {
  return pathname === BUSINESS_PREFIX || pathname.startsWith(`${BUSINESS_PREFIX}/`);
}

export function isLoginPath(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/login/');
}

/** The login page of a realm (manifest `loginRealms`, spec/platform/bindings.yaml). */
export function loginPath(realm: string): string {
  return `/login/${realm}`;
}

export function loginPathFor(pathname: string, realms: LoginRealms): string {
  return loginPath(isBusinessPath(pathname) ? realms.merchant : realms.bank);
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

/** The landing rules of spec/ui/pages.yaml, as the manifest carries them. */
export type Landing = NonNullable<Manifest['landing']>;

/**
 * Home landing (seed 000 §2, declared in spec/ui/pages.yaml): merchants and assistance users have one page
 * each; other bank users get the first `bank` route whose permission they hold, else the last one.
 */
export function homeLanding(
  user: Pick<CurrentUser, 'isMerchant' | 'isAssistenza'>, can: (permission?: string) => boolean,
  landing: Landing | undefined, routes: readonly { path: string; permission?: string }[],
): string | undefined {
  if (!landing) return undefined;
  if (user.isMerchant) return landing.merchant;
  if (user.isAssistenza) return landing.assistance;
  const permissionOf = (path: string) => routes.find((r) => r.path === path)?.permission;
  return landing.bank.find((path) => can(permissionOf(path))) ?? landing.bank[landing.bank.length - 1];
}

/** Seed 000 §4: which missing-e-mail rule applies to the user; `warningGroups` come from the spec. */
export function missingEmailRule(user: Pick<CurrentUser, 'isMerchant' | 'email' | 'parentGroup'>, warningGroups: readonly string[]): 'none' | 'warning' | 'ask' {
  if (user.isMerchant || (user.email ?? '').trim() !== '') return 'none';
  return user.parentGroup && warningGroups.includes(user.parentGroup) ? 'warning' : 'ask';
}

/**
 * The classic side menu for a user: items whose permission is held and whose route GET menuitems lists (when
 * that answer is known); business routes belong to the business frame; empty groups disappear.
 */
export function visibleMenu(menu: MenuGroup[], can: (permission?: string) => boolean, serverRoutes: ReadonlySet<string> | null): MenuGroup[] {
  return menu
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => !isBusinessPath(item.route) && can(item.permission) && (!serverRoutes || serverRoutes.has(item.route))),
    }))
    .filter((group) => group.items.length > 0);
}
