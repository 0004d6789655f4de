import { Stack, Text, Title } from '@mantine/core';

export default function HomePage() {
  return (
    <Stack>
      <Title order={2}>Benvenuto</Title>
      <Text>Seleziona una voce dal menu per iniziare.</Text>
    </Stack>
  );
}
