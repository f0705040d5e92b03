import { useState } from 'react';
import { Group, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { formatarNumeroCartao, STATUS_CARTAO, type RelatorioUsoEmpresaFiltro, type StatusCartao } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { CampoData } from '../../components/campo-data';
import { EstadoConsulta } from '../../components/estado-consulta';
import { Indicador } from '../../components/indicador';
import { SelecaoCliente } from '../../components/selecao-cliente';
import { formatarBRL, formatarData, formatarInteiro } from '../../lib/format';
import { useUsoCliente, useUsoEmpresa } from './api';
import { BadgeStatusCartao } from '../../components/badges-situacao';

const PLURAIS: Record<StatusCartao, string> = { DISPONIVEL: 'Disponíveis', ATIVO: 'Ativos', BLOQUEADO: 'Bloqueados', SUBSTITUIDO: 'Substituídos', VALE_PRESENTE: 'Vales-presente' };

const pct = (parte: number, todo: number) => (todo === 0 ? '—' : `${Math.round((parte / todo) * 100)}%`);

type Periodo = { de?: string; ate?: string };

/** "No período" only means something with dates; without them the report covers every sale. */
function textoPeriodo({ de, ate }: Periodo): string {
  if (de && ate) return `De ${formatarData(de)} a ${formatarData(ate)}`;
  if (de) return `Desde ${formatarData(de)}`;
  if (ate) return `Até ${formatarData(ate)}`;
  return 'Em todo o histórico';
}

function CamposPeriodo({ valor, aoMudar }: { valor: Periodo; aoMudar: (v: Periodo) => void }) {
  return (
    <>
      <CampoData label="De" value={valor.de} onChange={(v) => aoMudar({ ...valor, de: v ?? undefined })} clearable w={{ base: 'calc(50% - 6px)', xs: 160 }} />
      <CampoData label="Até" value={valor.ate} onChange={(v) => aoMudar({ ...valor, ate: v ?? undefined })} clearable w={{ base: 'calc(50% - 6px)', xs: 160 }} />
    </>
  );
}

/** card/relatorio/empresa: adoption (cards by status) and use (sales with a card) by branch. */
function UsoEmpresa() {
  const [filtro, setFiltro] = useState<RelatorioUsoEmpresaFiltro>({});
  const r = useUsoEmpresa(filtro);
  return (
    <Stack>
      <Group gap="sm" align="flex-end">
        <CamposPeriodo valor={filtro} aoMudar={setFiltro} />
      </Group>
      <EstadoConsulta titulo="Relatório" consulta={r} vazio={false} mensagemVazia="">
        {r.data && (
          <>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
              {STATUS_CARTAO.map((s) => (
                <Indicador key={s} rotulo={PLURAIS[s]} valor={formatarInteiro(r.data.cartoesPorStatus[s])} />
              ))}
            </SimpleGrid>
            <Text size="sm">
              {formatarInteiro(r.data.clientesComCartaoAtivo)} {r.data.clientesComCartaoAtivo === 1 ? 'cliente' : 'clientes'} com cartão ativo. {textoPeriodo(filtro)},{' '}
              {formatarInteiro(r.data.vendasComCartao)} de {formatarInteiro(r.data.vendas)} vendas ({pct(r.data.vendasComCartao, r.data.vendas)}) foram identificadas pelo
              cartão: {formatarBRL(r.data.valorComCartao)} de {formatarBRL(r.data.valor)}.
            </Text>
            <Table striped withTableBorder aria-label="Uso do cartão por filial">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Filial</Table.Th>
                  <Table.Th ta="right">Vendas com cartão</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    Valor com cartão
                  </Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    Vendas (total)
                  </Table.Th>
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
                    <Table.Td ta="right">{formatarInteiro(f.vendasComCartao)}</Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">
                      {formatarBRL(f.valorComCartao)}
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">
                      {formatarInteiro(f.vendas)}
                    </Table.Td>
                    <Table.Td ta="right">{pct(f.vendasComCartao, f.vendas)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </EstadoConsulta>
    </Stack>
  );
}

/** card/relatorio/cliente: each card of one customer, and what they bought without one. */
function UsoCliente() {
  const [clienteId, setClienteId] = useState<string | null>(null);
  const [periodo, setPeriodo] = useState<Periodo>({});
  const r = useUsoCliente(clienteId ? { clienteId: Number(clienteId), ...periodo } : null);
  return (
    <Stack>
      <Group gap="sm" align="flex-end">
        <SelecaoCliente label="Cliente" w={{ base: '100%', xs: 320 }} value={clienteId} onChange={setClienteId} />
        <CamposPeriodo valor={periodo} aoMudar={setPeriodo} />
      </Group>
      {!clienteId ? (
        <Text c="dimmed">Escolha um cliente para ver o uso de cada cartão dele.</Text>
      ) : (
        <EstadoConsulta titulo="Uso dos cartões do cliente" consulta={r} vazio={false} mensagemVazia="">
          {r.data && (
            <>
              <Table striped withTableBorder aria-label="Cartões do cliente">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Cartão</Table.Th>
                    <Table.Th visibleFrom="sm">Situação</Table.Th>
                    <Table.Th ta="right">Vendas</Table.Th>
                    <Table.Th ta="right">Valor</Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      Cashback
                    </Table.Th>
                    <Table.Th visibleFrom="sm">Último uso</Table.Th>
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
                      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {formatarNumeroCartao(c.numero)}
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <BadgeStatusCartao status={c.status} />
                      </Table.Td>
                      <Table.Td ta="right">{formatarInteiro(c.vendas)}</Table.Td>
                      <Table.Td ta="right">{formatarBRL(c.valor)}</Table.Td>
                      <Table.Td ta="right" visibleFrom="sm">
                        {formatarBRL(c.cashback)}
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{c.ultimoUso ? formatarData(c.ultimoUso) : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text size="sm" c="dimmed">
                {textoPeriodo(periodo)}, sem cartão: {formatarInteiro(r.data.vendasSemCartao)} {r.data.vendasSemCartao === 1 ? 'venda' : 'vendas'},{' '}
                {formatarBRL(r.data.valorSemCartao)}.
              </Text>
            </>
          )}
        </EstadoConsulta>
      )}
    </Stack>
  );
}

/** Cartões › Uso dos cartões. */
export function Component() {
  return (
    <Stack gap="md">
      <CabecalhoPagina titulo="Uso dos cartões" descricao="Quanto das compras passa pelo cartão fidelidade, na rede e por cliente. Só vendas confirmadas contam." />
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
