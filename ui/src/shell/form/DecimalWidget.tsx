/**
 * A decimal field (amounts, thresholds) typed and shown the Italian way, `1.234,56` (seed 000 §9: euro with
 * comma decimals), never the browser's number box, which takes a point or a comma depending on the browser's
 * language. The value stays a number for the API; `ui:options.scale` is how many decimals it keeps.
 */
import { NumberInput } from '@mantine/core';
import { ariaDescribedByIds, labelValue, type WidgetProps } from '@rjsf/utils';

export function DecimalWidget(props: WidgetProps) {
  const { id, label, hideLabel, required, disabled, readonly, rawErrors, onBlur, onFocus, options } = props;
  const value: unknown = props.value;
  const scale = typeof options.scale === 'number' ? options.scale : 2;
  const errors = rawErrors?.filter(Boolean) ?? [];
  return (
    <NumberInput
      id={id}
      label={labelValue(label || undefined, hideLabel, false)}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={scale}
      hideControls
      inputMode="decimal"
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => props.onChange(decimalValue(next))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      error={errors.length ? errors.join('\n') : undefined}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}

/**
 * Mantine answers a number, or its text while the typed value ends in zeros it would lose as a number
 * ("25,50" is '25.50', "10,0" '10.0'): both are the amount. A partial value ('25.', '-') is none yet.
 */
export function decimalValue(next: number | string): number | undefined {
  if (typeof next === 'number') return next;
  const text = next.trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}
