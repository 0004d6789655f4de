/**
 * A new pay-by-mail request (spec/pwmail/pagamento-mail.yaml; seed 002 §3, §5, §9), what the spec cannot say:
 * - the amount typed in euro has at most 2 decimals and is kept as integer cents too (`amount`, seed 002 §5);
 * - the request is dated today (Italian calendar) and gets its payment link (configuration PWM.LINK_BASE_URL
 *   followed by its id), waiting for the gateway (rc null);
 * - sent by EMAIL, a mail leaves through the mail outbox once the save has committed, opening with the
 *   merchant's text in the chosen language (MessaggioMail) followed by the payment's details and the link, and
 *   carrying the request's attachment (seed 002 §5) when the create brought it (docs/spec-language.md#files: a
 *   file with the create), so the customer receives it with the link.
 * An update stores only the attachment: the hook leaves it alone.
 */
import { romeToday } from '../../../common/search-period.js';
import { textOf } from '../../../common/text.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthRuntime } from '../auth/runtime.js';
import type { EntityHooks, SaveContext } from '../hooks.js';
import type { OutgoingMail } from '../../mail/index.js';
import { randomUUID } from 'node:crypto';

// Ours, to confirm: the seed quotes no message for these refusals.
export const TOO_MANY_DECIMALS = "L'importo può avere al massimo 2 decimali";

/** The mail's fixed wording per language (seed 002 §9 languages); the merchant's own text opens it. Ours. */
const WORDING: Record<string, { subject: string; amount: string; description: string; notes: string; pay: string; fallback: string }> = {
  IT: { subject: 'Richiesta di pagamento da {esercente}', amount: 'Importo', description: 'Descrizione', notes: 'Note', pay: 'Per pagare apra il link', fallback: 'Gentile cliente,\nle inviamo la richiesta di pagamento qui riportata.' },
  EN: { subject: 'Payment request from {esercente}', amount: 'Amount', description: 'Description', notes: 'Notes', pay: 'To pay, open the link', fallback: 'Dear customer,\nplease find below our payment request.' },
  DE: { subject: 'Zahlungsaufforderung von {esercente}', amount: 'Betrag', description: 'Beschreibung', notes: 'Anmerkungen', pay: 'Zum Bezahlen öffnen Sie den Link', fallback: 'Sehr geehrter Kunde,\nanbei unsere Zahlungsaufforderung.' },
  ES: { subject: 'Solicitud de pago de {esercente}', amount: 'Importe', description: 'Descripción', notes: 'Notas', pay: 'Para pagar, abra el enlace', fallback: 'Estimado cliente,\nle enviamos la siguiente solicitud de pago.' },
  FR: { subject: 'Demande de paiement de {esercente}', amount: 'Montant', description: 'Description', notes: 'Notes', pay: 'Pour payer, ouvrez le lien', fallback: 'Cher client,\nvoici notre demande de paiement.' },
};

const euro = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });

/** Whether a typed amount has more than 2 decimals (12.345): the gateway takes whole cents. */
function overTwoDecimals(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : textOf(value ?? '');
  const [, decimals = ''] = text.split('.');
  return /e-/i.test(text) || decimals.replace(/0+$/, '').length > 2;
}

export function pagamentoMailHooks(auth: AuthRuntime): EntityHooks {
  return {
    async beforeSave({ afterCommit, caller, row, body, creating, config, service, entity }) {
      if ('importo' in body && overTwoDecimals(body.importo)) throw new ApiError('VALIDATION_ERROR', [{ field: 'importo', message: TOO_MANY_DECIMALS }]);
      row.amount = Math.round(Number(row.importo) * 100);
      if (!caller) return; // demo rows come with their date, link and outcome
      // An update only stores the attachment (every other field is fixed by its writableWhen): nothing to send again.
      if (!creating) return;
      // Seed 002 §5: "attachment only for send type EMAIL"; the form hides the field otherwise (its hiddenWhen).
      if (row.allegato && row.tipoInvio !== 'EMAIL') {
        const message = entity.fields.find((f) => f.name === 'allegato')?.messages.hiddenWhen ?? '';
        throw new ApiError('VALIDATION_ERROR', [{ field: 'allegato', message }]);
      }
      row.tid ??= randomUUID();
      row.dataRichiesta = romeToday();
      row.linkUrl = `${(await config('PWM.LINK_BASE_URL')).replace(/\/+$/, '')}/${textOf(row.tid)}`;
      if (row.tipoInvio !== 'EMAIL' || !row.destinatario) return;
      const request = { ...row };
      const sender = { username: caller.username, group: caller.group };
      afterCommit(() => auth.mail.sendLater('Invio della richiesta pay by mail', () => requestMail(service, request, sender)));
    },
  };
}

/** The request's mail, composed once the request exists for good. */
async function requestMail(service: SaveContext['service'], request: Record<string, unknown>, sender: { username: string; group: string }): Promise<OutgoingMail> {
  const lingua = textOf(request.linguaInvio ?? 'IT');
  const words = WORDING[lingua] ?? WORDING.IT;
  // Internal reads (no caller): the merchant's own text for the language, and the store's sign.
  const message = (await service('MessaggioMail').listAll(undefined, { codAbi: request.codAbi, codEsercente: request.codEsercente, lingua })).at(0);
  const store = (await service('Negozio').listAll(undefined, { pdvid: textOf(request.shopId) })).at(0);
  const esercente = textOf(store?.insegna ?? request.codEsercente);
  const attached = request.allegato ? await service('PagamentoMail').readFile(textOf(request.allegato)) : undefined;
  const lines = [
    textOf(message?.messaggioMail ?? words.fallback),
    '',
    `${words.description}: ${textOf(request.descrizione)}`,
    `${words.amount}: ${euro.format(Number(request.importo))} EUR`,
    ...(request.note ? [`${words.notes}: ${textOf(request.note)}`] : []),
    '',
    `${words.pay}: ${textOf(request.linkUrl)}`,
    '',
    esercente,
  ];
  return {
    to: textOf(request.destinatario),
    subject: words.subject.replace('{esercente}', esercente),
    // No secret here: braces the merchant typed must not read as a placeholder of the mail component.
    text: { template: lines.join('\n').replace(/\{\{/g, '{ {'), secrets: {} },
    outboxColumns: { username: sender.username, group: sender.group, cab: null },
    ...(attached ? { attachments: [{ filename: attached.name, contentType: attached.contentType, content: attached.bytes }] } : {}),
  };
}
