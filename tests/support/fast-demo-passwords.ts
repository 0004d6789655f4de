/**
 * The demo users' stored hashes use the product's scrypt cost (N=2^15, about 0.1 s per check on this
 * machine), and the test suites log in some 600 times per database: a minute of CPU spent proving scrypt
 * again. Test databases store the same demo password at N=2^10 instead. Logins still run the product's
 * verifyPassword (the cost is read from the hash), and passwords the server writes (changes, resets) keep
 * the product's cost, which tests/server/auth.test.ts checks.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import type { Knex } from 'knex';
import { verifyPassword } from '../../server/domain/auth/password.js';

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, CHEAP);
  return ['scrypt', CHEAP.N, CHEAP.r, CHEAP.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Rewrites every stored hash of `password` (the demo data shares one) as a cheap hash of it. */
export async function cheapenDemoPasswords(db: Knex, password: string): Promise<void> {
  const hashes: string[] = (await db('credenziale').distinct('password_hash')).map((row: { password_hash: string }) => row.password_hash);
  const expensive = hashes.filter((hash) => !hash.startsWith(`scrypt$${CHEAP.N}$`));
  const cheap = cheapHash(password);
  for (const hash of expensive) {
    if (await verifyPassword(password, hash)) await db('credenziale').where({ password_hash: hash }).update({ password_hash: cheap });
  }
}
