/**
 * Issue 16: the identifier formats (common/named-formats.ts) judged on generated values, not only on the
 * handful of tests/support/format-samples.ts. The values are built here by the textbook rules, written anew in
 * this file (the check letter of a codice fiscale, the partita IVA's check digit, the Italian CIN), with the
 * IBAN's mod-97 check digits from ibantools; each valid value is then spoiled in one place and must fail. A
 * seeded generator keeps every run on the same values, so a failure names a value that reproduces.
 */
import { composeIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../common/named-formats.js';

const COUNT = 400;

/** A small seeded generator (mulberry32): the same values on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (next: () => number, chars: string, n: number) => Array.from({ length: n }, () => chars[Math.floor(next() * chars.length)]).join('');
const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// The odd-position weights of digits 0-9 and letters A-Z, shared by the codice fiscale and the CIN.
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
/** The characters of an ASCII text (the values here are digits and capital letters only). */
const charsOf = (text: string) => Array.from({ length: text.length }, (_, i) => text.charAt(i));
const indexOf = (c: string) => (/[0-9]/.test(c) ? Number(c) : c.charCodeAt(0) - 65);
/** Positions 1, 3, 5... weigh by ODD, the others by their index; the letter is the sum modulo 26. */
const checkLetter = (text: string) => String.fromCharCode(65 + (charsOf(text).reduce((sum, c, i) => sum + (i % 2 === 0 ? ODD[indexOf(c)] : indexOf(c)), 0) % 26));
/** Another letter than `letter`. */
const otherLetter = (next: () => number, letter: string) => LETTERS[(LETTERS.indexOf(letter) + 1 + Math.floor(next() * 25)) % 26];

function partitaIva(next: () => number): string {
  // Seven digits of the holder, then the province office, 001 to 100.
  const body = pick(next, DIGITS, 7) + String(1 + Math.floor(next() * 100)).padStart(3, '0');
  const sum = charsOf(body).reduce((s, c, i) => {
    const d = Number(c);
    return s + (i % 2 === 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2);
  }, 0);
  return body + String((10 - (sum % 10)) % 10);
}

const OMOCODIA = 'LMNPQRSTUV';
function codiceFiscale(next: () => number, omocodic: boolean): string {
  const day = 1 + Math.floor(next() * 28) + (next() < 0.5 ? 40 : 0);
  let body = pick(next, LETTERS, 6) + pick(next, DIGITS, 2) + pick(next, 'ABCDEHLMPRST', 1) + String(day).padStart(2, '0')
    + pick(next, 'ABCDEFGHILM', 1) + pick(next, DIGITS, 3);
  // Omocodia: the office replaces digits from the right with letters when two people would share a code.
  if (omocodic) for (const at of [14, 13, 12]) body = body.slice(0, at) + OMOCODIA[Number(body[at])] + body.slice(at + 1);
  return body + checkLetter(body);
}

function italianIban(next: () => number): string {
  const rest = pick(next, DIGITS, 10) + pick(next, DIGITS + LETTERS, 12);
  const iban = composeIBAN({ countryCode: 'IT', bban: checkLetter(rest) + rest });
  if (!iban) throw new Error(`ibantools composed no IBAN for ${rest}`);
  return iban;
}

describe('identifier formats on generated values (issue 16)', () => {
  it(`partita IVA: ${COUNT} generated ones pass; each with another check digit fails`, () => {
    const next = random(16);
    for (let i = 0; i < COUNT; i++) {
      const value = partitaIva(next);
      expect(formatProblem('partitaIva', value), value).toBeUndefined();
      expect(formatProblem('codiceFiscale', value), value).toBeUndefined();   // a company's tax code is its VAT number
      const wrong = value.slice(0, 10) + String((Number(value[10]) + 1 + Math.floor(next() * 9)) % 10);
      expect(formatProblem('partitaIva', wrong), wrong).toBe('invalid');
    }
  });

  it(`codice fiscale: ${COUNT} generated ones pass, half of them omocodic; each with another check letter fails`, () => {
    const next = random(1616);
    for (let i = 0; i < COUNT; i++) {
      const value = codiceFiscale(next, i % 2 === 1);
      expect(formatProblem('codiceFiscale', value), value).toBeUndefined();
      const wrong = value.slice(0, 15) + otherLetter(next, value[15]);
      expect(formatProblem('codiceFiscale', wrong), wrong).toBe('invalid');
    }
  });

  it(`IBAN: ${COUNT} generated Italian ones pass; another CIN letter is "cin" (BBAN non valido), other check digits "invalid"`, () => {
    const next = random(161616);
    for (let i = 0; i < COUNT; i++) {
      const value = italianIban(next);
      expect(formatProblem('iban', value), value).toBeUndefined();
      const wrongCin = value.slice(0, 4) + otherLetter(next, value[4]) + value.slice(5);
      // Its mod-97 digits no longer match either: the CIN is what the message names (seed 001 §5).
      expect(formatProblem('iban', composeIBAN({ countryCode: 'IT', bban: wrongCin.slice(4) }) ?? ''), wrongCin).toBe('cin');
      const digits = (Number(value.slice(2, 4)) + 1 + Math.floor(next() * 90)) % 97;
      const wrongDigits = `IT${String(Math.max(digits, 2)).padStart(2, '0')}${value.slice(4)}`;
      if (wrongDigits !== value) expect(formatProblem('iban', wrongDigits), wrongDigits).toBe('invalid');
    }
  });
});
