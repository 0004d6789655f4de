/**
 * Prints the scrypt hash of a password, for demo data (spec/demo/*credenziali*.yaml):
 *   npx tsx scripts/hash-password.ts 'the password'
 */
import { hashPassword } from '../server/domain/auth/password.js';

const password = process.argv[2];
if (!password) {
  console.error("Usage: npx tsx scripts/hash-password.ts 'password'");
  process.exit(2);
}
console.log(await hashPassword(password));
