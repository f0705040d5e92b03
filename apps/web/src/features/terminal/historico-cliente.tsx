import { useState } from 'react';
import { ActionIcon, Alert, Badge, Card, Center, Group, Loader, SegmentedControl, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconPrinter, IconReceiptOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TransacaoResumo, UnidadeConta } from '@bonifica/contracts';
import { abrirComprovante } from '../../components/comprovante';
import { buscarExtrato, buscarUltimasVendas, chavesTerminal } from './api';
import classes from './terminal.module.css';
import { formatarBRL, formatarDataHora, formatarMovimento, rotuloExtrato } from '../../lib/format';

const quando = (iso: string) => formatarDataHora(iso).slice(0, 16);

function Estado({ carregando, erro, vazio, children }: { carregando: boolean; erro: Error | null; vazio: boolean; children: React.ReactNode }) {
  if (carregando) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Carregando" />
      </Center>
    );
  }
  if (erro) {
    return (
      <Alert color="red" role="alert">
        {erro.message}
      </Alert>
    );
  }
  if (vazio) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        Nada por aqui ainda.
      </Text>
    );
  }
  return <>{children}</>;
}

function UltimasVendas({ clienteId, podeCancelar, aoCancelar }: { clienteId: number; podeCancelar: boolean; aoCancelar: (v: TransacaoResumo) => void }) {
  const vendas = useQuery({ queryKey: chavesTerminal.vendas(clienteId), queryFn: () => buscarUltimasVendas(clienteId) });
  return (
    <Estado carregando={vendas.isPending} erro={vendas.error} vazio={(vendas.data ?? []).length === 0}>
      <Stack gap={0} component="ul" className={classes.lista} aria-label="Últimas vendas">
        {vendas.data?.map((v) => (
          <Group key={v.id} component="li" justify="space-between" wrap="nowrap" className={classes.itemLista}>
            <div>
              {/* A div, not a p: the badge renders a div, which a paragraph may not hold. */}
              <Text fw={600} component="div">
                {formatarBRL(v.valor)}{' '}
                {v.status === 'CANCELADA' && (
                  <Badge size="xs" color="red" variant="light">
                    Cancelada
                  </Badge>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                nº {v.id} · {quando(v.criadoEm)} · cashback +{formatarBRL(v.cashback)}
                {v.resgate > 0 ? ` · usou ${formatarBRL(v.resgate)}` : ''}
              </Text>
            </div>
            <Group gap={2} wrap="nowrap">
              <Tooltip label="Reimprimir">
                <ActionIcon variant="subtle" size="lg" aria-label={`Reimprimir a venda nº ${v.id}`} onClick={() => abrirComprovante(v.id)}>
                  <IconPrinter size={18} />
                </ActionIcon>
              </Tooltip>
              {podeCancelar && v.status === 'CONFIRMADA' && (
                <Tooltip label="Cancelar venda">
                  <ActionIcon variant="subtle" size="lg" color="red" aria-label={`Cancelar a venda nº ${v.id}`} onClick={() => aoCancelar(v)}>
                    <IconReceiptOff size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    </Estado>
  );
}

function Extrato({ clienteId }: { clienteId: number }) {
  const [unidade, setUnidade] = useState<UnidadeConta>('CASHBACK');
  const extrato = useQuery({ queryKey: chavesTerminal.extrato(clienteId, unidade), queryFn: () => buscarExtrato(clienteId, unidade) });
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={unidade}
        onChange={(v) => setUnidade(v as UnidadeConta)}
        data={[
          { value: 'CASHBACK', label: 'Cashback' },
          { value: 'PONTOS', label: 'Pontos' },
        ]}
        aria-label="Conta do extrato"
      />
      <Estado carregando={extrato.isPending} erro={extrato.error} vazio={(extrato.data?.content ?? []).length === 0}>
        <Stack gap={0} component="ul" className={classes.lista} aria-label={`Extrato de ${unidade === 'PONTOS' ? 'pontos' : 'cashback'}`}>
          {extrato.data?.content.map((l) => (
            <Group key={l.partidaId} component="li" justify="space-between" wrap="nowrap" className={classes.itemLista} data-testid="linha-extrato">
              <div>
                <Text size="sm" fw={500} component="div">
                  {rotuloExtrato(l)}
                  {l.estornado && (
                    <Badge size="xs" ml={6} color="gray" variant="light">
                      Estornado
                    </Badge>
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  {quando(l.criadoEm)}
                </Text>
              </div>
              <Text fw={700} c={l.valor < 0 ? 'red.7' : 'teal.8'} className={classes.valorExtrato}>
                {formatarMovimento(unidade, l.valor)}
              </Text>
            </Group>
          ))}
        </Stack>
        {(extrato.data?.totalElements ?? 0) > (extrato.data?.content.length ?? 0) && (
          <Text size="xs" c="dimmed">
            Mostrando os {extrato.data?.content.length} lançamentos mais recentes de {extrato.data?.totalElements}.
          </Text>
        )}
      </Estado>
    </Stack>
  );
}

/** The customer's last sales (reprint, cancel) and statement, beside the sale. */
export function HistoricoCliente({ clienteId, podeCancelar, aoCancelar }: { clienteId: number; podeCancelar: boolean; aoCancelar: (v: TransacaoResumo) => void }) {
  return (
    <Card padding="md" withBorder component="section" aria-label="Histórico do cliente">
      <Tabs defaultValue="vendas" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="vendas">Últimas vendas</Tabs.Tab>
          <Tabs.Tab value="extrato">Extrato</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="vendas" pt="sm">
          <UltimasVendas clienteId={clienteId} podeCancelar={podeCancelar} aoCancelar={aoCancelar} />
        </Tabs.Panel>
        <Tabs.Panel value="extrato" pt="sm">
          <Extrato clienteId={clienteId} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
