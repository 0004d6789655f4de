/**
 * The buttons of a child row (rjsf's ArrayFieldItemButtonsTemplate) with a question before the row goes: a
 * click on the cross of a bank's custom POS model or a user's role asks first, naming the row (issue 15
 * item 4). The row leaves the form only on "Rimuovi"; the other buttons are rjsf's own.
 */
import type { MouseEvent } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import type { ArrayFieldItemButtonsTemplateProps, RJSFSchema } from '@rjsf/utils';
import type { Row } from '../../core/types';
import type { ShellFormContext } from './formContext';

const RjsfRowButtons = getDefaultRegistry<Row, RJSFSchema, ShellFormContext>().templates.ArrayFieldItemButtonsTemplate;

export function ConfirmedRowButtons(props: ArrayFieldItemButtonsTemplateProps<Row, RJSFSchema, ShellFormContext>) {
  const confirm = props.registry.formContext.confirmRowRemoval;
  const onRemoveItem = (event: MouseEvent) => {
    // Now, not after the answer: a button's default action happens when its click ends.
    event.preventDefault();
    if (!confirm) {
      props.onRemoveItem(event);
      return;
    }
    void confirm(props.fieldPathId.path).then((yes) => { if (yes) props.onRemoveItem(event); });
  };
  return <RjsfRowButtons {...props} onRemoveItem={onRemoveItem} />;
}
