/**
 * The browser the suite drives: Debian's Chromium, never one downloaded by Playwright. By default its headless
 * shell (package chromium-headless-shell), the same Blink as the full browser without its window machinery; what
 * Playwright itself runs headless tests on. It costs about a third less CPU than the full browser on the same
 * tests (four files: 74 s against 108 s), and on two cores the suite is bound by CPU.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell';
