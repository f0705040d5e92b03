import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconRefresh } from '@tabler/icons-react';

/** What of a TanStack query the states need; any `useQuery` result fits. */
export type ConsultaEstado = { isPending: boolean; isError: boolean; error: Error | null; isFetching: boolean; refetch: () => unknown };

type EstadoConsultaProps = {
  consulta: ConsultaEstado;
  vazio: boolean;
  mensagemVazia: ReactNode;
  /** What is loading, in the words of the screen ("Extrato", "Totais"): it names the skeleton and the error. */
  titulo: string;
  children: ReactNode;
};

/**
 * Loading, error (with Tentar novamente) and empty states of a block that is not a ListPage: a report,
 * a section of the customer page. Each block loads on its own, so one failing does not hide the others.
 */
export function EstadoConsulta({ consulta, vazio, mensagemVazia, titulo, children }: EstadoConsultaProps) {
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

/** Pages of a block, shown only when there is more than one. */
export function PaginacaoConsulta({ total, pagina, aoMudar }: { total: number; pagina: number; aoMudar: (p: number) => void }) {
  if (total <= 1) return null;
  return (
    <Center>
      <Pagination total={total} value={pagina + 1} onChange={(p) => aoMudar(p - 1)} size="sm" getControlProps={(c) => ({ 'aria-label': c === 'next' ? 'Próxima página' : c === 'previous' ? 'Página anterior' : c })} />
    </Center>
  );
}
