/**
 * The SMTP server a browser test file's mails go to (tests/support/smtp-capture.ts). The file's server starts
 * with the file's first test, before its beforeAll hooks, and reads SMTP_URL from the environment it inherits:
 * so the address is set when the file loads, on a port of this worker process (one file at a time runs in
 * it; the workers running together have different pids), and the capture starts listening in beforeAll.
 * Each mail file used to pick its own port range, and two of those ranges overlapped.
 */
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { expect, test } from './fixtures';

export interface MailCapture {
  /** Every mail received so far. */
  messages: () => ParsedMail[];
  /** The first mail to `address`, waiting for it to arrive. */
  mailTo: (address: string) => Promise<ParsedMail>;
}

export function captureMails(): MailCapture {
  const port = 40_000 + (process.pid % 20_000);
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  let smtp: SmtpCapture | undefined;
  test.beforeAll(async () => {
    smtp = await startSmtpCapture(port);
  });
  test.afterAll(async () => {
    delete process.env.SMTP_URL;
    await smtp?.close();
  });
  const messages = () => smtp?.messages ?? [];
  const to = (address: string) => messages().find((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '') === address);
  return {
    messages,
    mailTo: async (address) => {
      await expect.poll(() => to(address) !== undefined, { message: `a mail to ${address}` }).toBe(true);
      const mail = to(address);
      if (!mail) throw new Error(`no mail to ${address}`);
      return mail;
    },
  };
}
