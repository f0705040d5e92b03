import { useState } from 'react';
import { Alert, Card, Center, Group, Loader, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { formatarBRL, formatarNumeroCartao, STATUS_CARTAO, type RelatorioUsoEmpresaFiltro, type StatusCartao } from '@bonifica/contracts';
import { formatarData } from '../../lib/format';
import { SelecaoCliente } from '../../components/selecao-cliente';
import { useUsoCliente, useUsoEmpresa } from './api';
import { BadgeStatusCartao } from './cartoes-page';

const PLURAIS: Record<StatusCartao, string> = { DISPONIVEL: 'Disponíveis', ATIVO: 'Ativos', BLOQUEADO: 'Bloqueados', SUBSTITUIDO: 'Substituídos' };

const pct = (parte: number, todo: number) => (todo === 0 ? '—' : `${Math.round((parte / todo) * 100)}%`);

function Periodo({ valor, aoMudar }: { valor: { de?: string; ate?: string }; aoMudar: (v: { de?: string; ate?: string }) => void }) {
  return (
    <Group>
      <TextInput type="date" label="De" value={valor.de ?? ''} onChange={(e) => aoMudar({ ...valor, de: e.currentTarget.value || undefined })} />
      <TextInput type="date" label="Até" value={valor.ate ?? ''} onChange={(e) => aoMudar({ ...valor, ate: e.currentTarget.value || undefined })} />
    </Group>
  );
}

function Carregando() {
  return (
    <Center py="xl">
      <Loader aria-label="Carregando relatório" />
    </Center>
  );
}

/** card/relatorio/empresa: adoption (cards by status) and use (sales with a card) by branch. */
function UsoEmpresa() {
  const [filtro, setFiltro] = useState<RelatorioUsoEmpresaFiltro>({});
  const r = useUsoEmpresa(filtro);
  return (
    <Stack>
      <Periodo valor={filtro} aoMudar={setFiltro} />
      {r.isPending && <Carregando />}
      {r.isError && <Alert color="red">{r.error.message}</Alert>}
      {r.data && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {STATUS_CARTAO.map((s) => (
              <Card key={s} withBorder>
                <Text size="xs" c="dimmed">
                  {PLURAIS[s]}
                </Text>
                <Text fz="xl" fw={700}>
                  {r.data.cartoesPorStatus[s]}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Text size="sm">
            {r.data.clientesComCartaoAtivo} clientes com cartão ativo. No período, {r.data.vendasComCartao} de {r.data.vendas} vendas ({pct(r.data.vendasComCartao, r.data.vendas)}) foram
            identificadas pelo cartão: {formatarBRL(r.data.valorComCartao)} de {formatarBRL(r.data.valor)}.
          </Text>
          <Table.ScrollContainer minWidth={520}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Filial</Table.Th>
                  <Table.Th ta="right">Vendas com cartão</Table.Th>
                  <Table.Th ta="right">Valor com cartão</Table.Th>
                  <Table.Th ta="right">Vendas (total)</Table.Th>
                  <Table.Th ta="right">Uso do cartão</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.data.porFilial.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>Nenhuma venda no período.</Table.Td>
                  </Table.Tr>
                )}
                {r.data.porFilial.map((f) => (
                  <Table.Tr key={f.filialId ?? 0}>
                    <Table.Td>{f.filialNome ?? 'Sem filial'}</Table.Td>
                    <Table.Td ta="right">{f.vendasComCartao}</Table.Td>
                    <Table.Td ta="right">{formatarBRL(f.valorComCartao)}</Table.Td>
                    <Table.Td ta="right">{f.vendas}</Table.Td>
                    <Table.Td ta="right">{pct(f.vendasComCartao, f.vendas)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

/** card/relatorio/cliente: each card of one customer, and what they bought without one. */
function UsoCliente() {
  const [clienteId, setClienteId] = useState<string | null>(null);
  const [periodo, setPeriodo] = useState<{ de?: string; ate?: string }>({});
  const r = useUsoCliente(clienteId ? { clienteId: Number(clienteId), ...periodo } : null);
  return (
    <Stack>
      <Group align="flex-end">
        <SelecaoCliente label="Cliente" w={320} value={clienteId} onChange={setClienteId} />
        <Periodo valor={periodo} aoMudar={setPeriodo} />
      </Group>
      {!clienteId && <Text c="dimmed">Escolha um cliente para ver o uso de cada cartão dele.</Text>}
      {clienteId && r.isPending && <Carregando />}
      {r.isError && <Alert color="red">{r.error.message}</Alert>}
      {r.data && (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cartão</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th ta="right">Vendas</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  <Table.Th ta="right">Cashback</Table.Th>
                  <Table.Th>Último uso</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.data.cartoes.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>Este cliente não tem cartão.</Table.Td>
                  </Table.Tr>
                )}
                {r.data.cartoes.map((c) => (
                  <Table.Tr key={c.cartaoId}>
                    <Table.Td ff="monospace">{formatarNumeroCartao(c.numero)}</Table.Td>
                    <Table.Td>
                      <BadgeStatusCartao status={c.status} />
                    </Table.Td>
                    <Table.Td ta="right">{c.vendas}</Table.Td>
                    <Table.Td ta="right">{formatarBRL(c.valor)}</Table.Td>
                    <Table.Td ta="right">{formatarBRL(c.cashback)}</Table.Td>
                    <Table.Td>{c.ultimoUso ? formatarData(c.ultimoUso) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed">
            Sem cartão no período: {r.data.vendasSemCartao} vendas, {formatarBRL(r.data.valorSemCartao)}.
          </Text>
        </>
      )}
    </Stack>
  );
}

/** Cartões › Uso dos cartões. */
export function Component() {
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          Uso dos cartões
        </Title>
        <Text c="dimmed" size="sm">
          Quanto das compras passa pelo cartão fidelidade, na rede e por cliente. Só vendas confirmadas contam.
        </Text>
      </div>
      <Tabs defaultValue="empresa" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="empresa">Por filial</Tabs.Tab>
          <Tabs.Tab value="cliente">Por cliente</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="empresa" pt="md">
          <UsoEmpresa />
        </Tabs.Panel>
        <Tabs.Panel value="cliente" pt="md">
          <UsoCliente />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
