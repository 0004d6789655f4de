/** Renders a hand-written page registered in ui/extensions by the name a manifest route gives. */
import { Alert } from '@mantine/core';
import { extensions } from '../../../extensions';

export default function ExtensionPage({ name }: { name: string }) {
  const Component = extensions[name];
  if (!Component) return <Alert color="red" title="Errore">Pagina non disponibile</Alert>;
  return <Component />;
}
