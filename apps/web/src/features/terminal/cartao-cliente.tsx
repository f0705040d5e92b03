import { Alert, Badge, Card, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { mascararDocumentoParcial, ROTULOS_STATUS_CLIENTE, type ClienteResumo } from '@bonifica/contracts';
import type { SaldosTerminal } from './api';
import classes from './terminal.module.css';
import { formatarBRL, formatarInteiro, formatarTelefone } from '../../lib/format';

type SaldoProps = {
  rotulo: string;
  disponivel?: number;
  total?: number;
  bloqueada: boolean;
  formatar: (n: number) => string;
  testId: string;
  cor?: string;
};

/**
 * One balance: what may be used now, and the total when part of it is still waiting or about to
 * lapse. A blocked account's balance is kept but not usable: shown struck through, never green.
 */
function Saldo({ rotulo, disponivel, total, bloqueada, formatar, testId, cor }: SaldoProps) {
  const carregando = disponivel === undefined || total === undefined;
  return (
    <div className={classes.saldoBloco}>
      <Text size="sm" c="dimmed">
        {rotulo}
      </Text>
      <Text className={classes.saldo} c={bloqueada ? 'dimmed' : cor} td={bloqueada ? 'line-through' : undefined} data-testid={testId}>
        {carregando ? '…' : formatar(bloqueada ? total : disponivel)}
      </Text>
      {!carregando && bloqueada && (
        <Text size="xs" c="red.8" fw={600} data-testid={`${testId}-bloqueado`}>
          bloqueado · não pode ser usado
        </Text>
      )}
      {!carregando && !bloqueada && total !== disponivel && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-total`}>
          disponível · total {formatar(total)}
        </Text>
      )}
    </div>
  );
}

type Props = {
  cliente: ClienteResumo;
  saldos: SaldosTerminal | null;
  erroSaldos: string | null;
  /** What the clerk must know about blocked accounts before the sale; null when none is blocked. */
  aviso: string | null;
};

/** The selected customer: who it is (CPF masked, LGPD), the balances to spend and any blocked account. */
export function CartaoCliente({ cliente, saldos, erroSaldos, aviso }: Props) {
  const bloqueadas = saldos?.bloqueadas ?? [];
  return (
    <Card padding="lg" withBorder aria-label="Cliente selecionado" component="section">
      <Text fz="xl" fw={700} data-testid="terminal-cliente-nome">
        {cliente.nome}
      </Text>
      {/* Each piece whole on its line: a CPF or a phone split at its hyphen reads as two numbers. */}
      <Group gap={0} c="dimmed" className={classes.identificacao} data-testid="terminal-cliente-identificacao">
        {[cliente.documento ? `CPF ${mascararDocumentoParcial(cliente.documento)}` : null, formatarTelefone(cliente.celular) || null]
          .filter((p): p is string => p !== null)
          .map((p, i) => (
            <span key={p}>
              {i > 0 && '\u00a0· '}
              <span className={classes.semQuebra}>{p}</span>
            </span>
          ))}
      </Group>
      <Group gap={6} mt="xs">
        <Badge size="lg" color={cliente.status === 'ATIVO' ? 'teal' : 'red'} variant="light">
          {ROTULOS_STATUS_CLIENTE[cliente.status]}
        </Badge>
        {bloqueadas.length > 0 && (
          <Badge size="lg" color="red" variant="filled" leftSection={<IconLock size={14} />} data-testid="terminal-conta-bloqueada">
            Conta bloqueada
          </Badge>
        )}
      </Group>
      <div className={classes.saldos}>
        <Saldo rotulo="Cashback" disponivel={saldos?.cashback} total={saldos?.cashbackTotal} bloqueada={bloqueadas.includes('CASHBACK')} formatar={formatarBRL} testId="saldo-cashback" cor="teal.8" />
        <Saldo rotulo="Pontos" disponivel={saldos?.pontos} total={saldos?.pontosTotal} bloqueada={bloqueadas.includes('PONTOS')} formatar={formatarInteiro} testId="saldo-pontos" />
      </div>
      {aviso && (
        <Alert mt="md" color="red" variant="light" icon={<IconLock size={18} />} role="status" data-testid="terminal-aviso-bloqueio">
          {aviso}
        </Alert>
      )}
      {erroSaldos && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {erroSaldos}
        </Text>
      )}
    </Card>
  );
}
