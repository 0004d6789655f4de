/**
 * Utente saves that touch credentials (registered beside the grant checks in server/app.ts):
 * - a new user with an e-mail gets a random first password by mail, once the save has committed
 *   (seed 000 §8: 'Utente creato con successo. La password viene inviata alla mail {email}'); a merchant user
 *   also its account-confirmation link (account-confirmation.ts);
 * - an administrator's lock ends the user's sessions, so none comes back with the unlock;
 * - an administrator's unlock (locked: false) also clears the count of wrong passwords (throttle.ts);
 * - a deleted user's credential, passkeys and count go with it (a user who never logged in can be deleted).
 */
import type { EntityHooks } from '../hooks.js';
import { textOrNull } from '../../records.js';
import { isMerchantGroup, mailConfirmationLater } from './account-confirmation.js';
import { isTrue } from './credentials.js';
import type { AuthRuntime } from './runtime.js';
import { deletePasskeys } from './webauthn-store.js';
import { revokeAllSessions } from './sessions.js';
import { mailFirstPassword } from './temporary-passwords.js';
import { AuthThrottle } from './throttle.js';
import { textOf } from '../../../common/text.js';

export function accountHooks(auth: AuthRuntime): EntityHooks {
  return {
    async beforeSave({ trx, afterCommit, caller, row, body }) {
      if (!caller) return; // demo data and internal saves
      const username = String(row.username);
      const before = await trx('utente').where({ username }).first<{ locked: unknown } | undefined>('locked');
      if (!before) {
        if (!row.email) return; // no address to send it to: an administrator resets it once there is one
        const to = { username, email: textOf(row.email), group: textOf(row.group), cab: textOrNull(row.cab) };
        // Seed 000 §2 accountConfirm: a merchant user (the bank's or its administrator's creation) also gets its link.
        const merchant = await isMerchantGroup(trx, to.group);
        // Only once the user exists for good: a refused save mails nothing.
        afterCommit(() => {
          mailFirstPassword(auth, to);
          if (merchant) mailConfirmationLater(auth, to);
        });
        return;
      }
      if (isTrue(row.locked) && !isTrue(before.locked)) await revokeAllSessions(trx, username);
      if ('locked' in body && !isTrue(row.locked)) await AuthThrottle.clearAccount(trx, username);
    },
    async beforeDelete({ trx, row }) {
      await trx('credenziale').where({ username: String(row.username) }).del();
      // A deleted user's passkeys go with it: they could otherwise log in whoever takes the username next.
      await deletePasskeys(trx, String(row.username));
      await AuthThrottle.clearAccount(trx, String(row.username));
    },
  };
}
