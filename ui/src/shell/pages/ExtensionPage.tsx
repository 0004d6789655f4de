/** Renders a hand-written page registered in ui/extensions by the name a manifest route gives. */
import { Alert } from '@mantine/core';
import { extensions } from '../../../extensions';
import { usePageTitle } from '../pageTitle';

export default function ExtensionPage({ name, title }: { name: string; title: string }) {
  usePageTitle(title);
  // The name comes from a manifest route: a page the registry lacks is a spec error, shown as such.
  const registry: Partial<typeof extensions> = extensions;
  const Component = registry[name];
  if (!Component) return <Alert color="red" title="Errore">Pagina non disponibile</Alert>;
  return <Component />;
}
