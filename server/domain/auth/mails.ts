/**
 * The Italian mails that carry a temporary password. The password is a `{{password}}` placeholder, so the
 * outbox keeps the text with it masked (server/mail/template.ts) and only the recipient reads it.
 */
import type { OutgoingMail } from '../../mail/index.js';

export interface MailRecipient { username: string; email: string; group: string; cab?: string | null }

const outboxColumns = (to: MailRecipient) => ({ username: to.username, group: to.group, cab: to.cab ?? null });

export function newUserMail(to: MailRecipient, password: string): OutgoingMail {
  return {
    to: to.email,
    subject: 'WebPOS - utenza creata',
    text: {
      template: `Gentile utente ${to.username},\n`
        + "e' stata creata la sua utenza WebPOS. La password provvisoria e': {{password}}\n"
        + "Al primo accesso le verra' chiesto di cambiarla.",
      secrets: { password },
    },
    outboxColumns: outboxColumns(to),
  };
}

export function resetMail(to: MailRecipient, password: string, validHours?: number): OutgoingMail {
  const validity = validHours
    ? `Vale ${validHours} ore; fino al suo primo utilizzo resta valida anche la password attuale.\n`
    : '';
  return {
    to: to.email,
    subject: 'WebPOS - nuova password',
    text: {
      template: `Gentile utente ${to.username},\n`
        + "la sua nuova password temporanea e': {{password}}\n"
        + validity
        + "Al primo accesso le verra' chiesto di cambiarla. Se non ha chiesto lei una nuova password, ignori questa mail.",
      secrets: { password },
    },
    outboxColumns: outboxColumns(to),
  };
}
