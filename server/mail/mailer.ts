/**
 * Sends one mail through the SMTP server of SMTP_URL (nodemailer) and records it in the outbox with its
 * delivery status. The stored text has its secrets masked (template.ts); the recipient's copy exists only
 * while nodemailer sends it. Knows nothing of users: the caller says who the mail is about through
 * `outboxColumns` (the outbox's data scope).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type { BoundEntity } from '../../common/bindings.js';
import type { MailSettings } from './settings.js';
import { fillSecrets, maskSecrets, type SecretText } from './template.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: SecretText;
  /** More columns of the outbox row (snake_case), e.g. who the mail is about, for its data scope. */
  outboxColumns?: Record<string, unknown>;
  /** Files the mail carries (a contract's PDF): only in the recipient's copy, never in the outbox row. */
  attachments?: MailAttachment[];
}

interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The outbox's status codes (common/bindings.ts ROLE_CODES: the spec's status field must offer them). */
export const SEND_STATUS = { queued: 'C', sent: 'I', notSent: 'N' } as const;
export const NO_SMTP = 'SMTP_URL non configurato';

/** An SMTP transport; through this function its type is the SMTP one (send answers carry `response`). */
function smtpTransport(url: string) {
  return nodemailer.createTransport({
    url,
    // A mail server that does not answer must not hold the queue for nodemailer's default 10 minutes.
    connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000,
    logger: false, debug: false,
  });
}

type Transport = ReturnType<typeof smtpTransport>;

export class Mailer {
  private readonly transport: Transport | null;

  /** `outbox`: the entity spec/platform/bindings.yaml binds as `mailOutbox`. */
  constructor(private readonly db: Knex, private readonly settings: MailSettings, private readonly outbox: BoundEntity<'mailOutbox'>) {
    this.transport = settings.smtpUrl ? smtpTransport(settings.smtpUrl) : null;
  }

  /** Records the mail (masked, 'in coda'), sends it, records the outcome. Never throws for a failed send. */
  async deliver(mail: OutgoingMail): Promise<{ id: string; sent: boolean }> {
    const id = randomUUID();
    const { outbox } = this;
    const table = () => this.db(outbox.entity.table);
    await table().insert({
      ...outbox.columns({ id, createdAt: new Date().toISOString(), recipient: mail.to, subject: mail.subject, body: maskSecrets(mail.text), status: SEND_STATUS.queued }),
      ...mail.outboxColumns,
    });
    const outcome = await this.send(mail);
    await table().where(outbox.column('id'), id).update(outbox.columns(outcome.sent
      ? { status: SEND_STATUS.sent, sentAt: new Date().toISOString(), outcome: outcome.detail }
      : { status: SEND_STATUS.notSent, outcome: outcome.detail }));
    return { id, sent: outcome.sent };
  }

  private async send(mail: OutgoingMail): Promise<{ sent: boolean; detail: string }> {
    if (!this.transport) return { sent: false, detail: NO_SMTP };
    try {
      const attachments = (mail.attachments ?? []).map(({ filename, contentType, content }) => ({ filename, contentType, content }));
      const info = await this.transport.sendMail({ from: this.settings.from, to: mail.to, subject: mail.subject, text: fillSecrets(mail.text), attachments });
      return { sent: true, detail: info.response.slice(0, 500) };
    } catch (error) {
      // The server's reason (refused recipient, timeout); it never contains the message body.
      return { sent: false, detail: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
    }
  }

  close(): void {
    this.transport?.close();
  }
}
