/** Reads and writes cookies; the session token lives in the WP_TOKEN cookie (seed 000 §3). */
export function readCookie(name: string, cookieString: string = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** The Set-Cookie-style string for `name`, valid until `expires`, for the whole site, never sent cross-site. */
export function cookieString(name: string, value: string, expires: Date, secure = false): string {
  return `${name}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function writeCookie(name: string, value: string, expires: Date): void {
  if (typeof document === 'undefined') return;
  document.cookie = cookieString(name, value, expires, location.protocol === 'https:');
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', new Date(0));
}
