import { Alert, Anchor, Card, Group, Progress, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatarInteiro } from '../../lib/format';
import { useProgressoLote } from './api';

/**
 * The batch's progress bar and live counts (polled while something is pending). E-mail has no delivery or
 * read receipts: its counts stop at "Enviadas".
 */
export function ProgressoCampanha({ loteId, canal = 'WHATSAPP' }: { loteId: number; canal?: 'WHATSAPP' | 'EMAIL' }) {
  const p = useProgressoLote(loteId).data;
  if (!p) return null;
  const cont: [string, number][] =
    canal === 'EMAIL'
      ? [
          ['Na fila', p.fila + p.enviando],
          ['Enviadas', p.enviadas],
          ['Falharam', p.falharam],
          ['Canceladas', p.canceladas],
        ]
      : [
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
      <SimpleGrid cols={{ base: canal === 'EMAIL' ? 2 : 3, sm: cont.length }} mt="sm">
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
      {/* A crash left some fates unknown: a person decides in the outbox (docs/decisions/035). */}
      {p.revisar > 0 && (
        <Alert color="orange" mt="sm" title={`${formatarInteiro(p.revisar)} ${p.revisar === 1 ? 'mensagem aguarda' : 'mensagens aguardam'} sua decisão`}>
          O envio foi interrompido e não se sabe se chegaram.{' '}
          <Anchor component={Link} to={`/app/mensagens/saida?lote=${loteId}&status=REVISAR`} size="sm">
            Decidir na caixa de saída
          </Anchor>
        </Alert>
      )}
      <Anchor component={Link} to={`/app/mensagens/saida?lote=${loteId}`} size="sm" mt="sm" display="inline-block">
        Ver as mensagens na caixa de saída
      </Anchor>
    </Card>
  );
}
