/**
 * The shell's date inputs (seed 000 §9, seed 002 §9): Mantine's calendar in Italian, weeks from Monday
 * (DatesProvider in App.tsx), the day shown and typed as dd/MM/yyyy, a date-time as that day plus hh:mm.
 * Never the browser's native date input, whose order follows the browser's language (mm/dd/yyyy).
 * Values are the API's (core/dates.ts): `YYYY-MM-DD`, and ISO 8601 with offset for a date-time.
 */
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Group, TextInput } from '@mantine/core';
import { DateInput, MonthPickerInput } from '@mantine/dates';
import { dateTimeParts, dateTimeValue, isCalendarDate, parseItalianDate, parseTime } from '../../core/dates';
import { formatDateTime } from '../../core/format';

interface DateProps {
  label?: ReactNode;
  /** `YYYY-MM-DD`, or empty. */
  value: string | null | undefined;
  onChange: (value: string | undefined) => void;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: ReactNode;
  clearable?: boolean;
  style?: CSSProperties;
  'data-filter'?: string;
  'data-testid'?: string;
  'aria-describedby'?: string;
  onBlur?: () => void;
  onFocus?: () => void;
}

/** Names of the calendar's arrows, read by screen readers (Mantine has none of its own). */
const CALENDAR_LABELS = {
  previousMonth: 'Mese precedente', nextMonth: 'Mese successivo', previousYear: 'Anno precedente', nextYear: 'Anno successivo',
  previousDecade: 'Decennio precedente', nextDecade: 'Decennio successivo',
};

export function ItalianDateInput({ value, onChange, clearable = true, readOnly, disabled, ...rest }: DateProps) {
  const day = value && isCalendarDate(value.slice(0, 10)) ? value.slice(0, 10) : null;
  return (
    <DateInput
      {...rest}
      value={day}
      onChange={(next) => onChange(next ? next.slice(0, 10) : undefined)}
      dateParser={parseItalianDate}
      valueFormat="DD/MM/YYYY"
      placeholder="gg/mm/aaaa"
      clearable={clearable && !readOnly && !disabled}
      readOnly={readOnly}
      disabled={disabled}
      // The calendar opens below the field and is left by Escape; typing works as well as picking.
      popoverProps={{ position: 'bottom-start' }}
      ariaLabels={CALENDAR_LABELS}
      clearButtonProps={{ 'aria-label': 'Cancella la data' }}
    />
  );
}

/**
 * A calendar month (a field of format `mese`, docs/spec-language.md#named-formats): picked from the months of a
 * year, shown as "luglio 2026"; the value is `YYYY-MM`.
 */
export function ItalianMonthInput({ value, onChange, clearable = true, readOnly, disabled, ...rest }: DateProps) {
  const month = value && /^[0-9]{4}-(0[1-9]|1[0-2])$/.test(value) ? `${value}-01` : null;
  return (
    <MonthPickerInput
      {...rest}
      value={month}
      onChange={(next) => onChange(next ? next.slice(0, 7) : undefined)}
      valueFormat="MMMM YYYY"
      placeholder="Scegli il mese"
      clearable={clearable && !readOnly && !disabled}
      readOnly={readOnly}
      disabled={disabled}
      popoverProps={{ position: 'bottom-start' }}
      ariaLabels={CALENDAR_LABELS}
      clearButtonProps={{ 'aria-label': 'Cancella il mese' }}
    />
  );
}

interface DateTimeProps extends Omit<DateProps, 'clearable'> {
  /** The accessible name of the time box (the date box carries the field's label). */
  timeLabel?: string;
}

/** A day (calendar or typed dd/MM/yyyy) and a time (typed hh:mm, 24 hours); shown as text when read-only. */
export function ItalianDateTimeInput({ value, onChange, timeLabel = 'Ora', readOnly, disabled, error, label, id, required, style, onBlur, onFocus, ...rest }: DateTimeProps) {
  const parts = dateTimeParts(value);
  const [time, setTime] = useState(parts?.time ?? '');
  // The value changed from outside (a reload, a save): the time box follows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (parts && parseTime(time) !== parts.time) setTime(parts.time);
  }
  if (readOnly || disabled) {
    return <TextInput id={id} label={label} value={formatDateTime(value)} readOnly={readOnly} disabled={disabled} error={error} style={style} {...rest} />;
  }
  const emit = (date: string | undefined, typedTime: string) => {
    if (!date) onChange(undefined);
    else onChange(dateTimeValue(date, parseTime(typedTime) ?? '00:00'));
  };
  const badTime = time !== '' && parseTime(time) === null;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" style={style}>
      <ItalianDateInput
        {...rest}
        id={id}
        label={label}
        required={required}
        error={error}
        onFocus={onFocus}
        onBlur={onBlur}
        value={parts?.date}
        onChange={(date) => emit(date, time)}
        style={{ flex: '1 1 auto' }}
      />
      <TextInput
        label={timeLabel}
        aria-label={typeof label === 'string' ? `${label}: ${timeLabel.toLowerCase()}` : timeLabel}
        placeholder="hh:mm"
        inputMode="numeric"
        maxLength={5}
        value={time}
        error={badTime ? 'Ora non valida (hh:mm)' : undefined}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setTime(typed);
          if (parts && parseTime(typed) !== null) emit(parts.date, typed);
        }}
        onBlur={onBlur}
        style={{ flex: '0 0 90px' }}
      />
    </Group>
  );
}
