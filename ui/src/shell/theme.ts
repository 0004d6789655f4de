import { createTheme, type CSSVariablesResolver, type MantineThemeComponent } from '@mantine/core';

/**
 * The × that empties a field has no text: its name, for screen readers (axe button-name). Written as plain
 * theme entries, not `Select.extend(...)`: importing the components here would put them, and the date pickers,
 * in the JavaScript every page loads first, the login page included.
 */
const CLEAR_BUTTON = { clearButtonProps: { 'aria-label': 'Cancella il valore' } };
const CLEAR: MantineThemeComponent = { defaultProps: CLEAR_BUTTON };

/**
 * A spinner is a span; the name every page gives it ("Caricamento") is allowed on an element with a role only
 * (axe aria-prohibited-attr): an indeterminate progress bar is what it is.
 */
const LOADER: MantineThemeComponent = { defaultProps: { role: 'progressbar' } };

/**
 * A Select's dropdown is in the page only while open. Mantine keeps it mounted unless `autoSelectOnBlur` is given
 * (false is its default behaviour, said explicitly): a mounted dropdown renders all its options hidden and is
 * positioned at mount, a forced layout per Select (the pager's page size, each filter, each reference field of a
 * form) in the task that first shows a page. The input names the list only while it is open either way.
 */
const SELECT: MantineThemeComponent = { defaultProps: { ...CLEAR_BUTTON, autoSelectOnBlur: false } };

/**
 * Mantine's default breakpoints are kept: `sm` (48em = 768 px) is where the menu becomes a burger.
 * primaryShade 9 (issue 15 item 6, WCAG 2.2 AA 4.5:1): at the default 6 white on a filled blue button is
 * 3.56:1 and the active menu item's blue on its light background 3.17:1; at 8 the latter is still 4.39:1; at 9
 * they are 6.09:1 and 5.27:1 (red, for the pending-work badges, 5.46:1 and 4.67:1).
 */
export const theme = createTheme({
  // A user who asked the system for less motion (WCAG 2.2 2.3.3) gets modals, menus and panels without
  // their transitions; the browser tests run that way too (playwright.config.ts reducedMotion).
  respectReducedMotion: true,
  primaryColor: 'blue',
  primaryShade: 9,
  defaultRadius: 'sm',
  components: {
    Select: SELECT,
    MultiSelect: CLEAR,
    DateInput: CLEAR,
    DatePickerInput: CLEAR,
    DateTimePicker: CLEAR,
    Loader: LOADER,
  },
});

/**
 * Dimmed text (`c="dimmed"`: subtitles, secondary links) is gray 6 by default, 3.32:1 on white, and an empty
 * input's placeholder gray 4, 2.07:1 (Lighthouse's color-contrast audit on the login and record pages); gray 7 is
 * 8.2:1 on white and 7.8:1 on gray 0. A field's error (its message and the text typed in it, 'Mail non valida.') is
 * red 6 by default, 3.3:1 on white (axe color-contrast in the send-by-mail modal); red 9 is 5.4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
