import { Alert, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconReceiptOff } from '@tabler/icons-react';
import { centavosParaReais, reaisParaCentavos, type ResultadoVenda } from '@bonifica/contracts';
import { BotaoImprimir, PapelComprovante, useComprovante } from '../../components/comprovante';
import { formatarBRL, formatarInteiro } from '../../lib/format';

/** `valePago`/`saldoVale`: the part a gift card paid and what is left on it (sales paid with one). */
export type VendaFeita = ResultadoVenda & { valor: number; cancelada: boolean; valePago?: number; saldoVale?: number };

type Props = {
  venda: VendaFeita;
  podeCancelar: boolean;
  cancelando: boolean;
  aoNovaVenda: () => void;
  aoCancelar: () => void;
};

function Numero({ rotulo, valor, testId, forte = false }: { rotulo: string; valor: string; testId?: string; forte?: boolean }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {rotulo}
      </Text>
      <Text fz={forte ? 'xl' : 'lg'} fw={700} data-testid={testId}>
        {valor}
      </Text>
    </div>
  );
}

/** After posting: what the customer earned, the receipt from the server (transacao/impressao/{id}) and what comes next. */
export function ResultadoVendaCard({ venda, podeCancelar, cancelando, aoNovaVenda, aoCancelar }: Props) {
  const comprovante = useComprovante(venda.transacaoId);
  return (
    <Card padding="lg" withBorder component="section" aria-label="Venda registrada">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={24} color={venda.cancelada ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-teal-7)'} />
            <Text fw={700} fz="lg">
              {venda.cancelada ? 'Venda cancelada' : 'Venda registrada'}
            </Text>
          </Group>
          <Badge variant="light" color={venda.cancelada ? 'red' : 'teal'} style={{ flexShrink: 0 }}>
            nº {venda.transacaoId}
          </Badge>
        </Group>
        <SimpleGrid cols={2} spacing="sm">
          <Numero rotulo="A pagar" valor={formatarBRL((venda.cupom ? venda.cupom.valorAPagar : venda.valor) - venda.resgate - (venda.valePago ?? 0))} forte />
          {/* The reply's cashback includes a coupon's bonus; shown apart, as on the printed receipt. */}
          <Numero rotulo="Cashback ganho" valor={formatarBRL(centavosParaReais(reaisParaCentavos(venda.cashback) - reaisParaCentavos(venda.cupom?.bonus ?? 0)))} testId="recibo-cashback" />
          <Numero rotulo="Pontos ganhos" valor={formatarInteiro(venda.pontos)} />
          <Numero rotulo="Saldo de cashback" valor={formatarBRL(venda.saldos.CASHBACK)} testId="recibo-saldo-cashback" />
        </SimpleGrid>
        {venda.cupom && (
          <Alert color="teal" variant="light" data-testid="recibo-cupom">
            Cupom {venda.cupom.codigo}: {venda.cupom.desconto > 0 ? `desconto de ${formatarBRL(venda.cupom.desconto)}` : `bônus de ${formatarBRL(venda.cupom.bonus)} em cashback`}
          </Alert>
        )}
        {venda.valePago !== undefined && (
          <Alert color="teal" variant="light" data-testid="recibo-vale">
            Pago com vale-presente: {formatarBRL(venda.valePago)} · saldo do vale: {formatarBRL(venda.saldoVale ?? 0)}
            {venda.cancelada ? ' (devolvido ao vale com o cancelamento)' : ''}
          </Alert>
        )}
        {venda.contasBloqueadas.length > 0 && (
          <Alert color="orange" variant="light" data-testid="recibo-nao-creditado">
            {venda.contasBloqueadas.map((u) => (u === 'CASHBACK' ? 'Cashback' : 'Pontos')).join(' e ')} não creditado{venda.contasBloqueadas.length > 1 ? 's' : ''}: conta bloqueada.
          </Alert>
        )}

        <Stack gap="sm">
          <Button size="lg" onClick={aoNovaVenda} data-autofocus autoFocus>
            Nova venda (Esc)
          </Button>
          {comprovante.data && <BotaoImprimir comprovante={comprovante.data} size="lg" />}
        </Stack>

        {comprovante.isPending ? (
          <Center py="md">
            <Loader aria-label="Carregando comprovante" />
          </Center>
        ) : comprovante.isError ? (
          <Alert color="red" role="alert">
            Comprovante indisponível: {comprovante.error.message}
          </Alert>
        ) : (
          <PapelComprovante comprovante={comprovante.data} />
        )}

        {podeCancelar && !venda.cancelada && (
          <Button size="md" variant="subtle" color="red" leftSection={<IconReceiptOff size={18} />} loading={cancelando} onClick={aoCancelar}>
            Cancelar esta venda
          </Button>
        )}
      </Stack>
    </Card>
  );
}
