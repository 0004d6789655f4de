/**
 * Whether this browser may hold a session: the server writes the WP_SESSION hint cookie with the HttpOnly
 * session cookie at login and removes both at logout or when it refuses the session (server/http/
 * session-cookie.ts). The hint holds no secret; without it nobody is logged in, and the page does not ask
 * users/me, whose 401 the browser would log as an error on every signed-out visit.
 */
const HINT = 'WP_SESSION';

export function sessionMayExist(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith(`${HINT}=`));
}
