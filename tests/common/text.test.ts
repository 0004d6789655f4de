/**
 * textOf (common/text.ts) replaces String() on values no type describes: it must read every scalar, null,
 * undefined and a Date exactly as String() does, and write an object as JSON instead of "[object Object]".
 */
import { describe, expect, it } from 'vitest';
import { textOf } from '../../common/text.js';

describe('textOf', () => {
  it('reads what a row or a body holds as String() does', () => {
    const at = new Date('2026-01-05T10:00:00Z');
    for (const value of ['30480', '', 12, 12.5, -0, Number.NaN, true, false, 10n, null, undefined, at]) {
      expect(textOf(value)).toBe(String(value));
    }
  });

  it('writes an object or an array as JSON', () => {
    expect(textOf({ codAbi: '30480' })).toBe('{"codAbi":"30480"}');
    expect(textOf(['A', 1])).toBe('["A",1]');
  });
});
