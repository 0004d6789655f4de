import { createTheme } from '@mantine/core';

/** Mantine's default breakpoints are kept: `sm` (48em = 768 px) is where the menu becomes a burger. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
});
