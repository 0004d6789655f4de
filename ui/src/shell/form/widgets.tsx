/**
 * The rjsf widgets of the shell's forms. Dates and date-times are the shell's Italian inputs (dd/MM/yyyy,
 * dd/MM/yyyy HH:mm, calendar from Monday: dates/ItalianDateInputs.tsx) while the value stays in the API's
 * format: `YYYY-MM-DD` for `format: date`, ISO 8601 with offset for `format: date-time`.
 */
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds, labelValue } from '@rjsf/utils';
import { ItalianDateInput, ItalianDateTimeInput } from '../dates/ItalianDateInputs';
import { CopyTextWidget } from './CopyTextWidget';
import { DecimalWidget } from './DecimalWidget';
import { PartsWidget } from './PartsWidget';
import { ReferenceWidget } from './ReferenceWidget';
import { StoredFileWidget } from './StoredFileWidget';

function dateProps(props: WidgetProps) {
  const { id, label, hideLabel, required, disabled, readonly, rawErrors, onBlur, onFocus } = props;
  const value: unknown = props.value;
  const errors = rawErrors?.filter(Boolean) ?? [];
  return {
    id,
    label: labelValue(label || undefined, hideLabel, false),
    required,
    disabled,
    readOnly: readonly,
    error: errors.length ? errors.join('\n') : undefined,
    'aria-describedby': ariaDescribedByIds(id),
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
    value: typeof value === 'string' ? value : undefined,
    onChange: (next: string | undefined) => props.onChange(next),
  };
}

export function ItalianDateWidget(props: WidgetProps) {
  return <ItalianDateInput {...dateProps(props)} />;
}

export function ItalianDateTimeWidget(props: WidgetProps) {
  return <ItalianDateTimeInput {...dateProps(props)} />;
}

// storedFile: the upload control of `type: file` fields (StoredFileWidget.tsx); reference: the searchable
// select of reference fields (ReferenceWidget.tsx); decimal: a number with the decimal comma (DecimalWidget.tsx);
// copyText: a text with a button that copies it (CopyTextWidget.tsx); parts: a value typed in pieces, one box
// each (PartsWidget.tsx: the IBAN).
export const italianWidgets = { DateWidget: ItalianDateWidget, DateTimeWidget: ItalianDateTimeWidget, storedFile: StoredFileWidget, reference: ReferenceWidget, decimal: DecimalWidget, copyText: CopyTextWidget, parts: PartsWidget };
