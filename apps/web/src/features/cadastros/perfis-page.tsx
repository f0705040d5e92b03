import { Title } from '@mantine/core';

// Placeholder so the route resolves; the profiles list is written in its own issue and replaces this file.
export function Component() {
  return (
    <Title order={1} fz="h2">
      Perfis
    </Title>
  );
}
