/** Example extension: shows the application version, proving the extension route path end to end. */
import { Stack, Text, Title } from '@mantine/core';

export default function InfoPage() {
  return (
    <Stack>
      <Title order={1} size="h2">Informazioni</Title>
      <Text>Versione dell'applicazione: {__APP_VERSION__}</Text>
    </Stack>
  );
}
