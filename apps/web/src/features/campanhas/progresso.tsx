import { Card, Group, Progress, SimpleGrid, Text } from '@mantine/core';
import { formatarInteiro } from '../../lib/format';
import { useProgressoLote } from './api';

/** The batch's progress bar and live counts (polled while something is pending). */
export function ProgressoCampanha({ loteId }: { loteId: number }) {
  const p = useProgressoLote(loteId).data;
  if (!p) return null;
  const cont: [string, number][] = [
    ['Na fila', p.fila + p.enviando],
    ['Aguardando entrega', p.enviadas],
    ['Entregues', p.entregues],
    ['Lidas', p.lidas],
    ['Falharam', p.falharam],
    ['Canceladas', p.canceladas],
  ];
  return (
    <Card withBorder>
      <Group justify="space-between" mb={6}>
        <Text fw={600}>Progresso do envio</Text>
        <Text size="sm" data-testid="percentual">
          {p.percentual}% de {formatarInteiro(p.total)}
        </Text>
      </Group>
      <Progress value={p.percentual} size="lg" striped={p.fila > 0 && p.status === 'ATIVO'} animated={p.fila > 0 && p.status === 'ATIVO'} aria-label="Progresso do envio" />
      <SimpleGrid cols={{ base: 3, sm: 6 }} mt="sm">
        {cont.map(([rotulo, n]) => (
          <div key={rotulo}>
            <Text size="xs" c="dimmed">
              {rotulo}
            </Text>
            <Text fw={700} data-testid={`contagem-${rotulo}`}>
              {formatarInteiro(n)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
