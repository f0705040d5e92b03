import { Alert, Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatarBRL, formatarData } from '../../../lib/format';
import { useFaturamento } from '../../shell/consultas';

/**
 * The open invoice of the company (company/faturamento/status), and how to pay it today. Online
 * payment (boleto/PIX through the payment provider's sandbox) comes with the billing issue; until
 * then the page says plainly how the invoice is paid.
 */
export function Component() {
  const { data: status, isPending, isError } = useFaturamento();

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} fz="h2">
        Fatura da empresa
      </Title>
      {isPending && <Text c="dimmed">Carregando a fatura…</Text>}
      {isError && <Alert color="red">Não foi possível carregar a fatura. Atualize a página e tente novamente.</Alert>}
      {status && !status.administrador && (
        <Alert color="blue" variant="light">
          A fatura da empresa é acompanhada pelo administrador do faturamento. Fale com ele para saber a situação do pagamento.
        </Alert>
      )}
      {status?.administrador && !status.faturaAberta && (
        <Alert color="green" variant="light" data-testid="sem-fatura">
          Nenhuma fatura em aberto. Quando houver uma, ela aparece aqui e no aviso do topo do back office.
        </Alert>
      )}
      {status?.administrador && status.faturaAberta && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" data-testid="fatura-aberta">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <IconReceipt size={22} aria-hidden />
                <Text fw={650}>Fatura em aberto</Text>
              </Group>
              <Badge color="orange" variant="light">
                Aguardando pagamento
              </Badge>
            </Group>
            <Group gap="xl" wrap="wrap">
              <div>
                <Text size="sm" c="dimmed">
                  Valor
                </Text>
                <Text fz="xl" fw={700}>
                  {formatarBRL(status.valorFatura ?? 0)}
                </Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  Vencimento
                </Text>
                <Text fz="xl" fw={700}>
                  {formatarData(status.vencimentoFatura)}
                </Text>
              </div>
            </Group>
            <div>
              <Text fw={650} mb={4}>
                Como pagar
              </Text>
              <List spacing={4} size="sm">
                <List.Item>Peça o boleto ou a chave PIX desta fatura ao nosso suporte, pelo botão de ajuda do sistema;</List.Item>
                <List.Item>Pague até o vencimento para manter o programa funcionando sem interrupções;</List.Item>
                <List.Item>A baixa é feita pelo suporte e o aviso do topo some quando o pagamento é confirmado.</List.Item>
              </List>
              <Text size="sm" c="dimmed" mt="xs">
                Em breve: pagamento por boleto e PIX direto por esta página.
              </Text>
            </div>
          </Stack>
        </Paper>
      )}
      <Text size="sm">
        Quer mudar de plano? Veja os{' '}
        <Anchor component={Link} to="/paginas/planos">
          planos do Bonifica
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
