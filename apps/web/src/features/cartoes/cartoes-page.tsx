import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Modal, Text, Tooltip } from '@mantine/core';
import { IconDots, IconEye, IconFileExport, IconLink, IconLock, IconLockOpen, IconPlus, IconPrinter, IconRefresh, IconStack2 } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useSearchParams } from 'react-router';
import { formatarNumeroCartao, PODE_GERENCIAR_CARTOES, ROTULOS_STATUS_CARTAO, type CartaoResumo, type StatusCartao } from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { type FiltroDef, ListPage, type Ordenacao, SoNoCelular, aPartirDe, lerEstadoLista } from '../../components/list-page';
import { notificar } from '../../components/notificar';
import { can } from '../../lib/access';
import { formatarData } from '../../lib/format';
import { buscarCartoes, chavesCartoes, exportarCsv, paraFiltroCartao, useAdicionarFila, type PedidoPdf } from './api';
import { abrirPdf } from '../../lib/arquivo';
import { BloquearCartao, EmitirLote, SubstituirCartao, VincularCartao } from './modais-cartao';
import { BadgeStatusCartao } from '../../components/badges-situacao';

function ResumoCelular({ c }: { c: CartaoResumo }) {
  return (
    <SoNoCelular>
      <BadgeStatusCartao status={c.status} />
      <Text size="xs" c="dimmed">
        {c.clienteNome ?? 'Sem cliente'}
      </Text>
    </SoNoCelular>
  );
}

const COLUNAS: DataTableColumn<CartaoResumo>[] = [
  {
    accessor: 'numero',
    title: 'Número',
    sortable: true,
    noWrap: true,
    render: (c) => (
      <>
        <Text ff="monospace" size="sm">
          {formatarNumeroCartao(c.numero)}
        </Text>
        {c.naFila && (
          <Badge size="xs" variant="outline" color="grape" mt={2}>
            Na fila de impressão
          </Badge>
        )}
        <ResumoCelular c={c} />
      </>
    ),
  },
  { accessor: 'clienteNome', title: 'Cliente', sortable: true, visibleMediaQuery: aPartirDe('sm'), render: (c) => c.clienteNome ?? <Text c="dimmed" size="sm">Sem cliente</Text> },
  { accessor: 'status', title: 'Situação', visibleMediaQuery: aPartirDe('sm'), render: (c) => <BadgeStatusCartao status={c.status} /> },
  { accessor: 'filialNome', title: 'Filial', visibleMediaQuery: aPartirDe('lg'), render: (c) => c.filialNome ?? '—' },
  { accessor: 'emitidoEm', title: 'Emitido em', sortable: true, noWrap: true, visibleMediaQuery: aPartirDe('md'), render: (c) => formatarData(c.emitidoEm) },
];

const ORDENACAO_PADRAO: Ordenacao = { campo: 'emitidoEm', direcao: 'desc' };

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Número ou nome do cliente' },
  {
    nome: 'status',
    rotulo: 'Situação',
    tipo: 'selecao',
    placeholder: 'Todas',
    opcoes: (Object.keys(ROTULOS_STATUS_CARTAO) as StatusCartao[]).map((s) => ({ value: s, label: ROTULOS_STATUS_CARTAO[s] })),
  },
];

type Acao = { tipo: 'emitir' } | { tipo: 'vincular' | 'bloquear' | 'substituir'; cartao: CartaoResumo } | null;

const TITULOS = { emitir: 'Emitir lote de cartões', vincular: 'Vincular cartão a um cliente', bloquear: 'Bloquear cartão', substituir: 'Substituir cartão' } as const;

const imprimivel = (c: CartaoResumo) => c.status === 'DISPONIVEL' || c.status === 'ATIVO';

/** Cartões › Cartões: every card of the network, with the counter's and the office's actions. */
export function Component() {
  const usuario = useUsuarioLogado();
  const gestao = can(usuario, PODE_GERENCIAR_CARTOES);
  const [acao, setAcao] = useState<Acao>(null);
  const [params] = useSearchParams();
  const adicionarFila = useAdicionarFila();

  const imprimir = useCallback((pedido: PedidoPdf) => {
    abrirPdf(pedido).catch((e: unknown) => notificar.erro(e instanceof Error ? e.message : 'Não foi possível gerar o PDF.'));
  }, []);

  const enfileirar = useCallback(
    async (c: CartaoResumo) => {
      try {
        await adicionarFila.mutateAsync([c.id]);
        notificar.sucesso('Cartão adicionado à fila de impressão.');
      } catch (e) {
        notificar.erro(e instanceof Error ? e.message : 'Não foi possível adicionar à fila.');
      }
    },
    [adicionarFila],
  );

  const exportar = useCallback(async () => {
    const { filtro, ordenacao } = lerEstadoLista(params, { filtros: FILTROS, camposOrdenaveis: ['numero', 'clienteNome', 'emitidoEm'], ordenacaoPadrao: ORDENACAO_PADRAO });
    try {
      await exportarCsv(paraFiltroCartao(filtro, ordenacao));
    } catch (e) {
      notificar.erro(e instanceof Error ? e.message : 'Não foi possível exportar.');
    }
  }, [params]);

  const acoesLinha = useCallback(
    (c: CartaoResumo) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Detalhes e estatísticas">
          <ActionIcon component={Link} to={`/app/cartoes/${c.id}`} variant="subtle" aria-label={`Ver cartão ${formatarNumeroCartao(c.numero)}`}>
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
        {c.status === 'DISPONIVEL' && (
          <Tooltip label="Vincular a um cliente">
            <ActionIcon variant="subtle" aria-label={`Vincular cartão ${formatarNumeroCartao(c.numero)}`} onClick={() => setAcao({ tipo: 'vincular', cartao: c })}>
              <IconLink size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {/* A gift card's carrier is never printed nor blocked here: the gift card is managed in Vales-presente. */}
        {gestao && c.status !== 'SUBSTITUIDO' && c.status !== 'VALE_PRESENTE' && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Mais ações do cartão ${formatarNumeroCartao(c.numero)}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {imprimivel(c) && (
                <>
                  <Menu.Item leftSection={<IconPrinter size={16} />} onClick={() => imprimir({ caminho: 'card/print', corpo: { id: c.id } })}>
                    Imprimir frente (PDF)
                  </Menu.Item>
                  <Menu.Item leftSection={<IconPrinter size={16} />} onClick={() => imprimir({ caminho: 'card/print/back', corpo: { id: c.id } })}>
                    Imprimir verso (PDF)
                  </Menu.Item>
                  {!c.naFila && (
                    <Menu.Item leftSection={<IconStack2 size={16} />} onClick={() => void enfileirar(c)}>
                      Adicionar à fila de impressão
                    </Menu.Item>
                  )}
                </>
              )}
              {c.clienteId !== null && (
                <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => setAcao({ tipo: 'substituir', cartao: c })}>
                  Substituir
                </Menu.Item>
              )}
              <Menu.Item
                color={c.status === 'BLOQUEADO' ? undefined : 'red'}
                leftSection={c.status === 'BLOQUEADO' ? <IconLockOpen size={16} /> : <IconLock size={16} />}
                onClick={() => setAcao({ tipo: 'bloquear', cartao: c })}
              >
                {c.status === 'BLOQUEADO' ? 'Desbloquear' : 'Bloquear'}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    ),
    [gestao, imprimir, enfileirar],
  );

  const cabecalho = useMemo(
    () =>
      gestao ? (
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileExport size={16} />} onClick={() => void exportar()}>
            Exportar CSV
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAcao({ tipo: 'emitir' })}>
            Emitir lote
          </Button>
        </Group>
      ) : undefined,
    [gestao, exportar],
  );

  const fechar = () => setAcao(null);
  return (
    <>
      <ListPage<CartaoResumo>
        titulo="Cartões"
        descricao="Cartões fidelidade da rede: emissão, vínculo com o cliente, impressão e bloqueio."
        colunas={COLUNAS}
        buscar={buscarCartoes}
        chaveConsulta={chavesCartoes.lista}
        filtros={FILTROS}
        ordenacaoPadrao={ORDENACAO_PADRAO}
        acoesLinha={acoesLinha}
        acaoNovo={cabecalho}
      />
      <Modal opened={acao !== null} onClose={fechar} title={acao ? TITULOS[acao.tipo] : ''} centered>
        {acao?.tipo === 'emitir' && <EmitirLote aoConcluir={fechar} />}
        {acao?.tipo === 'vincular' && <VincularCartao cartao={acao.cartao} aoConcluir={fechar} />}
        {acao?.tipo === 'bloquear' && <BloquearCartao cartao={acao.cartao} aoConcluir={fechar} />}
        {acao?.tipo === 'substituir' && <SubstituirCartao cartao={acao.cartao} aoConcluir={fechar} />}
      </Modal>
    </>
  );
}
