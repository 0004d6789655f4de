/**
 * Session and lockout limits, in one place (documented in docs/security.md and the README).
 * Tokens carry nothing: they are random, and the server looks them up (by hash) on every call.
 */
export const AUTH_POLICY = {
  /** Absolute session lifetime: the token's expire_in, and the WP_TOKEN cookie's lifetime. */
  sessionMaxSeconds: 8 * 60 * 60,
  /** A session unused for this long is dead, whatever its absolute expiry. */
  sessionIdleSeconds: 30 * 60,
  /** lastSeenAt is written at most this often, so reads do not turn into writes on every call. */
  touchEverySeconds: 60,
  /** Consecutive wrong passwords that lock the account (an administrator unlocks it). */
  maxFailedAttempts: 5,
  tokenBytes: 32,
} as const;
