/**
 * The named formats of the spec language (`format: iban` on a string field, docs/spec-language.md#named-formats):
 * one registry for every Ajv instance (the API's request check, the generator's demo-data check, the forms and
 * their build-time validators), so a value is judged alike wherever it is typed. Each check says why a value
 * fails, as a reason its message is chosen by (`BBAN non valido` for a wrong Italian check letter, seed 001 §5).
 *
 * The values are the stored ones: upper case, no spaces. Libraries do the arithmetic: ibantools (IBAN
 * structure and mod-97), stdnum (partita IVA and codice fiscale, omocodia included); only the Italian CIN
 * letter, which neither checks, is computed here.
 */
import { setCountryBBANValidation, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { validate as validCodiceFiscale } from 'stdnum/lib/cjs/it/codicefiscale.js';
import { validate as validPartitaIva } from 'stdnum/lib/cjs/it/iva.js';
import { ITALIAN_PROVINCES } from './italian-provinces.js';

/** `invalid` is every format's general failure; a format may name more precise ones. */
export const FORMAT_REASONS = {
  iban: ['invalid', 'cin'],
  codiceFiscale: ['invalid'],
  partitaIva: ['invalid'],
  cap: ['invalid'],
  provincia: ['invalid'],
  mese: ['invalid'],
} as const;

export type NamedFormat = keyof typeof FORMAT_REASONS;
export type FormatReason<F extends NamedFormat = NamedFormat> = (typeof FORMAT_REASONS)[F][number];

export function isNamedFormat(name: unknown): name is NamedFormat {
  return typeof name === 'string' && Object.hasOwn(FORMAT_REASONS, name);
}

// The 22 characters after the CIN (ABI, CAB, account) each weigh by position: odd positions (1st, 3rd...)
// through this table, even ones by their own value; digits and letters share the table by index.
const CIN_ODD_WEIGHTS = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function cinIndex(char: string): number {
  return /[0-9]/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
}

/** The Italian (and San Marino) national check letter of a BBAN's ABI + CAB + account. */
export function italianCin(abiCabAccount: string): string {
  let sum = 0;
  // ASCII only (the caller checked [A-Z0-9]): one character is one code unit.
  for (let i = 0; i < abiCabAccount.length; i++) {
    const index = cinIndex(abiCabAccount.charAt(i));
    sum += i % 2 === 0 ? CIN_ODD_WEIGHTS[index] : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

const italianBban = (bban: string) => /^[A-Z][0-9]{10}[A-Z0-9]{12}$/.test(bban) && bban[0] === italianCin(bban.slice(1));
// ibantools' own extension point: its IT and SM checks stop at the shape without this.
setCountryBBANValidation('IT', italianBban);
setCountryBBANValidation('SM', italianBban);

/** Seed 001 §5: 27 characters in parts 2, 2, 1, 5, 5, 12; a German IBAN is taken as it is. */
function ibanProblem(value: string): FormatReason<'iban'> | undefined {
  if (value.startsWith('DE')) return undefined;
  if (!/^[A-Z]{2}[0-9]{2}[A-Z][0-9]{10}[A-Z0-9]{12}$/.test(value)) return 'invalid';
  const result = validateIBAN(value);
  if (result.valid) return undefined;
  return result.errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum) ? 'cin' : 'invalid';
}

const CHECKS: { [F in NamedFormat]: (value: string) => FormatReason<F> | undefined } = {
  iban: ibanProblem,
  // 16 characters of a person (omocodia included), or the 11 digits of a company's partita IVA.
  codiceFiscale: (value) => {
    if (/^[0-9]{11}$/.test(value)) return validPartitaIva(value).isValid ? undefined : 'invalid';
    return /^[A-Z0-9]{16}$/.test(value) && validCodiceFiscale(value).isValid ? undefined : 'invalid';
  },
  partitaIva: (value) => (/^[0-9]{11}$/.test(value) && validPartitaIva(value).isValid ? undefined : 'invalid'),
  cap: (value) => (/^[0-9]{5}$/.test(value) ? undefined : 'invalid'),
  provincia: (value) => (ITALIAN_PROVINCES.has(value) ? undefined : 'invalid'),
  // A calendar month, yyyy-mm (seed 002 §9 month pickers): shown as "luglio 2026", picked from a month picker.
  mese: (value) => (/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(value) ? undefined : 'invalid'),
};

/** Why `value` is not of `format`, or undefined when it is. */
export function formatProblem(format: NamedFormat, value: string): FormatReason | undefined {
  return CHECKS[format](value);
}

/** Where a field's messages hold a reason's text: `format` for `invalid`, `format.<reason>` for the others. */
export type FormatMessageKey = `format.${Exclude<FormatReason, 'invalid'>}`;

export function formatMessageKey(reason: FormatReason): 'format' | FormatMessageKey {
  return reason === 'invalid' ? 'format' : `format.${reason}`;
}

/**
 * The message for a value Ajv refused by its format: the precise reason's when the field has one (a wrong
 * IBAN check letter), else the field's `format` message. `messages` is a field's resolved table.
 */
export function formatMessage(format: NamedFormat, value: unknown, messages: Partial<Record<string, string>>): string | undefined {
  const reason = typeof value === 'string' ? formatProblem(format, value) : undefined;
  return (reason ? messages[formatMessageKey(reason)] : undefined) ?? messages.format;
}

/**
 * The formats as Ajv takes them: `ajv.addFormat(name, check)`, Ajv's `formats` option, rjsf's customFormats.
 * A format given as a function applies to strings only, which is what these are for.
 */
export const AJV_NAMED_FORMATS: Record<NamedFormat, (value: string) => boolean> = {
  iban: (value) => formatProblem('iban', value) === undefined,
  codiceFiscale: (value) => formatProblem('codiceFiscale', value) === undefined,
  partitaIva: (value) => formatProblem('partitaIva', value) === undefined,
  cap: (value) => formatProblem('cap', value) === undefined,
  provincia: (value) => formatProblem('provincia', value) === undefined,
  mese: (value) => formatProblem('mese', value) === undefined,
};

/** Adds the named formats to an Ajv instance (any Ajv class: only `addFormat` is used). */
export function addNamedFormats<A extends { addFormat(name: string, format: (value: string) => boolean): unknown }>(ajv: A): A {
  for (const [name, check] of Object.entries(AJV_NAMED_FORMATS)) ajv.addFormat(name, check);
  return ajv;
}
