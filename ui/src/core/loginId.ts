/**
 * A random id of the current login, kept in sessionStorage: what the page may remember "for this login"
 * (the notifications closed in it) is keyed by it. The session token cannot serve: it lives in an HttpOnly
 * cookie no script reads (docs/security.md#session-cookie).
 */
const KEY = 'webpos.accesso';

const storage = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/** A new id at every login. crypto.getRandomValues works on plain-HTTP origins too, unlike randomUUID. */
export function startLogin(): void {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  storage()?.setItem(KEY, Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''));
}

export function endLogin(): void {
  storage()?.removeItem(KEY);
}

/** The current login's id; '' when none was recorded (a session resumed in a new tab). */
export function loginId(): string {
  return storage()?.getItem(KEY) ?? '';
}
