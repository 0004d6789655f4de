/**
 * A text filter that applies once typing pauses (`ui.typeaheadDelayMs`), and shows the value the address
 * holds whenever that changes without typing (Back, "Azzera i filtri").
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '../../core/hooks/useDebouncedValue';

interface TypeaheadProps {
  label: string;
  'data-filter': string;
  style: CSSProperties;
  value: string;
  delayMs: number;
  onChange: (value: string | undefined) => void;
}

export function TypeaheadInput({ value, delayMs, onChange, ...rest }: TypeaheadProps) {
  const [text, setText] = useState(value);
  // The address changed without typing: the box shows what the list is filtered by.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  const settled = useDebouncedValue(text.trim(), delayMs);
  // What was last passed on (or came from the address): a render before the address follows must not pass it twice.
  const applied = useRef(value);
  useEffect(() => { applied.current = value; }, [value]);
  useEffect(() => {
    // Only a pause on what is in the box now counts: a stale settle after Back must not undo it.
    if (settled !== text.trim() || settled === applied.current) return;
    applied.current = settled;
    onChange(settled || undefined);
  }, [settled, text, onChange]);
  return <TextInput {...rest} type="search" placeholder="Cerca..." value={text} onChange={(e) => setText(e.currentTarget.value)} />;
}
