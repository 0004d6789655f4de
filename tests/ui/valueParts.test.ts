/**
 * The IBAN typed in parts (seed 001 §3, §9: 2, 2, 1, 5, 5, 12; docs/spec-language.md#a-value-typed-in-parts):
 * the pieces of a value, what a box does with a typed or pasted text, and which values are typed in one box.
 */
import { describe, expect, it } from 'vitest';
import { caretAfter, editPart, joinParts, splitValue, typedInParts } from '../../ui/src/core/valueParts';

const IBAN = [2, 2, 1, 5, 5, 12];
const GOOD = 'IT56X3048001600000000001234';
const empty = () => IBAN.map(() => '');

describe('splitValue and joinParts', () => {
  it('cut an Italian IBAN at 2, 2, 1, 5, 5, 12 and join it back unchanged', () => {
    expect(splitValue(GOOD, IBAN)).toEqual(['IT', '56', 'X', '30480', '01600', '000000001234']);
    expect(joinParts(splitValue(GOOD, IBAN))).toBe(GOOD);
  });
  it('leave the boxes a short value does not reach empty, and put an over-long tail in the last box', () => {
    expect(splitValue('IT5', IBAN)).toEqual(['IT', '5', '', '', '', '']);
    expect(splitValue('', IBAN)).toEqual(empty());
    expect(splitValue(`${GOOD}99`, IBAN).at(-1)).toBe('00000000123499');
  });
});

describe('editPart', () => {
  it('keeps a text that fits in its box, and moves on once the box is full', () => {
    expect(editPart(empty(), IBAN, 0, 'I')).toEqual({ parts: ['I', '', '', '', '', ''], focus: 0 });
    expect(editPart(['I', '', '', '', '', ''], IBAN, 0, 'IT')).toEqual({ parts: ['IT', '', '', '', '', ''], focus: 1 });
    expect(editPart(['IT', '56', '', '', '', ''], IBAN, 2, 'X').focus).toBe(3);
  });
  it('stays in a full box when a character is deleted from it, and in the last box when that is full', () => {
    expect(editPart(['IT', '56', 'X', '30480', '', ''], IBAN, 3, '3048').focus).toBe(3);
    expect(editPart(splitValue(GOOD.slice(0, -1), IBAN), IBAN, 5, '000000001234').focus).toBe(5);
  });
  it('splits a whole IBAN pasted into any box, with or without spaces', () => {
    const spaced = 'IT56 X304 8001 6000 0000 0001 234';
    for (const index of IBAN.keys()) {
      const edit = editPart(['IT', '60', 'X', '05428', '', ''], IBAN, index, spaced, true);
      expect(joinParts(edit.parts)).toBe(GOOD);
      expect(edit.focus).toBe(5);
    }
  });
  it('takes a shorter value pasted into the first box as the start of the value', () => {
    expect(editPart(['IT', '56', '', '', '', ''], IBAN, 0, 'DE89370400440532013000', true).parts).toEqual(['DE', '89', '3', '70400', '44053', '2013000']);
  });
  it('runs a longer piece on into the following boxes from the one it was typed in', () => {
    expect(editPart(['IT', '56', 'X', '', '', ''], IBAN, 3, '3048001600', true)).toEqual({ parts: ['IT', '56', 'X', '30480', '01600', ''], focus: 5 });
  });
});

describe('typedInParts and caretAfter', () => {
  it('shows an empty value and those of the prefixes in parts, any other in one box', () => {
    expect(typedInParts('', ['IT', 'SM'])).toBe(true);
    expect(typedInParts('I', ['IT', 'SM'])).toBe(true);
    expect(typedInParts(GOOD, ['IT', 'SM'])).toBe(true);
    expect(typedInParts('SM86U0322509800000000270100', ['IT', 'SM'])).toBe(true);
    expect(typedInParts('D', ['IT', 'SM'])).toBe(false);
    expect(typedInParts('DE89370400440532013000', ['IT', 'SM'])).toBe(false);
    expect(typedInParts('DE89370400440532013000', undefined)).toBe(true);
  });
  it('puts the caret in the first box that is not full', () => {
    expect(caretAfter(['IT', '5', '', '', '', ''], IBAN)).toBe(1);
    expect(caretAfter(splitValue(GOOD, IBAN), IBAN)).toBe(5);
  });
});
