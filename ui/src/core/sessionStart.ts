/**
 * The session's first load (users/me, permessi and menuitems at once) and its early start. main.tsx starts it
 * before React's first render, so on a reload or a new tab its three answers travel while the shell's code
 * evaluates and renders (on a slow phone, seconds of work) instead of after it: the page opens a round trip
 * sooner (issue 15 item 8). SessionProvider's first probe takes the started load rather than asking again.
 */
import type { AuthApi, CurrentUser } from './authApi';
import { sessionMayExist } from './sessionHint';

/** What a session load answers: the user, every FUNCTION:ACTION held, and the routes of the menu (null: that call failed). */
export type SessionAnswers = [CurrentUser, string[], string[] | null];

/** `probe`: the first load of the page, whose 401 means "nobody is logged in", not a lost session. */
export function loadSessionAnswers(api: AuthApi, probe: boolean): Promise<SessionAnswers> {
  return Promise.all([api.me({ probe }), api.grants({ probe }), api.menuItems({ probe }).catch(() => null)]);
}

let started: Promise<SessionAnswers> | undefined;
let answered: { probe: Promise<SessionAnswers>; answers: SessionAnswers } | undefined;

/**
 * Starts the first probe when the hint says a session may exist (without it nothing is asked: sessionHint.ts).
 * Settles when the probe has (never rejects): main.tsx waits for it, so the first render opens the page itself.
 */
export function startSessionProbe(api: AuthApi, cookies?: string): Promise<unknown> {
  if (!sessionMayExist(cookies)) return Promise.resolve();
  const probe = loadSessionAnswers(api, true);
  started = probe;
  // Handled here too: a 401 that arrives before the provider awaits it is no "uncaught" error in the console.
  return probe.then((answers) => { answered = { probe, answers }; }, () => undefined);
}

/** The probe main.tsx started, once: a later load (a login, a second mount) asks the server again. */
export function takeStartedProbe(): Promise<SessionAnswers> | undefined {
  const probe = started;
  started = undefined;
  return probe;
}

/** The started probe's answers, when it answered before the first render (then the first render is the page). */
export function answeredProbe(): SessionAnswers | undefined {
  return answered && answered.probe === started ? answered.answers : undefined;
}
