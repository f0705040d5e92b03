import { Badge, Group, Progress, Text } from '@mantine/core';
import { ROTULOS_STATUS_TAREFA, type StatusTarefa } from '@bonifica/contracts';

/** The colour of a background job's status, the same in Sistema › Manutenção and Sistema › Tarefas. */
export const CORES_STATUS_TAREFA: Record<StatusTarefa, string> = { PENDENTE: 'gray', PROCESSANDO: 'blue', CONCLUIDA: 'green', ERRO: 'red' };

export function BadgeStatusTarefa({ status }: { status: StatusTarefa }) {
  return (
    <Badge color={CORES_STATUS_TAREFA[status]} variant="light">
      {ROTULOS_STATUS_TAREFA[status]}
    </Badge>
  );
}

/** The run's bar: animated while it runs, red when it failed. */
export function BarraExecucao({ status, percentual }: { status: StatusTarefa; percentual: number }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={status === 'ERRO' ? 100 : percentual}
        color={CORES_STATUS_TAREFA[status]}
        striped={status === 'PROCESSANDO'}
        animated={status === 'PROCESSANDO'}
        style={{ flex: 1, minWidth: 60 }}
        aria-label={`Progresso: ${percentual}%`}
      />
      <Text size="xs" c="dimmed" w={36} ta="right">
        {percentual}%
      </Text>
    </Group>
  );
}
