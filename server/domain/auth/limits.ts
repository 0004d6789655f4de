/**
 * The anti-automation limits of login, password checks and resets (docs/security.md, README variables).
 * Read from the environment once; createApp({ authLimits }) overrides them (tests).
 */
export interface AuthLimits {
  /** Consecutive wrong passwords of one username (known or not) before it is refused for lockMinutes. */
  maxFailures: number;
  /** How long those failures count, and how long the lock then lasts; it ends by itself. */
  lockMinutes: number;
  /** Wrong passwords from one client address (any usernames) within ipWindowMinutes before it is refused. */
  ipMaxFailures: number;
  ipWindowMinutes: number;
  /** Password reset requests per username, and per client address, within resetWindowMinutes. */
  resetMaxPerAccount: number;
  resetMaxPerIp: number;
  resetWindowMinutes: number;
  /** How long a mailed temporary password (public reset) can be used. */
  resetValidHours: number;
  /** Passkey ceremonies started (public: each stores a challenge) from one client address within ipWindowMinutes. */
  passkeyStartsPerIp: number;
  /** How long a mailed account-confirmation link of a merchant user can be used (once). */
  confirmValidHours: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  maxFailures: 5,
  lockMinutes: 15,
  ipMaxFailures: 50,
  ipWindowMinutes: 15,
  resetMaxPerAccount: 3,
  resetMaxPerIp: 20,
  resetWindowMinutes: 60,
  resetValidHours: 24,
  passkeyStartsPerIp: 300,
  confirmValidHours: 48,
};

const ENV: Record<keyof AuthLimits, string> = {
  maxFailures: 'LOGIN_MAX_FAILURES',
  lockMinutes: 'LOGIN_LOCK_MINUTES',
  ipMaxFailures: 'LOGIN_IP_MAX_FAILURES',
  ipWindowMinutes: 'LOGIN_IP_WINDOW_MINUTES',
  resetMaxPerAccount: 'RESET_MAX_PER_ACCOUNT',
  resetMaxPerIp: 'RESET_MAX_PER_IP',
  resetWindowMinutes: 'RESET_WINDOW_MINUTES',
  resetValidHours: 'RESET_VALID_HOURS',
  passkeyStartsPerIp: 'PASSKEY_STARTS_PER_IP',
  confirmValidHours: 'ACCOUNT_CONFIRM_VALID_HOURS',
};

const isLimit = (key: string): key is keyof AuthLimits => key in ENV;

export function authLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthLimits {
  const limits = { ...DEFAULT_AUTH_LIMITS };
  for (const key of Object.keys(ENV).filter(isLimit)) {
    const name = ENV[key];
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1; got '${raw}'`);
    limits[key] = value;
  }
  return limits;
}
