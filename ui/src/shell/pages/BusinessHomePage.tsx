/** /wpbusiness/home: the merchant's home in the business variant (placeholder until its pages exist). */
import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../core/session';
import { usePageTitle } from '../pageTitle';

export default function BusinessHomePage() {
  usePageTitle('Home');
  const { user } = useSession();
  return (
    <Stack>
      <Title order={1} size="h2">Benvenuto{user?.fullName ? `, ${user.fullName}` : ''}</Title>
      <Text>Questa è la home del portale WebPOS Business. Le pagine dedicate agli esercenti (movimenti, fatture,
        contratti, statistiche) non sono ancora disponibili.</Text>
    </Stack>
  );
}
