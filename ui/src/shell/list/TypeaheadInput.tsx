/**
 * A text filter that applies once typing pauses (`ui.typeaheadDelayMs`), and shows the value the address
 * holds whenever that changes without typing (Back, "Azzera i filtri"); the steps are in core/typeaheadState.
 */
import { useEffect, useEffectEvent, useState, type CSSProperties } from 'react';
import { TextInput } from '@mantine/core';
import { followAddress, initialTypeahead, valueToPass, type TypeaheadState } from '../../core/typeaheadState';

interface TypeaheadProps {
  label: string;
  'data-filter': string;
  style: CSSProperties;
  value: string;
  delayMs: number;
  onChange: (value: string | undefined) => void;
}

export function TypeaheadInput({ value, delayMs, onChange, ...rest }: TypeaheadProps) {
  const [state, setState] = useState(() => initialTypeahead(value));
  const followed = followAddress(state, value);
  if (followed !== state) setState(followed);
  // The parent passes a new onChange on each of its renders: that must not restart the pause.
  const pass = useEffectEvent((settled: TypeaheadState) => {
    const next = valueToPass(settled);
    if (next === undefined) return;
    setState((s) => ({ ...s, sent: next }));
    onChange(next || undefined);
  });
  // Every change of the box (typing, Back) starts the pause again; what it settles on is judged when it ends.
  useEffect(() => {
    const timer = setTimeout(() => { pass(state); }, delayMs);
    return () => { clearTimeout(timer); };
  }, [state, delayMs]);
  return (
    <TextInput
      {...rest}
      type="search"
      placeholder="Cerca..."
      value={followed.text}
      onChange={(e) => { const text = e.currentTarget.value; setState((s) => ({ ...s, text })); }}
    />
  );
}
