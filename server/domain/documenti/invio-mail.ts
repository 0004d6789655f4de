/**
 * Send a document by mail (seed 002 §7 "Downloads": "send contract by mail. Debit letters: find, download, send by
 * mail"; spec/documenti/operazioni-invio-mail.yaml). Two operations per document, on its row's path:
 * - GET `.../{id}/invioMail`: the address the form starts from, the merchant's e-mail (empty when it has none);
 * - POST `.../{id}/invioMail` `{ email }`: the document's PDF leaves as the attachment of a mail to that address,
 *   through the platform's mail component (recorded in the mail outbox, then sent over SMTP after the answer).
 * The row is read as the caller (its data scope: another merchant's document, or an operator's other store's, is
 * 404 as if missing). A document searched by period keeps its period's latest end (seed 002 §5: the debit letters'
 * "end date is limited to the start of the previous month"): a later one is refused with that period's message.
 */
import { latestEndOf, periodRefusal, romeToday } from '../../../common/search-period.js';
import { textOf } from '../../../common/text.js';
import { ApiError } from '../../http/api-error.js';
import { named } from '../../lookup.js';
import type { AuthRuntime } from '../auth/runtime.js';
import { callerIn, operationMessage, type DomainContext, type DomainHandler } from '../handler.js';
import type { Row } from '../../crud/row-mapping.js';

interface DocumentMail {
  /** The document's entity and its file field (the PDF). */
  entity: string;
  file: string;
  /** The field of the document holding the merchant (Esercente's key), whose e-mail is the default recipient. */
  merchant: string;
  /** The mail's subject and opening line for this row (ours, in Italian). */
  subject: (row: Row) => string;
  text: (row: Row) => string;
}

const MERCHANT = 'Esercente';

const italianDate = (value: unknown): string => {
  const [y, m, d] = textOf(value).slice(0, 10).split('-');
  return d && m && y ? `${d}/${m}/${y}` : textOf(value);
};
const monthOf = (value: unknown): string => {
  const [y, m] = textOf(value).split('-');
  return m && y ? `${m}/${y}` : textOf(value);
};

/** The document as the caller may read it, refused when its period does not allow it yet. */
async function readableDocument(ctx: DomainContext, doc: DocumentMail): Promise<Row> {
  const row = await ctx.service(doc.entity).get({ id: ctx.params.id }, callerIn(ctx));
  const entity = named(ctx.model.entities, doc.entity, 'Entities');
  const { period } = entity.api;
  const field = period ? entity.fields.find((f) => `${f.filterParam}Da` === period.from) : undefined;
  if (period && field && latestEndOf(period, romeToday()) !== undefined) {
    const date = textOf(row[field.name]).slice(0, 10);
    const refusal = periodRefusal(period, date, date);
    // Not sendable yet (409, as an action in the wrong state), in the period's own words.
    if (refusal?.param === period.to) {
      const early = new ApiError('INVALID_TRANSITION');
      early.errorMessage = refusal.message;
      throw early;
    }
  }
  return row;
}

async function merchantEmail(ctx: DomainContext, row: Row, doc: DocumentMail): Promise<string> {
  // An internal read (no caller): the document already proved the caller may see this merchant's papers.
  const merchant = await ctx.service(MERCHANT).find({ codEser: row[doc.merchant] });
  return merchant?.email ? textOf(merchant.email) : '';
}

function documentMailHandlers(auth: AuthRuntime, doc: DocumentMail): { recipient: DomainHandler; send: DomainHandler } {
  return {
    async recipient(ctx) {
      const row = await readableDocument(ctx, doc);
      return { email: await merchantEmail(ctx, row, doc) };
    },
    async send(ctx) {
      const caller = callerIn(ctx);
      const row = await readableDocument(ctx, doc);
      const service = ctx.service(doc.entity);
      const stored = row[doc.file] ? await service.files?.read(service.db, textOf(row[doc.file])) : undefined;
      if (!stored) {
        const missing = new ApiError('FILE_NOT_FOUND');
        missing.errorMessage = operationMessage(ctx.operation, 'noFile');
        throw missing;
      }
      const to = textOf(ctx.body.email).trim();
      const attachment = { filename: stored.meta.name, contentType: stored.meta.contentType, content: stored.bytes };
      // The outbox row is the sender's: its group and, for a branch user, its branch (Sicurezza > Mail inviate).
      const outboxColumns = { username: caller.username, group: caller.group, cab: caller.cab ?? null };
      const lines = [doc.text(row), '', `In allegato: ${stored.meta.name}`, '', `Inviata da ${caller.username} tramite WebPOS.`];
      // Braces in a document's data must not read as a placeholder of the mail component.
      const text = { template: lines.join('\n').replace(/\{\{/g, '{ {'), secrets: {} };
      auth.mail.sendLater('Invio del documento per e-mail', () => Promise.resolve({ to, subject: doc.subject(row), text, outboxColumns, attachments: [attachment] }));
      return { message: (ctx.operation.successMessage ?? '{email}').replace('{email}', to) };
    },
  };
}

/**
 * The contract (spec/documenti/contratto-esercente.yaml, and the bank's view of it spec/download/download-contratti.yaml)
 * and the debit letter (lettera-addebito.yaml). Ours: the texts.
 */
export function createDocumentMailHandlers(auth: AuthRuntime): Record<string, DomainHandler> {
  const contractMail = {
    file: 'documento', merchant: 'codEser',
    subject: (row: Row) => `Contratto n. ${textOf(row.numContratto)}`,
    text: (row: Row) => `Gentile cliente,\nle inviamo in allegato il contratto n. ${textOf(row.numContratto)} stipulato il ${italianDate(row.dataStipula)}.`,
  };
  const contract = documentMailHandlers(auth, { entity: 'ContrattoEsercente', ...contractMail });
  // The bank's side of the same contracts (spec/download/download-contratti.yaml): read through its view, in its scope.
  const download = documentMailHandlers(auth, { entity: 'DownloadContratto', ...contractMail });
  const letter = documentMailHandlers(auth, {
    entity: 'LetteraAddebito', file: 'documento', merchant: 'codEsercente',
    subject: (row) => `Lettera di addebito di ${monthOf(row.dataRiferimento)}`,
    text: (row) => `Gentile cliente,\nle inviamo in allegato la lettera di addebito di ${monthOf(row.dataRiferimento)} del negozio ${textOf(row.codNegozio)}.`,
  });
  return {
    destinatarioMailContratto: contract.recipient,
    invioMailContratto: contract.send,
    destinatarioMailDownloadContratto: download.recipient,
    invioMailDownloadContratto: download.send,
    destinatarioMailLettera: letter.recipient,
    invioMailLettera: letter.send,
  };
}
