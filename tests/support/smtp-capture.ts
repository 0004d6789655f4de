/**
 * A real SMTP server for a test (smtp-server, on a free port of 127.0.0.1, no TLS, no auth): the app sends
 * to it through nodemailer as it would to the bank's mail relay, and mailparser reads what arrived.
 * `hold()` keeps the next deliveries waiting (the server does not accept the data) until `release()`.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { listeningPort } from './listening-port.js';

export interface SmtpCapture {
  url: string;
  messages: ParsedMail[];
  hold(): void;
  release(): void;
  /** Deliveries the server is holding right now (their data arrived, not yet accepted). */
  held(): number;
  /** The last mail to `address`, once `idle` (the app's mailIdle) says every queued mail went out. */
  lastMailTo(address: string, idle: () => Promise<void>): Promise<ParsedMail>;
  /** The temporary password in the last mail to `address` that carries one. */
  passwordSentTo(address: string): string;
  close(): Promise<void>;
}

/** `port`: a chosen one (a browser test names it to its server before it starts); a free one by default. */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const messages: ParsedMail[] = [];
  let gate: { promise: Promise<void>; open: () => void } | undefined;
  let holding = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(async (mail) => {
        if (gate) {
          holding++;
          await gate.promise;
          holding--;
        }
        messages.push(mail);
        callback();
      }, (error: unknown) => { callback(error instanceof Error ? error : new Error(String(error))); });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const listening = listeningPort(server.server);
  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    hold() {
      let open!: () => void;
      gate = { promise: new Promise<void>((resolve) => { open = resolve; }), open };
    },
    release() {
      gate?.open();
      gate = undefined;
    },
    held: () => holding,
    async lastMailTo(address, idle) {
      await idle();
      const mail = [...messages].reverse().find((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '') === address);
      if (!mail) throw new Error(`no mail reached ${address}`);
      return mail;
    },
    passwordSentTo(address) {
      // The last mail to `address` that carries a password (a new merchant user also gets its confirmation link).
      const to = (m: ParsedMail) => (m.to && !Array.isArray(m.to) ? m.to.text : '') === address;
      const mails = [...messages].reverse().filter(to);
      if (!mails.length) throw new Error(`no mail arrived for ${address}`);
      const match = mails.map((m) => /password (?:temporanea|provvisoria) è: (\S+)/.exec(m.text ?? '')).find((m) => m !== null);
      if (!match) throw new Error(`no password in the mails to ${address}`);
      return match[1];
    },
    close: () => new Promise<void>((resolve) => { gate?.open(); server.close(() => resolve()); }),
  };
}
