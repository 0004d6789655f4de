/**
 * Which application frame (shell, spec/ui/pages.yaml `shells`) a route and a user belong to. The generator
 * places routes with it, the server's GET menuitems answers a caller's own shell's routes, and the UI picks
 * the frame and login page of a path: one rule for all three.
 */
import type { UserKind } from './model.js';

/** Whether `route` lies under `prefix` (`/` holds every route). */
export function underPrefix(route: string, prefix: string): boolean {
  return prefix === '/' || route === prefix || route.startsWith(`${prefix}/`);
}

interface Prefixed { prefix: string; alsoUnder?: readonly string[] }

/** The shell with the longest prefix (its own or one it is `alsoUnder`) `route` lies under. */
export function deepestShell<S extends Prefixed>(shells: readonly S[], route: string): S | undefined {
  let best: { shell: S; length: number } | undefined;
  for (const shell of shells) {
    for (const prefix of [shell.prefix, ...(shell.alsoUnder ?? [])]) {
      if (underPrefix(route, prefix) && (!best || prefix.length > best.length)) best = { shell, length: prefix.length };
    }
  }
  return best?.shell;
}

/** The login page of a realm (a shell's `loginRealm`, spec/platform/bindings.yaml). */
export function loginPath(realm: string): string {
  return `/login/${realm}`;
}

/**
 * The addresses the shells themselves answer (the root, the logins, password recovery, each shell's home and prefix):
 * a manifest route with one of them is not the page there (ui/src/shell/AppRoutes.tsx, server/http/first-paint.ts).
 */
export function shellOwnPaths(shells: readonly { loginRealm: string; home: string; prefix: string }[]): Set<string> {
  return new Set(['/', '/login', '/resetPassword', ...shells.flatMap((s) => [loginPath(s.loginRealm), s.home, s.prefix])]);
}

/** Seed 000 §1: a merchant, an assistance user, or another bank-side user. */
export function userKind(user: { isMerchant: boolean; isAssistenza: boolean }): UserKind {
  if (user.isMerchant) return 'merchant';
  return user.isAssistenza ? 'assistance' : 'bank';
}

/** The shell a kind of user belongs to (the generator checks that each kind has exactly one). */
export function shellOfKind<S extends { users: readonly UserKind[] }>(shells: readonly S[], kind: UserKind): S | undefined {
  return shells.find((s) => s.users.includes(kind));
}
