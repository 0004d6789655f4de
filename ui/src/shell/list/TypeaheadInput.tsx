/**
 * A text filter that applies once typing pauses (`ui.typeaheadDelayMs`), and shows the value the address
 * holds whenever that changes without typing (Back, "Azzera i filtri"); the steps are in core/typeaheadState.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '../../core/hooks/useDebouncedValue';
import { followAddress, initialTypeahead, valueToPass } from '../../core/typeaheadState';

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
  const settled = useDebouncedValue(followed.text.trim(), delayMs);
  useEffect(() => {
    const pass = valueToPass(state, settled);
    if (pass === undefined) return;
    setState((s) => ({ ...s, sent: pass }));
    onChange(pass || undefined);
  }, [state, settled, onChange]);
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
