import { Center, Loader } from '@mantine/core';

/** Spinner for the session load and for lazy routes still on their way (spec §4). */
export function PaginaCarregando({ altura = '60vh' }: { altura?: string | number }) {
  return (
    <Center h={altura} w="100%" role="status" aria-live="polite" aria-label="Carregando" data-testid="carregando">
      <Loader size="lg" />
    </Center>
  );
}
