import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconFlask, IconReceipt } from '@tabler/icons-react';
import { formatarBRL, formatarData } from '../../lib/format';
import { useFaturamento } from './consultas';

/**
 * Spec §4: shown only to the billing administrator — an open invoice (amount with 2 decimals,
 * due date, "Pagar agora") wins over the experimental-period notice ("Escolher plano").
 */
export function BannerFaturamento() {
  const { data: status } = useFaturamento();
  if (!status?.administrador) return null;

  if (status.faturaAberta) {
    return (
      <Alert color="orange" variant="light" icon={<IconReceipt size={20} />} data-testid="banner-faturamento" radius="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            Fatura em aberto: <strong>{formatarBRL(status.valorFatura ?? 0)}</strong> com vencimento em{' '}
            <strong>{formatarData(status.vencimentoFatura)}</strong>
          </Text>
          {status.urlFaturaAberta && (
            <Anchor href={status.urlFaturaAberta} target="_blank" rel="noopener noreferrer" fw={700} size="sm">
              Pagar agora
            </Anchor>
          )}
        </Group>
      </Alert>
    );
  }

  if (status.experimental) {
    return (
      <Alert color="blue" variant="light" icon={<IconFlask size={20} />} data-testid="banner-faturamento" radius="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            Sua empresa está no período experimental. Escolha um plano para continuar usando o sistema sem interrupções.
          </Text>
          {status.urlEscolhaPlano && (
            <Anchor href={status.urlEscolhaPlano} target="_blank" rel="noopener noreferrer" fw={700} size="sm">
              Escolher plano
            </Anchor>
          )}
        </Group>
      </Alert>
    );
  }

  return null;
}
