/**
 * The merchant's profile as a PDF (seed 001 §2 "profile (... PDF downloads)"; spec/profilo/operazioni-profilo.yaml):
 * what /wpbusiness/profilo/datiPersonali shows, read as the caller (its data scope: another merchant is 404, an
 * operator lists its assigned stores only), written by pdfkit (server/files/text-pdf.ts). The headings are ours.
 */
import { textOf } from '../../../common/text.js';
import { textPdf } from '../../files/text-pdf.js';
import { callerIn, type DomainHandler } from '../handler.js';

const PROFILE = 'ProfiloEsercente';
const STORE = 'ProfiloNegozio';

const line = (label: string, value: unknown) => `${`${label}:`.padEnd(38)} ${value === null || value === undefined || value === '' ? '-' : textOf(value)}`;

export const profiloPdf: DomainHandler = async (ctx) => {
  const caller = callerIn(ctx);
  const profile = await ctx.service(PROFILE).get({ codEser: ctx.params.codEser }, caller);
  const stores = (await ctx.service(STORE).listAll(caller, { codEser: profile.codEser }))
    .sort((a, b) => textOf(a.pdvid).localeCompare(textOf(b.pdvid), 'it', { numeric: true }));
  const lines = [
    'ESERCENTE',
    line('Codice esercente', profile.codEser),
    line('Ragione sociale', profile.ds),
    line('Banca', profile.codAbi),
    line('Partita IVA', profile.pivaEser),
    line('Codice fiscale', profile.codFiscaleEser),
    line('IBAN', profile.iban),
    '',
    'SEDE E CONTATTI',
    line('Indirizzo', profile.indirizzoEser),
    line('CAP', profile.cap),
    line('Provincia', profile.provincia),
    line('Telefono', profile.telefono),
    line('E-mail', profile.email),
    '',
    'FATTURAZIONE ELETTRONICA',
    line('PEC per la fatturazione elettronica', profile.pec),
    line('Codice destinatario SDI', profile.codiceSdi),
    '',
    `NEGOZI (${String(stores.length)})`,
    ...stores.flatMap((s) => [
      '',
      `${textOf(s.pdvid)} - ${textOf(s.insegna)}`,
      line('  Indirizzo', [s.addr, s.numeroCivico].filter(Boolean).map(textOf).join(' ')),
      line('  Località', [s.cap, s.localita, s.provincia ? `(${textOf(s.provincia)})` : ''].filter(Boolean).map(textOf).join(' ')),
      line('  Telefono', s.telefono),
      line('  E-mail', s.email),
    ]),
  ];
  const bytes = await textPdf(`Dati personali - ${textOf(profile.ds)}`, lines);
  return { name: `profilo-${textOf(profile.codEser)}.pdf`, bytes };
};
