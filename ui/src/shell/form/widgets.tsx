/**
 * rjsf's Mantine date widgets, shown in the Italian formats (seed 000 §9) while the value stays in the API's
 * format: `YYYY-MM-DD` for dates, ISO 8601 with offset for date-times.
 */
import type { WidgetProps } from '@rjsf/utils';
import { Widgets } from '@rjsf/mantine';
import { ReferenceWidget } from './ReferenceWidget';
import { StoredFileWidget } from './StoredFileWidget';

export function ItalianDateWidget(props: WidgetProps) {
  return <Widgets.DateWidget {...props} options={{ ...props.options, valueFormat: 'YYYY-MM-DD', displayFormat: 'DD/MM/YYYY' }} />;
}

export function ItalianDateTimeWidget(props: WidgetProps) {
  return (
    <Widgets.DateTimeWidget
      {...props}
      options={{ ...props.options, valueFormat: 'YYYY-MM-DDTHH:mm:ssZ', displayFormat: 'DD/MM/YYYY HH:mm' }}
    />
  );
}

// storedFile: the upload control of `type: file` fields (StoredFileWidget.tsx); reference: the searchable
// select of reference fields (ReferenceWidget.tsx).
export const italianWidgets = { DateWidget: ItalianDateWidget, DateTimeWidget: ItalianDateTimeWidget, storedFile: StoredFileWidget, reference: ReferenceWidget };
