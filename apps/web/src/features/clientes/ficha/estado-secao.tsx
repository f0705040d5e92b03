import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconRefresh } from '@tabler/icons-react';

type ConsultaSecao = { isPending: boolean; isError: boolean; error: Error | null; isFetching: boolean; refetch: () => unknown };

/**
 * Loading, error and empty states of one section of the customer page: each section loads on its own,
 * so a failing statement does not hide the cards or the notes.
 */
export function EstadoSecao({ consulta, vazio, mensagemVazia, titulo, children }: { consulta: ConsultaSecao; vazio: boolean; mensagemVazia: string; titulo: string; children: ReactNode }) {
  if (consulta.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label={`Carregando ${titulo.toLowerCase()}`}>
        <Skeleton height={24} />
        <Skeleton height={24} />
        <Skeleton height={24} />
      </Stack>
    );
  }
  if (consulta.isError) {
    return (
      <Alert color="red" variant="light" title={`Não foi possível carregar ${titulo.toLowerCase()}`} icon={<IconAlertTriangle size={18} />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{consulta.error?.message}</Text>
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} loading={consulta.isFetching} onClick={() => void consulta.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (vazio) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Group gap="xs" justify="center" c="dimmed">
          <IconInbox size={20} />
          <Text size="sm">{mensagemVazia}</Text>
        </Group>
      </Paper>
    );
  }
  return <>{children}</>;
}

/** Pages of a section, shown only when there is more than one. */
export function PaginacaoSecao({ total, pagina, aoMudar }: { total: number; pagina: number; aoMudar: (p: number) => void }) {
  if (total <= 1) return null;
  return (
    <Center>
      <Pagination total={total} value={pagina + 1} onChange={(p) => aoMudar(p - 1)} size="sm" getControlProps={(c) => ({ 'aria-label': c === 'next' ? 'Próxima página' : c === 'previous' ? 'Página anterior' : c })} />
    </Center>
  );
}
