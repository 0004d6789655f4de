/**
 * Values of each named format (common/named-formats.ts) for tests: valid ones, and invalid ones with the
 * reason the check gives. Checked against the registry by tests/common/named-formats.test.ts.
 */
import type { FormatReason, NamedFormat } from '../../common/named-formats.js';

export const VALID_SAMPLES: Record<NamedFormat, string[]> = {
  // The textbook Italian IBAN; San Marino's (same layout and check letter); a German one, taken as it is.
  iban: ['IT60X0542811101000000123456', 'SM86U0322509800000000270100', 'DE89370400440532013000'],
  // A person's code, its omocodic variant (digits replaced by letters), a company's 11 digits.
  codiceFiscale: ['RSSMRA85T10A562S', 'RSSMRAURTMLARSNL', '00743110157'],
  partitaIva: ['00743110157', '12345670017'],
  cap: ['20121', '00118'],
  provincia: ['MI', 'RM', 'SU', 'EE'],
  mese: ['2026-07', '2015-02', '2099-12'],
};

export const INVALID_SAMPLES: { [F in NamedFormat]: [string, FormatReason<F>][] } = {
  iban: [
    ['IT60Y0542811101000000123456', 'cin'],          // the check letter of another account
    ['IT61X0542811101000000123456', 'invalid'],      // mod-97
    ['IT60X054281110100000012345', 'invalid'],       // 26 characters
    ['it60x0542811101000000123456', 'invalid'],      // lower case
    ['GB82WEST12345698765432', 'invalid'],           // not in parts 2, 2, 1, 5, 5, 12
  ],
  codiceFiscale: [['RSSMRA85T10A562X', 'invalid'], ['rssmra85t10a562s', 'invalid'], ['00743110158', 'invalid'], ['RSSMRA85T10A562', 'invalid']],
  partitaIva: [['00743110158', 'invalid'], ['0074311015', 'invalid'], ['IT00743110157', 'invalid']],
  cap: [['2012', 'invalid'], ['2012A', 'invalid'], ['201210', 'invalid']],
  provincia: [['XX', 'invalid'], ['mi', 'invalid'], ['MIL', 'invalid']],
  mese: [['2026-13', 'invalid'], ['2026-00', 'invalid'], ['2026-7', 'invalid'], ['07/2026', 'invalid'], ['2026-07-01', 'invalid']],
};
