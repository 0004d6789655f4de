/**
 * ASVS 5.0 6.2.4: a new password is refused when it is one of the 3000 most common passwords, compared
 * case-insensitively. The list is zxcvbn-ts's, ranked by frequency in public breach corpora
 * (@zxcvbn-ts/language-common, MIT); only its head is used, as the requirement asks.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_COUNT = 3000;

const common = new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
