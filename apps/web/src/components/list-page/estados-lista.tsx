import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconFilterOff, IconInbox, IconRefresh } from '@tabler/icons-react';

/** First load: the shape of a table, so the page does not jump when rows arrive. */
export function EstadoCarregando({ linhas = 5 }: { linhas?: number }) {
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-live="polite" aria-label="Carregando">
      <Stack gap="sm">
        <Skeleton height={28} />
        {Array.from({ length: linhas }, (_, i) => (
          <Skeleton key={i} height={20} />
        ))}
      </Stack>
    </Paper>
  );
}

type EstadoVazioProps = {
  temFiltros: boolean;
  aoLimparFiltros: () => void;
  /** The "Novo" slot of the page, offered when the list is empty with no filter. */
  acaoNovo?: ReactNode;
  /** Said when nothing exists yet; with filters on, the generic message stands (the filter may be why). */
  mensagem?: string;
};

export function EstadoVazio({ temFiltros, aoLimparFiltros, acaoNovo, mensagem }: EstadoVazioProps) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconInbox size={26} />
        </ThemeIcon>
        <Text fw={500} ta="center">
          {temFiltros || !mensagem ? 'Nenhum registro encontrado.' : mensagem}
        </Text>
        {temFiltros ? (
          <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={aoLimparFiltros}>
            Limpar filtros
          </Button>
        ) : (
          acaoNovo
        )}
      </Stack>
    </Paper>
  );
}

type EstadoErroProps = {
  mensagem: string;
  aoTentarNovamente: () => void;
  tentando: boolean;
};

export function EstadoErro({ mensagem, aoTentarNovamente, tentando }: EstadoErroProps) {
  return (
    <Alert color="red" variant="light" title="Não foi possível carregar a lista" icon={<IconAlertTriangle size={18} />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{mensagem}</Text>
        <Group>
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={aoTentarNovamente} loading={tentando}>
            Tentar novamente
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
