/** The browser the suite drives: Debian's Chromium, never one downloaded by Playwright. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
