/**
 * The logged-in session (seed 000 §4, §6): the user from users/me, every grant from GET permessi (one
 * call, not funzioni plus one funzioni/{fn}/permessi per function), and the routes GET menuitems allows. No UI here: pages read it through `useSession()`.
 * The token is in the WP_TOKEN cookie the server writes at login and removes at logout, HttpOnly: this code
 * never sees it (docs/security.md#session-cookie). Without the WP_SESSION hint cookie nobody is logged in and
 * nothing is asked (core/sessionHint.ts); with it, whether the session is still open is what users/me
 * answers: 200 is the user, 401 means no session.
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from './apiError';
import { createAuthApi, type AuthApi, type CurrentUser, type UserType } from './authApi';
import { onUnauthorized } from './authEvents';
import type { FederatedEntry } from '../../../common/federated-entry';
import { useDataProvider } from './hooks/useDataProvider';
import { clearReturnUrl } from './navigation';
import { createPasskeyApi } from './passkeys';
import { grantsOf, holdsAll, type Grants } from './permissions';
import { endLogin, startLogin } from './loginId';
import { sessionMayExist } from './sessionHint';
import { answeredProbe, loadSessionAnswers, takeStartedProbe, type SessionAnswers } from './sessionStart';

export type SessionStatus = 'loading' | 'anonymous' | 'ready';

/** Why the session is anonymous: a logout does not save the current URL for the next login. */
export type AnonymousReason = 'none' | 'logout' | 'expired';

export interface Session {
  status: SessionStatus;
  reason: AnonymousReason;
  user: CurrentUser | undefined;
  grants: Grants;
  /** Routes GET menuitems allows; null when that call failed (then only the grants decide). */
  menuRoutes: ReadonlySet<string> | null;
  /** True when every FUNCTION:ACTION is held (undefined entries are ignored). */
  can: (...permissions: (string | undefined)[]) => boolean;
  login(userType: UserType, username: string, password: string): Promise<CurrentUser>;
  /** Single sign-on or one-time login with the identity provider's assertion (core/federatedEntry.ts). */
  federatedLogin(entry: FederatedEntry): Promise<CurrentUser>;
  /** The same login with a passkey of this device (core/passkeys.ts); its failures are PasskeyError. */
  passkeyLogin(userType: UserType, username: string): Promise<CurrentUser>;
  logout(): Promise<void>;
  /** Forget the session locally (the server revoked it, e.g. after a password change). */
  clear(reason?: AnonymousReason): void;
  /** Reload users/me (after the user's own data changed). */
  refreshUser(): Promise<void>;
  api: AuthApi;
}

interface State {
  status: SessionStatus;
  reason: AnonymousReason;
  user?: CurrentUser;
  grants: Grants;
  menuRoutes: ReadonlySet<string> | null;
}

const EMPTY: Grants = new Map();
const ANONYMOUS = (reason: AnonymousReason): State => ({ status: 'anonymous', reason, grants: EMPTY, menuRoutes: null });

function readyState([user, grants, menu]: SessionAnswers): State {
  return { status: 'ready', reason: 'none', user, grants: grantsOf(grants), menuRoutes: menu ? new Set(menu) : null };
}

/** A load overtaken by a newer one (or by a logout): its answer is dropped. */
class StaleSession extends Error {}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const provider = useDataProvider();
  const api = useMemo(() => createAuthApi(provider), [provider]);
  // With the hint: loading until users/me says whether the browser still has a session (a reload, a new tab).
  const [resuming] = useState(sessionMayExist);
  // The probe main.tsx started has usually answered before the first render: the page shows at once.
  const [answered] = useState(() => (resuming ? answeredProbe() : undefined));
  const [state, setState] = useState<State>(() => (answered ? readyState(answered) : resuming ? { ...ANONYMOUS('none'), status: 'loading' } : ANONYMOUS('none')));
  // Answers of a session that ended while they were loading must not bring it back.
  const generation = useRef(0);

  const clear = useCallback((reason: AnonymousReason = 'expired') => {
    generation.current++;
    endLogin();
    setState(ANONYMOUS(reason));
  }, []);

  /**
   * `probe`: the first load of the page, whose 401 only means the session the hint spoke of is over (not one
   * lost while in use). User, grants and menu are asked at once: the hint says a session is likely there. The
   * page's first probe was started before the first render (core/sessionStart.ts).
   */
  const load = useCallback(async (probe = false): Promise<CurrentUser> => {
    const mine = ++generation.current;
    let answers: SessionAnswers;
    try {
      answers = await ((probe ? takeStartedProbe() : undefined) ?? loadSessionAnswers(api, probe));
    } catch (error) {
      // A login started meanwhile: this probe's "nobody is logged in" is old news and must not end it.
      throw mine === generation.current ? error : new StaleSession();
    }
    if (mine !== generation.current) throw new StaleSession();
    const ready = readyState(answers);
    // The page's first probe renders the whole frame and page at once: as a transition React renders it in slices
    // that leave the main thread free in between (on a slow phone one long task otherwise). A login awaits the
    // state it set before it navigates, so it keeps the plain update.
    if (probe) startTransition(() => { setState(ready); });
    else setState(ready);
    return answers[0];
  }, [api]);

  // A session the browser may still have (page reload, new tab): resume it, or nobody is logged in.
  useEffect(() => {
    if (!resuming) return;
    // Its answers made the first state: the probe is used up, as load(true) would have used it.
    if (answered) {
      void takeStartedProbe();
      return;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- load() sets state only after awaiting users/me (an external system); the rule does not follow the await inside the async function
    load(true).catch((error: unknown) => {
      if (error instanceof StaleSession) return;
      if (!(error instanceof ApiError && error.status === 401)) console.warn('Sessione non verificata:', error);
      clear('none');
    });
  }, [resuming, answered, load, clear]);

  useEffect(() => onUnauthorized(() => clear('expired')), [clear]);

  /** A call that opens a session (a password, an assertion), then the session's user, grants and menu. */
  const enter = useCallback(async (opening: () => Promise<unknown>) => {
    // The answer's token is for API clients; the browser keeps the cookie the same answer set.
    await opening();
    startLogin();
    setState((s) => ({ ...s, status: 'loading' }));
    try {
      return await load();
    } catch (error) {
      if (!(error instanceof StaleSession)) clear('none');
      throw error;
    }
  }, [load, clear]);

  const login = useCallback((userType: UserType, username: string, password: string) => enter(() => api.login(userType, username, password)), [api, enter]);
  const federatedLogin = useCallback((entry: FederatedEntry) => enter(() => (entry.kind === 'sso'
    ? api.singleSignOn(entry.userType, entry.assertion)
    : api.oneTimeLogin(entry.userType, entry.assertion))), [api, enter]);
  const passkeys = useMemo(() => createPasskeyApi(provider), [provider]);
  const passkeyLogin = useCallback((userType: UserType, username: string) => enter(() => passkeys.login(userType, username)), [passkeys, enter]);

  const logout = useCallback(async () => {
    try {
      await api.logout();
    } catch {
      // A session already ended (401) has nothing left to revoke. Any other failure leaves the cookie, which
      // only the server can remove: the next users/me then resumes the session, as after a reload.
    }
    clearReturnUrl();
    clear('logout');
  }, [api, clear]);

  const refreshUser = useCallback(async () => {
    const user = await api.me();
    setState((s) => (s.status === 'ready' ? { ...s, user } : s));
  }, [api]);

  const session = useMemo<Session>(() => ({
    status: state.status,
    reason: state.reason,
    user: state.user,
    grants: state.grants,
    menuRoutes: state.menuRoutes,
    can: (...permissions) => holdsAll(state.grants, permissions),
    login,
    federatedLogin,
    passkeyLogin,
    logout,
    clear,
    refreshUser,
    api,
  }), [state, login, federatedLogin, passkeyLogin, logout, clear, refreshUser, api]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/**
 * A read-only view (a form view with `readOnly`, docs/spec-language.md#form-views): below it the caller holds
 * only its reading grants, so no save, delete or "Nuovo" shows, whatever else it may do elsewhere. The server
 * still decides what each call may do; this only keeps the view to what it is for.
 */
export function ReadingOnly({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const session = useSession();
  const reading = useMemo<Session>(() => ({ ...session, can: (...permissions) => permissions.every(isReading) && session.can(...permissions) }), [session]);
  return enabled ? <SessionContext.Provider value={reading}>{children}</SessionContext.Provider> : <>{children}</>;
}

/** The reading action of the permission catalogue (list and get need it: generator/model/build-entity.ts). */
function isReading(permission: string | undefined): boolean {
  return permission === undefined || permission === '' || permission.endsWith(':VISUALIZZAZIONE');
}
