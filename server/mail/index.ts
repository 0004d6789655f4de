/**
 * The mail component: a Mailer (SMTP + outbox) and the queue that runs mail work after the answer.
 * One per app (server/app.ts); app.locals.mail lets tests wait for it (idle) and the server close it.
 */
import type { Knex } from 'knex';
import { bound, type BoundEntity } from '../../common/bindings.js';
import type { RuntimeModel } from '../artifacts.js';
import { Mailer, SEND_STATUS, type OutgoingMail } from './mailer.js';
import { AfterResponseQueue } from './queue.js';
import { mailSettingsFromEnv, type MailSettings } from './settings.js';

export type { OutgoingMail } from './mailer.js';

export interface MailService {
  mailer: Mailer;
  queue: AfterResponseQueue;
  /** After the answer: `compose` does the work that belongs with the mail (a pending password) and returns it, or nothing to send. */
  sendLater(label: string, compose: () => Promise<OutgoingMail | undefined>): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailService(db: Knex, model: Pick<RuntimeModel, 'entities' | 'bindings'>, overrides: Partial<MailSettings> = {}): MailService {
  const settings = { ...mailSettingsFromEnv(), ...overrides };
  const outbox = bound(model, 'mailOutbox');
  const mailer = new Mailer(db, settings, outbox);
  const queue = new AfterResponseQueue();
  queue.enqueue('Mascheramento delle mail precedenti', () => maskLegacyRows(db, outbox));
  return {
    mailer,
    queue,
    sendLater(label, compose) {
      queue.enqueue(label, async () => {
        const mail = await compose();
        if (mail) await mailer.deliver(mail);
      });
    },
    idle: () => queue.idle(),
    async close() {
      await queue.idle();
      mailer.close();
    },
  };
}

/**
 * Rows written before delivery status existed stored their text in clear, a temporary password included:
 * their text is replaced once, at start (idempotent: only rows without a status).
 */
export const LEGACY_TEXT = 'Testo non conservato: la mail poteva contenere una password';

async function maskLegacyRows(db: Knex, outbox: BoundEntity<'mailOutbox'>): Promise<void> {
  await db(outbox.entity.table).whereNull(outbox.column('status'))
    .update(outbox.columns({ body: LEGACY_TEXT, status: SEND_STATUS.notSent, outcome: 'Registrata prima della consegna via SMTP' }));
}
