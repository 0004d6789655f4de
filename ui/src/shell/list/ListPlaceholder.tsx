/**
 * What holds a list's place before its table can show: while the table's code loads (ListPage) and until the
 * first answer arrives (ListTable). A plain block, about what a screen shows of a table, so the pager and what
 * follows do not jump when the rows come.
 */
import { Skeleton } from '@mantine/core';

const HEIGHT = 400;

export function ListPlaceholder() {
  return <Skeleton height={HEIGHT} radius="sm" data-testid="list-placeholder" />;
}
