/**
 * A type-ahead filter box and the address it drives (ui/src/core/typeaheadState.ts): typing is passed on once,
 * the address catching up never overwrites what was typed since, and Back shows the address.
 */
import { describe, expect, it } from 'vitest';
import { followAddress, initialTypeahead, valueToPass, type TypeaheadState } from '../../ui/src/core/typeaheadState';

const typed = (s: TypeaheadState, text: string): TypeaheadState => ({ ...s, text });
const passed = (s: TypeaheadState, value: string): TypeaheadState => ({ ...s, sent: value });

describe('type-ahead filter box', () => {
  it('passes on a settled value once, and nothing while the address catches up', () => {
    expect(valueToPass(initialTypeahead(''))).toBeUndefined();
    let s = typed(initialTypeahead(''), 'Se ');
    expect(valueToPass(s)).toBe('Se');
    s = passed(s, 'Se');
    expect(valueToPass(s)).toBeUndefined();
    s = followAddress(s, 'Se');
    expect(s).toEqual({ text: 'Se ', sent: 'Se', seen: 'Se' });
  });

  it('keeps what was typed after passing a value on when the address then catches up', () => {
    // "Se" passed on; "Sede" typed before the list re-rendered with the new address.
    const s = followAddress(typed(passed(typed(initialTypeahead(''), 'Se'), 'Se'), 'Sede'), 'Se');
    expect(s.text).toBe('Sede');
    expect(valueToPass(s)).toBe('Sede');
  });

  it('shows the address after Back, and passes nothing once the pause ends', () => {
    let s = followAddress(passed(typed(initialTypeahead(''), 'Sede'), 'Sede'), 'Sede');
    s = followAddress(s, '');
    expect(s).toEqual({ text: '', sent: '', seen: '' });
    expect(valueToPass(s)).toBeUndefined();
  });

  it('keeps the spacing typed when the address holds the same trimmed value', () => {
    const s = followAddress(typed(initialTypeahead('Roma'), 'Milano '), 'Milano');
    expect(s.text).toBe('Milano ');
  });

  it('returns the same state when the address did not change (no re-render loop)', () => {
    const s = typed(initialTypeahead('x'), 'xy');
    expect(followAddress(s, 'x')).toBe(s);
  });
});
