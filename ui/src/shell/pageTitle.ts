/**
 * The browser tab's title names the page (WCAG 2.2 2.4.2 Page Titled): `Anagrafica banche · WebPOS`, so a
 * user with several tabs, the history and a screen reader tell pages apart. Set by the page that knows its
 * own title (a leaf of the route tree: a parent's title would override its child's).
 */
import { useDocumentTitle } from '@mantine/hooks';

export const APP_NAME = 'WebPOS';

export function usePageTitle(title: string | undefined): void {
  useDocumentTitle(title ? `${title} · ${APP_NAME}` : APP_NAME);
}
