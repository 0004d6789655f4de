/**
 * The titles rjsf writes inside a form (a nested object's, a child list's), one level below the page's h1: the
 * Mantine theme writes them as h3 and h4 under the page's h1, a skipped level that screen readers announce as a
 * missing section (axe and Lighthouse 'heading-order', the record page's accessibility 98). Same look as before.
 */
import { Grid, Title } from '@mantine/core';
import { getUiOptions, titleId, type ArrayFieldTitleProps, type TitleFieldProps } from '@rjsf/utils';
import type { ReactNode } from 'react';

function withControl(heading: ReactNode, control: ReactNode): ReactNode {
  if (!control) return heading;
  return (
    <Grid>
      <Grid.Col span="auto">{heading}</Grid.Col>
      <Grid.Col span="content">{control}</Grid.Col>
    </Grid>
  );
}

export function FormTitleField({ id, title, optionalDataControl }: TitleFieldProps) {
  if (!title) return null;
  return withControl(<Title id={id} order={2} size="h3" fw="normal">{title}</Title>, optionalDataControl);
}

export function FormArrayTitle({ fieldPathId, title, uiSchema, registry, optionalDataControl }: ArrayFieldTitleProps) {
  const { label: displayLabel = true } = getUiOptions(uiSchema, registry.globalUiOptions);
  if (!title || !displayLabel) return null;
  return withControl(<Title id={titleId(fieldPathId)} order={2} size="h4" fw="normal">{title}</Title>, optionalDataControl);
}
