/**
 * Account confirmation and self-registration of the business portal's users (seed 000 §2 /wpbusiness/accountConfirm,
 * §4 confirmation status 0/1/-1/-2, §7 merchant/registrazione and "Account confirmation by guid returns merchant
 * data"; seed 002 §5 the registration message). Handlers of spec/sicurezza/operazioni-conferma-account.yaml.
 *
 * - A new merchant user (created by the bank, by the merchant's administrator, or self-registered) gets a link
 *   `<PUBLIC_URL>/wpbusiness/accountConfirm#guid=<guid>` by mail, after the save has committed: 32 random bytes,
 *   kept only as their SHA-256 (table conferma_account), valid ACCOUNT_CONFIRM_VALID_HOURS, used once. The guid is
 *   a secret of the mail (masked in the outbox), after '#' in the link (never sent to a server by the browser)
 *   and in the confirmation's body (never in an address a log could keep).
 * - Confirming takes the link with one conditional UPDATE (unused, unexpired): of two requests with one link,
 *   one wins. A user without a password yet (self-registered) then gets its first password by mail.
 * - A registration is answered from its data alone: right data (merchant code, bank, VAT number or tax code, last
 *   4 IBAN digits, an e-mail of the merchant's record or of one of its stores) 'Registrazione effettuata con
 *   successo', anything else the seed's one message, whichever field was wrong. The user, its group and the mail
 *   are made after the answer, so the answer's time does not depend on what exists. Each request counts for the
 *   client address with the wrong passwords (the login's limiter) and for the merchant code with the public
 *   resets (3 an hour), whatever the data, so a limit reached says nothing about them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ApiError } from '../../http/api-error.js';
import { clientAddress } from '../../http/client-address.js';
import type { OutgoingMail } from '../../mail/index.js';
import type { DomainHandler } from '../handler.js';
import type { MailRecipient } from './mails.js';
import type { AuthRuntime } from './runtime.js';
import { mailFirstPassword } from './temporary-passwords.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** The business portal's role of a merchant's administrator (spec/demo/07-ruoli.yaml ROLE_WPB, seed 002 §3 MERCHANT). */
const ADMIN_ROLE = 'ROLE_WPB';

/** Where the mailed links point: PUBLIC_URL (the address users open), else this server on localhost. */
export function publicUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_URL || `http://localhost:${env.PORT ?? '3000'}`).replace(/\/+$/, '');
}

/** Creates a link for `to` now and mails it after the answer. */
export function mailConfirmationLater(auth: AuthRuntime, to: MailRecipient): void {
  auth.mail.sendLater("Invio del collegamento di conferma dell'utenza", () => confirmationMail(auth, to));
}

async function confirmationMail({ db, limits, mails }: AuthRuntime, to: MailRecipient): Promise<OutgoingMail | undefined> {
  // Deleted meanwhile: no link and no mail.
  if (!await db('utente').where({ username: to.username }).first('username')) return undefined;
  const guid = randomBytes(32).toString('base64url');
  const now = new Date();
  await db('conferma_account').where('expires_at', '<', now.toISOString()).delete();
  await db('conferma_account').insert({
    hash: sha256(guid), username: to.username, created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + limits.confirmValidHours * 3600_000).toISOString(), used_at: null,
  });
  const template = mails.confermaAccount;
  const values: Record<string, string> = { username: to.username, ore: String(limits.confirmValidHours) };
  const fill = (text: string) => text.replace(/(?<!\{)\{(\w+)\}(?!\})/g, (whole, name: string) => values[name] ?? whole);
  return {
    to: to.email,
    subject: fill(template.subject),
    text: { template: fill(template.text), secrets: { link: `${publicUrlFromEnv()}/wpbusiness/accountConfirm#guid=${guid}` } },
    outboxColumns: { username: to.username, group: to.group, cab: to.cab ?? null },
  };
}

/** A merchant group is '<bank>-<merchant code>' (seed 000 §6) of group type M. */
async function merchantOfGroup(db: Knex, group: string): Promise<{ codAbi: string; codEser: string } | undefined> {
  const row = await db('gruppo').where({ group_name: group, group_type: 'M' }).first<{ group_name: string } | undefined>('group_name');
  const match = row ? /^(\d{5})-(.+)$/.exec(row.group_name) : null;
  return match ? { codAbi: match[1], codEser: match[2] } : undefined;
}

export const isMerchantGroup = async (db: Knex, group: string) => (await merchantOfGroup(db, group)) !== undefined;

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

export function createAccountConfirmationHandlers(auth: AuthRuntime): Record<string, DomainHandler> {
  const { db } = auth;

  const accountConfirm: DomainHandler = async ({ body }) => {
    const address = clientAddress();
    await auth.throttle.assertionAttempt(address);
    const hash = sha256(String(body.guid));
    const now = new Date().toISOString();
    const link = await db('conferma_account').where({ hash }).first<{ username: string; expires_at: unknown; used_at: unknown } | undefined>();
    if (!link || link.used_at) throw new ApiError('LINK_INVALID');
    const expiresAt = link.expires_at instanceof Date ? link.expires_at : new Date(String(link.expires_at));
    if (expiresAt.getTime() <= Date.now()) throw new ApiError('LINK_EXPIRED');
    // One conditional update: of two requests with the same link, one wins.
    const taken = await db('conferma_account').where({ hash }).whereNull('used_at').where('expires_at', '>', now).update({ used_at: now });
    if (taken !== 1) throw new ApiError('LINK_INVALID');
    const user = await db('utente').where({ username: link.username }).first<{ username: string; email: string | null; group: string; cab: string | null } | undefined>('username', 'email', 'group', 'cab');
    const merchant = user ? await merchantOfGroup(db, user.group) : undefined;
    if (!user || !merchant) throw new ApiError('LINK_INVALID');
    await auth.throttle.assertionSucceeded(address);
    const esercente = await db('esercente').where({ cod_eser: merchant.codEser }).first<{ ds: string | null } | undefined>('ds');
    const banca = await db('banca').where({ cod_abi: merchant.codAbi }).first<{ nome_bcc: string | null } | undefined>('nome_bcc');
    // A self-registered user has no password yet: the first one goes to its e-mail now.
    const hasPassword = (await db('credenziale').where({ username: user.username }).first<{ username: string } | undefined>('username')) !== undefined;
    if (!hasPassword && user.email) mailFirstPassword(auth, { username: user.username, email: user.email, group: user.group, cab: user.cab });
    return {
      stato: 1, username: user.username, codEsercente: merchant.codEser, codAbi: merchant.codAbi,
      ...(esercente?.ds ? { ragioneSociale: esercente.ds } : {}), ...(banca?.nome_bcc ? { nomeBanca: banca.nome_bcc } : {}),
      passwordInviata: !hasPassword && Boolean(user.email),
    };
  };

  const merchantRegistration: DomainHandler = async ({ body, operation }) => {
    const address = clientAddress();
    const codEser = String(body.codEsercente).trim();
    // Whatever the data: the address's count with the wrong passwords, the merchant code's with the resets.
    await auth.throttle.assertionAttempt(address);
    await auth.throttle.resetRequested(`registrazione:${codEser}`, address);
    const codAbi = String(body.codAbi);
    const taxId = String(body.pivaCodFiscale).trim().toUpperCase();
    const email = lower(body.email);
    const iban = String(body.ultimeCifreIban);
    const wrong = () => new ApiError('REGISTRATION_REFUSED');
    const merchant = await db('esercente').where({ cod_eser: codEser, cod_abi: codAbi })
      .first<{ piva_eser: string | null; cod_fiscale_eser: string | null; iban: string | null; email: string | null; cab: string | null } | undefined>('piva_eser', 'cod_fiscale_eser', 'iban', 'email', 'cab');
    const stores = await db('negozio').where({ cod_eser: codEser, abi: codAbi }).select<{ iban: string | null; email: string | null }[]>('iban', 'email');
    const taxMatches = merchant !== undefined && [merchant.piva_eser, merchant.cod_fiscale_eser].some((v) => typeof v === 'string' && v.toUpperCase() === taxId);
    const ibans = [merchant?.iban, ...stores.map((s) => s.iban)].filter((v): v is string => typeof v === 'string');
    const emails = [merchant?.email, ...stores.map((s) => s.email)].map(lower).filter(Boolean);
    if (!merchant || !taxMatches || !ibans.some((v) => v.replace(/\s/g, '').endsWith(iban)) || !emails.includes(email)) throw wrong();
    await auth.throttle.assertionSucceeded(address);
    const group = `${codAbi}-${codEser}`;
    auth.mail.sendLater("Registrazione dell'esercente", async () => {
      const existing = await db('utente').where({ username: email }).first<{ group: string } | undefined>('group');
      // The e-mail is another user's login (of another merchant or a bank), or too long for one: nothing is made or sent.
      if ((existing && existing.group !== group) || email.length > 100) return undefined;
      if (!existing) {
        await db.transaction(async (trx) => {
          if (!await trx('gruppo').where({ group_name: group }).first('group_name')) {
            await trx('gruppo').insert({ group_name: group, description: `Esercente ${codEser}`, group_type: 'M', parent_group: codAbi });
          }
          // Its administrator, as the bank would create it (seed 000 §7 "Merchant users" insert), without a password
          // until the link is confirmed.
          await trx('utente').insert({ username: email, full_name: null, email, group, locked: false, enabled: true });
          await trx('utente_ruolo').insert({ username: email, role_name: ADMIN_ROLE });
        });
      }
      return confirmationMail(auth, { username: email, email, group, cab: null });
    });
    return { message: operation.successMessage };
  };

  return { accountConfirm, merchantRegistration };
}
