/** Mail settings from the environment (README: SMTP_URL, MAIL_FROM). */
export interface MailSettings {
  /** smtp://user:pass@host:587 or smtps://...; null: mails are recorded as not sent. */
  smtpUrl: string | null;
  from: string;
}

export const DEFAULT_MAIL_FROM = 'WebPOS <noreply@webpos.local>';

export function mailSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): MailSettings {
  return { smtpUrl: env.SMTP_URL || null, from: env.MAIL_FROM || DEFAULT_MAIL_FROM };
}
