/**
 * A value typed in pieces, one box each (`ui: { widget: parts, parts, partsPrefixes }`,
 * docs/spec-language.md#a-value-typed-in-parts): the IBAN in 2, 2, 1, 5, 5 and 12 characters (seed 001 §2, §3, §9).
 * Each box is named for a screen reader by its piece ("IBAN, paese", "ABI"); a full box moves the caret on; a whole
 * value pasted into any box fills them all. The form's value stays the one string, the pieces joined. A value
 * that starts with none of `partsPrefixes` (a German IBAN) is typed in a single box instead.
 */
import { Box, Group, Input, Stack, TextInput } from '@mantine/core';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { isRecord } from '../../core/guards';
import { caretAfter, editPart, joinParts, splitValue, typedInParts, withoutSpaces, type PartsEdit } from '../../core/valueParts';

interface Part { length: number; label: string }

function partsOf(options: unknown): { parts: Part[]; prefixes?: string[] } {
  const raw = isRecord(options) && Array.isArray(options.parts) ? options.parts : [];
  const parts = raw.flatMap((p: unknown) => (isRecord(p) && typeof p.length === 'number' && typeof p.label === 'string' ? [{ length: p.length, label: p.label }] : []));
  const prefixes = isRecord(options) && Array.isArray(options.prefixes) ? options.prefixes.filter((p): p is string => typeof p === 'string') : undefined;
  return { parts, ...(prefixes ? { prefixes } : {}) };
}

const boxId = (id: string, index: number) => (index === 0 ? id : `${id}-parte-${index + 1}`);

export function PartsWidget(props: WidgetProps) {
  const { id, label, hideLabel, required, disabled, readonly, rawErrors, onBlur, onFocus, options } = props;
  const value = typeof props.value === 'string' ? props.value : '';
  const { parts: pieces, prefixes } = partsOf(options);
  const lengths = pieces.map((p) => p.length);
  const errors = rawErrors?.filter(Boolean) ?? [];
  const error = errors.length ? errors.join('\n') : undefined;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  // The pieces as typed: a box emptied in the middle keeps its place rather than pulling the next ones back.
  // A value that changes from outside (the record loaded, the form reset) is split again; the form's echo of
  // what was typed here is not, so an edit is never undone by a render in between.
  const [parts, setParts] = useState(() => splitValue(value, lengths));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (joinParts(parts) !== value) setParts(splitValue(value, lengths));
  }
  // Where the caret goes once the boxes are drawn again (the next box, or the single box and back).
  const focusNext = useRef<{ single: boolean; index: number } | undefined>(undefined);
  const single = !typedInParts(value, prefixes);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = undefined;
    if (!target) return;
    const input = document.getElementById(target.single ? id : boxId(id, target.index));
    if (!(input instanceof HTMLInputElement)) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  });

  const change = (next: string) => props.onChange(next === '' ? undefined : next);
  const apply = (edit: PartsEdit, current: number) => {
    const next = joinParts(edit.parts);
    setParts(edit.parts);
    const goesSingle = !typedInParts(next, prefixes);
    if (goesSingle || edit.focus !== current) focusNext.current = { single: goesSingle, index: edit.focus };
    change(next);
  };
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = withoutSpaces(event.clipboardData.getData('text'));
    if (pasted.length <= lengths[index]) return; // a piece's worth: the box takes it as typed
    event.preventDefault();
    apply(editPart(parts, lengths, index, pasted, true), index);
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    // Backspace in an empty box goes back to the one before, as it would in one long box.
    if (event.key === 'Backspace' && parts[index] === '' && index > 0) {
      event.preventDefault();
      focusNext.current = { single: false, index: index - 1 };
      setParts(parts.slice());
    }
  };

  const shownLabel = labelValue(label || undefined, hideLabel, false);
  if (single) {
    return (
      <TextInput
        id={id}
        label={shownLabel}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        value={value}
        error={error}
        onChange={(e) => {
          const next = withoutSpaces(e.currentTarget.value);
          if (typedInParts(next, prefixes)) {
            const split = splitValue(next, lengths);
            setParts(split);
            focusNext.current = { single: false, index: caretAfter(split, lengths) };
          }
          change(next);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    );
  }
  return (
    <Stack gap={4} role="group" aria-labelledby={shownLabel ? labelId : undefined} aria-describedby={error ? errorId : undefined}>
      {shownLabel && <Input.Label id={labelId} htmlFor={id} required={required}>{shownLabel}</Input.Label>}
      <Group gap={6} wrap="wrap" align="flex-start">
        {pieces.map((piece, index) => (
          <Box key={index} style={{ width: `calc(${piece.length}ch + 22px)`, minWidth: 40 }}>
            <TextInput
              id={boxId(id, index)}
              aria-label={piece.label}
              aria-invalid={error ? true : undefined}
              disabled={disabled}
              readOnly={readonly}
              autoComplete="off"
              spellCheck={false}
              value={parts[index] ?? ''}
              error={Boolean(error)}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', paddingInline: 8 } }}
              onChange={(e) => apply(editPart(parts, lengths, index, e.currentTarget.value), index)}
              onPaste={onPaste(index)}
              onKeyDown={onKeyDown(index)}
              onBlur={() => onBlur(id, value)}
              onFocus={() => onFocus(id, value)}
            />
          </Box>
        ))}
      </Group>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
