import type { ReactNode } from 'react';
import { Alert, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The heading of each card of the sign-in pages (login, forgotten password, new password). */
export function TituloAuth({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <div>
      <Title order={1} fz="h3">
        {titulo}
      </Title>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </div>
  );
}

/** The server's refusal on those pages, announced to screen readers. */
export function ErroAuth({ erro }: { erro: string | null }) {
  if (!erro) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {erro}
    </Alert>
  );
}
