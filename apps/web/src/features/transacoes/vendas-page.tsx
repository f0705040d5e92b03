import { useCallback, useMemo } from 'react';
import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconPrinter, IconReceiptOff } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { PODE_CANCELAR_VENDAS, type TransacaoResumo } from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { abrirComprovante } from '../../components/comprovante';
import { confirmarEExecutar } from '../../components/confirmar';
import { ListPage, SoNoCelular, aPartirDe, type FiltroDef } from '../../components/list-page';
import { can } from '../../lib/access';
import { buscarVendas, chavesTransacoes, useCancelarVenda } from './api';
import { ROTULOS_SITUACAO_VENDA, SituacaoVenda } from './situacao-venda';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { formatarBRL, formatarDataHora, formatarInteiro } from '../../lib/format';

const quando = (v: TransacaoResumo) => formatarDataHora(v.criadoEm).slice(0, 16);

const COLUNAS: DataTableColumn<TransacaoResumo>[] = [
  { accessor: 'id', title: 'Nº', noWrap: true, visibleMediaQuery: aPartirDe('xl') },
  { accessor: 'criadoEm', title: 'Data', noWrap: true, visibleMediaQuery: aPartirDe('sm'), render: quando },
  {
    accessor: 'clienteNome',
    title: 'Cliente',
    render: (v) => (
      <>
        {v.clienteNome}
        <SoNoCelular>
          <Text size="xs" c="dimmed">
            {quando(v)} · {ROTULOS_SITUACAO_VENDA[v.status]}
          </Text>
        </SoNoCelular>
      </>
    ),
  },
  { accessor: 'filialNome', title: 'Loja', ellipsis: true, width: 180, visibleMediaQuery: aPartirDe('xl'), render: (v) => <span title={v.filialNome ?? undefined}>{v.filialNome ?? '—'}</span> },
  { accessor: 'valor', title: 'Valor', textAlign: 'right', noWrap: true, render: (v) => formatarBRL(v.valor) },
  { accessor: 'resgate', title: 'Cashback usado', textAlign: 'right', noWrap: true, visibleMediaQuery: aPartirDe('md'), render: (v) => formatarBRL(v.resgate) },
  { accessor: 'cashback', title: 'Cashback gerado', textAlign: 'right', noWrap: true, visibleMediaQuery: aPartirDe('md'), render: (v) => formatarBRL(v.cashback) },
  { accessor: 'pontos', title: 'Pontos', textAlign: 'right', visibleMediaQuery: aPartirDe('xl'), render: (v) => formatarInteiro(v.pontos) },
  { accessor: 'status', title: 'Situação', noWrap: true, visibleMediaQuery: aPartirDe('sm'), render: (v) => <SituacaoVenda status={v.status} /> },
  { accessor: 'usuarioNome', title: 'Atendente', noWrap: true, visibleMediaQuery: aPartirDe('xl'), render: (v) => v.usuarioNome ?? '—' },
];

/** Transações › Vendas: every sale of the network, with reprint and (management) cancel. */
export function Component() {
  const usuario = useUsuarioLogado();
  const podeCancelar = can(usuario, PODE_CANCELAR_VENDAS);
  const lojas = useFiliaisRede();
  const cancelar = useCancelarVenda();

  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'cliente', rotulo: 'Cliente', tipo: 'texto', placeholder: 'Nome, CPF, celular ou cartão' },
      { nome: 'de', rotulo: 'De', tipo: 'data' },
      { nome: 'ate', rotulo: 'Até', tipo: 'data' },
      { nome: 'filialId', rotulo: 'Loja', tipo: 'selecao', placeholder: 'Todas', opcoes: (lojas.data ?? []).map((e) => ({ value: String(e.id), label: e.shortName })) },
      {
        nome: 'status',
        rotulo: 'Situação',
        tipo: 'selecao',
        placeholder: 'Todas',
        opcoes: [
          { value: 'CONFIRMADA', label: 'Confirmadas' },
          { value: 'CANCELADA', label: 'Canceladas' },
        ],
      },
    ],
    [lojas.data],
  );

  const pedirCancelamento = useCallback(
    async (v: TransacaoResumo) => {
      await confirmarEExecutar({
        mensagem: `Cancelar a venda nº ${v.id} de ${formatarBRL(v.valor)} de ${v.clienteNome}? O cashback usado volta ao cliente; o cashback e os pontos que ela gerou são estornados.`,
        destrutiva: true,
        acao: () => cancelar.mutateAsync(v.id),
        sucesso: 'Venda cancelada.',
      });
    },
    [cancelar],
  );

  const acoesLinha = useCallback(
    (v: TransacaoResumo) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Reimprimir comprovante">
          <ActionIcon variant="subtle" aria-label={`Reimprimir a venda nº ${v.id}`} onClick={() => abrirComprovante(v.id)}>
            <IconPrinter size={18} />
          </ActionIcon>
        </Tooltip>
        {podeCancelar &&
          (v.status === 'CONFIRMADA' ? (
            <Tooltip label="Cancelar venda">
              <ActionIcon variant="subtle" color="red" aria-label={`Cancelar a venda nº ${v.id}`} onClick={() => void pedirCancelamento(v)}>
                <IconReceiptOff size={18} />
              </ActionIcon>
            </Tooltip>
          ) : (
            // Keeps the print button of a cancelled sale in the same column as the others.
            <Box w={28} aria-hidden />
          ))}
      </Group>
    ),
    [podeCancelar, pedirCancelamento],
  );

  return (
    <ListPage<TransacaoResumo>
      titulo="Vendas"
      descricao="As vendas de todas as lojas da rede, das mais recentes para as mais antigas. Dias no horário de Brasília."
      colunas={COLUNAS}
      buscar={buscarVendas}
      chaveConsulta={chavesTransacoes.lista}
      filtros={filtros}
      acoesLinha={acoesLinha}
    />
  );
}
