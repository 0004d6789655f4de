/**
 * Anti-automation for password checks and resets (ASVS 5.0 6.1.1, 6.3.1; docs/security.md), with
 * rate-limiter-flexible on the application's own database, so every server process shares the counts
 * (SQLite or PostgreSQL; the library creates its table, limite_tentativi, on first start).
 *
 * An attempt is counted BEFORE the password is verified, in one atomic upsert (INSERT ... ON CONFLICT ...
 * RETURNING): of many simultaneous attempts only the first maxFailures reach the password check, the rest
 * are refused at once (429) without spending a scrypt. Usernames are counted whether or not they exist,
 * so the answers never tell them apart. A success clears the username's count.
 */
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { configuredClient } from '../../db/dialect.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthLimits } from './limits.js';

export const THROTTLE_TABLE = 'limite_tentativi';
const ACCOUNT_PREFIX = 'login_utente';

/** The key of a username's failure count: case folded, so 'Sede.30480' is not a fresh budget. */
export const accountKey = (username: string) => `${ACCOUNT_PREFIX}:${username.toLowerCase()}`;

export interface Attempt { username: string; address: string; consumed: number }

export class AuthThrottle {
  readonly ready: Promise<void>;
  private loginAccount!: RateLimiterStoreAbstract;
  private loginAddress!: RateLimiterStoreAbstract;
  private resetAccount!: RateLimiterStoreAbstract;
  private resetAddress!: RateLimiterStoreAbstract;
  private passkeyAddress!: RateLimiterStoreAbstract;
  private sweeper?: NodeJS.Timeout;
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly db: Knex, readonly limits: AuthLimits) {
    this.ready = this.start();
    // Rejections surface on first use; this only keeps an early failure from being unhandled.
    this.ready.catch(() => undefined);
  }

  /** Counts an attempt at `username`'s password from `address`; refused (429) when either is over its limit. */
  async begin(username: string, address: string): Promise<Attempt> {
    await this.ready;
    await consume(this.loginAddress, address);
    const account = await consume(this.loginAccount, username.toLowerCase());
    return { username, address, consumed: account.consumedPoints };
  }

  /** After a wrong password: true when this failure is the one that locks the username (its sessions end). */
  lockedBy(attempt: Attempt): boolean {
    return attempt.consumed >= this.limits.maxFailures;
  }

  /**
   * After a right password: refused (429) if the username got locked while this attempt was being verified
   * (no token past the threshold); otherwise its count starts again and the client's attempt is given back.
   */
  async succeeded(attempt: Attempt): Promise<void> {
    const now = await this.loginAccount.get(attempt.username.toLowerCase());
    if (now && now.consumedPoints > this.limits.maxFailures) throw tooMany(now.msBeforeNext);
    await this.loginAccount.delete(attempt.username.toLowerCase());
    await this.loginAddress.reward(attempt.address, 1);
  }

  /**
   * A single-sign-on or one-time-login attempt from `address` (federation/handlers.ts): counted with the
   * address's wrong passwords, refused (429) over LOGIN_IP_MAX_FAILURES. There is no username to lock: who the
   * assertion names is known only once its signature is verified.
   */
  async assertionAttempt(address: string): Promise<void> {
    await this.ready;
    await consume(this.loginAddress, address);
  }

  /** A good assertion gives its attempt back, as a right password does. */
  async assertionSucceeded(address: string): Promise<void> {
    await this.loginAddress.reward(address, 1);
  }

  /** A reset request for `username` from `address`: refused (429) over either limit, the same for any input. */
  async resetRequested(username: string, address: string): Promise<void> {
    await this.ready;
    await consume(this.resetAddress, address);
    await consume(this.resetAccount, username.toLowerCase());
  }

  /** A passkey ceremony started from `address` (it stores a challenge): refused (429) over passkeyStartsPerIp. */
  async passkeyStarted(address: string): Promise<void> {
    await this.ready;
    await consume(this.passkeyAddress, address);
  }

  /**
   * Runs `work` alone for this username: the lock of a failure (block, then end the sessions) and the success
   * of a right password (clear the count, then open the session) never interleave, so a session opened by a
   * right password that raced the locking failures is either ended by the lock or never opened. A queue per
   * username in this process. Several server processes would also need a lock they share; a PostgreSQL
   * advisory lock held by a transaction is not it: the work's own queries (the limiter's store) take other
   * connections of the pool, and ten such logins at once would hold all ten while waiting for an eleventh.
   */
  async exclusive<T>(username: string, work: () => Promise<T>): Promise<T> {
    const key = accountKey(username);
    const previous = this.queues.get(key) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => { release = resolve; });
    const tail = previous.then(() => mine);
    this.queues.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.queues.get(key) === tail) this.queues.delete(key);
    }
  }

  /** The failure that reached the limit: the username is blocked for lockMinutes, whatever runs meanwhile. */
  async block(username: string): Promise<void> {
    await this.loginAccount.block(username.toLowerCase(), this.limits.lockMinutes * 60);
  }

  /** An administrator's unlock clears the username's count, inside the save's transaction. */
  static clearAccount(trx: Knex | Knex.Transaction, username: string): Promise<number> {
    return trx(THROTTLE_TABLE).where({ key: accountKey(username) }).del();
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  private async start(): Promise<void> {
    const l = this.limits;
    const first = await this.limiter('login_ip', l.ipMaxFailures, l.ipWindowMinutes, false);
    this.loginAddress = first;
    this.loginAccount = await this.limiter(ACCOUNT_PREFIX, l.maxFailures, l.lockMinutes, true, l.lockMinutes);
    this.resetAccount = await this.limiter('reset_utente', l.resetMaxPerAccount, l.resetWindowMinutes, true);
    this.resetAddress = await this.limiter('reset_ip', l.resetMaxPerIp, l.resetWindowMinutes, true);
    this.passkeyAddress = await this.limiter('passkey_ip', l.passkeyStartsPerIp, l.ipWindowMinutes, true);
    // Expired counts are only clutter: removed every 5 minutes, in the background.
    if (clearsExpired(first)) {
      this.sweeper = setInterval(() => { first.clearExpired(Date.now() - 3600_000).catch(() => undefined); }, 300_000);
      this.sweeper.unref();
    }
  }

  private limiter(keyPrefix: string, points: number, minutes: number, tableCreated: boolean, blockMinutes = 0): Promise<RateLimiterStoreAbstract> {
    const postgres = configuredClient(this.db) === 'pg';
    const options = {
      storeClient: this.db, storeType: 'knex', tableName: THROTTLE_TABLE, tableCreated, clearExpiredByTimeout: false,
      keyPrefix, points, duration: minutes * 60, blockDuration: blockMinutes * 60,
    };
    // The callback says when the table exists; with tableCreated it is called inside the constructor.
    let limiter!: RateLimiterStoreAbstract;
    const ready = new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => (err ? reject(err) : resolve());
      limiter = postgres ? new RateLimiterPostgres(options, done) : new RateLimiterSQLite(options, done);
    });
    return ready.then(() => limiter);
  }
}

/** The knex stores' clearExpired(), which rate-limiter-flexible's types leave out. */
function clearsExpired(limiter: RateLimiterStoreAbstract): limiter is RateLimiterStoreAbstract & { clearExpired(before: number): Promise<void> } {
  return 'clearExpired' in limiter && typeof limiter.clearExpired === 'function';
}

async function consume(limiter: RateLimiterStoreAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key, 1);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) throw tooMany(refusal.msBeforeNext);
    throw refusal;
  }
}

export function tooMany(msBeforeNext: number): ApiError {
  const error = new ApiError('TOO_MANY_REQUESTS');
  error.headers = { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) };
  return error;
}
