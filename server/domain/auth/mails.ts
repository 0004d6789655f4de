/**
 * The mails that carry a temporary password. Their wording is the spec's (spec/platform/messages.yaml
 * `mails`); `{{password}}` stays a placeholder, so the outbox keeps the text with it masked
 * (server/mail/template.ts) and only the recipient reads it.
 */
import type { MailTemplate, MailTemplates } from '../../../common/model.js';
import type { OutgoingMail } from '../../mail/index.js';

export interface MailRecipient { username: string; email: string; group: string; cab?: string | null }

/** `{name}` filled from `values`; `{{password}}` is left for the mail component. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/(?<!\{)\{(\w+)\}(?!\})/g, (whole, name: string) => values[name] ?? whole);
}

function passwordMail(template: MailTemplate, to: MailRecipient, password: string, values: Record<string, string> = {}): OutgoingMail {
  const all = { username: to.username, ...values };
  return {
    to: to.email,
    subject: fill(template.subject, all),
    text: { template: fill(template.text, all), secrets: { password } },
    outboxColumns: { username: to.username, group: to.group, cab: to.cab ?? null },
  };
}

export const newUserMail = (mails: MailTemplates, to: MailRecipient, password: string) => passwordMail(mails.nuovaUtenza, to, password);

/** An administrator's reset (the password is replaced) or a public one (pending for `validHours`). */
export function resetMail(mails: MailTemplates, to: MailRecipient, password: string, validHours?: number): OutgoingMail {
  return validHours
    ? passwordMail(mails.recuperoPassword, to, password, { ore: String(validHours) })
    : passwordMail(mails.nuovaPassword, to, password);
}
