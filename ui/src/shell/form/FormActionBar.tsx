/**
 * The form's buttons (Salva, Annulla, Elimina, the transitions) in a bar that stays at the bottom of the
 * window while a long form scrolls, on a phone too, so saving never needs a scroll to the end. It sits in
 * the page's flow: at the end of a short form it is simply the last row.
 */
import type { ReactNode } from 'react';
import { Group } from '@mantine/core';

export function FormActionBar({ children, label = 'Azioni del modulo' }: { children: ReactNode; label?: string }) {
  return (
    <Group
      role="group"
      aria-label={label}
      data-testid="form-action-bar"
      gap="sm"
      mt="lg"
      py="sm"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      {children}
    </Group>
  );
}
