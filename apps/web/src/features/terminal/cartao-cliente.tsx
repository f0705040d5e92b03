import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { mascararDocumentoParcial, ROTULOS_STATUS_CLIENTE, type ClienteResumo } from '@bonifica/contracts';
import type { SaldosTerminal } from './api';
import classes from './terminal.module.css';
import { formatarBRL, formatarInteiro, formatarTelefone } from '../../lib/format';

/** One balance: what may be used now, and the total when part of it is still waiting or about to lapse. */
function Saldo({ rotulo, disponivel, total, formatar, testId, cor }: { rotulo: string; disponivel?: number; total?: number; formatar: (n: number) => string; testId: string; cor?: string }) {
  const carregando = disponivel === undefined || total === undefined;
  return (
    <div>
      <Text size="sm" c="dimmed">
        {rotulo}
      </Text>
      <Text className={classes.saldo} c={cor} data-testid={testId}>
        {carregando ? '…' : formatar(disponivel)}
      </Text>
      {!carregando && total !== disponivel && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-total`}>
          disponível · total {formatar(total)}
        </Text>
      )}
    </div>
  );
}

/** The selected customer: who it is (CPF masked, LGPD) and the balances to spend. */
export function CartaoCliente({ cliente, saldos, erroSaldos }: { cliente: ClienteResumo; saldos: SaldosTerminal | null; erroSaldos: string | null }) {
  return (
    <Card padding="lg" withBorder aria-label="Cliente selecionado" component="section">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fz="xl" fw={700} data-testid="terminal-cliente-nome">
            {cliente.nome}
          </Text>
          <Text c="dimmed">
            {[cliente.documento ? `CPF ${mascararDocumentoParcial(cliente.documento)}` : null, formatarTelefone(cliente.celular)].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Badge size="lg" color={cliente.status === 'ATIVO' ? 'teal' : 'red'} variant="light" style={{ flexShrink: 0 }}>
          {ROTULOS_STATUS_CLIENTE[cliente.status]}
        </Badge>
      </Group>
      <SimpleGrid cols={2} mt="md" spacing="lg">
        <Saldo rotulo="Cashback" disponivel={saldos?.cashback} total={saldos?.cashbackTotal} formatar={formatarBRL} testId="saldo-cashback" cor="teal.8" />
        <Saldo rotulo="Pontos" disponivel={saldos?.pontos} total={saldos?.pontosTotal} formatar={formatarInteiro} testId="saldo-pontos" />
      </SimpleGrid>
      {erroSaldos && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {erroSaldos}
        </Text>
      )}
    </Card>
  );
}
