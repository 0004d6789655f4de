/** A box that scrolls sideways what is wider than the screen, reachable by keyboard. */
import type { ReactNode } from 'react';
import { Box } from '@mantine/core';

export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  // A labelled region in the tab order: the WAI pattern for a scrollable area without focusable content of its own.
  return <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>{children}</Box>;
}
