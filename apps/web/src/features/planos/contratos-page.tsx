import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconCalendarRepeat, IconDownload, IconFileTypeCsv, IconFileTypePdf, IconPlus, IconX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import {
  formatarBRL,
  formatarData,
  ROTULOS_PERIODICIDADE,
  ROTULOS_SITUACAO_CLIENTE_PLANO,
  SITUACOES_CLIENTE_PLANO,
  type ClientePlano,
  type FormatoRelatorio,
} from '@bonifica/contracts';
import { confirmarEExecutar } from '../../components/confirmar';
import { FormDrawer } from '../../components/form-page';
import { type FiltroDef, ListPage, type Ordenacao, aPartirDe, useFiltroDaTela } from '../../components/list-page';
import { useDownload } from '../../components/use-download';
import { buscarContratos, baixarRelatorioContratos, chavesPlanos, paraFiltroContratos, useCancelarContrato, usePlanos, useRenovarContrato } from './api';
import { ContratarForm } from './contratar-form';
import { BadgeSituacaoPlano } from '../../components/badges-situacao';

const COLUNAS: DataTableColumn<ClientePlano>[] = [
  {
    accessor: 'clienteNome',
    title: 'Cliente',
    sortable: true,
    render: (c) => (
      <>
        <Text size="sm">{c.clienteNome}</Text>
        <Text size="xs" c="dimmed">
          {c.planoNome} · contrato nº {c.id}
        </Text>
      </>
    ),
  },
  { accessor: 'preco', title: 'Preço', textAlign: 'right', noWrap: true, visibleMediaQuery: aPartirDe('md'), render: (c) => `${formatarBRL(c.preco)} / ${ROTULOS_PERIODICIDADE[c.periodicidade].toLowerCase()}` },
  { accessor: 'inicio', title: 'Início', noWrap: true, visibleMediaQuery: aPartirDe('lg'), render: (c) => formatarData(c.inicio) },
  { accessor: 'fim', title: 'Vigente até', sortable: true, noWrap: true, visibleMediaQuery: aPartirDe('sm'), render: (c) => formatarData(c.fim) },
  { accessor: 'situacao', title: 'Situação', noWrap: true, render: (c) => <BadgeSituacaoPlano situacao={c.situacao} /> },
  { accessor: 'criadoEm', title: 'Contratado em', sortable: true, noWrap: true, visibleMediaQuery: aPartirDe('lg'), render: (c) => formatarData(c.criadoEm) },
];

const ORDENACAO_PADRAO: Ordenacao = { campo: 'criadoEm', direcao: 'desc' };

/** Cadastros › Planos dos clientes: who has which plan, until when; contract, renew, cancel, report. */
export function Component() {
  const planos = usePlanos();
  const cancelar = useCancelarContrato();
  const renovar = useRenovarContrato();
  const [contratando, setContratando] = useState(false);
  const [baixando, baixarArquivo] = useDownload();

  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Cliente: nome, CPF/CNPJ ou celular' },
      { nome: 'situacao', rotulo: 'Situação', tipo: 'selecao', placeholder: 'Todas', opcoes: SITUACOES_CLIENTE_PLANO.map((s) => ({ value: s, label: ROTULOS_SITUACAO_CLIENTE_PLANO[s] })) },
      { nome: 'planoId', rotulo: 'Plano', tipo: 'selecao', opcoes: (planos.data ?? []).map((p) => ({ value: String(p.id), label: p.nome })) },
    ],
    [planos.data],
  );

  const pedirCancelamento = useCallback(
    (c: ClientePlano) =>
      void confirmarEExecutar({
        mensagem: `Cancelar o contrato nº ${c.id} (${c.planoNome}) de ${c.clienteNome}? O benefício do plano deixa de valer já na próxima compra.`,
        destrutiva: true,
        acao: () => cancelar.mutateAsync(c),
        sucesso: 'Contrato cancelado.',
      }),
    [cancelar],
  );

  const pedirRenovacao = useCallback(
    (c: ClientePlano) =>
      void confirmarEExecutar({
        mensagem:
          c.situacao === 'VENCIDO'
            ? `Renovar o contrato nº ${c.id} de ${c.clienteNome}? Venceu em ${formatarData(c.fim)}: o novo período começa hoje.`
            : `Renovar o contrato nº ${c.id} de ${c.clienteNome} por mais um período ${ROTULOS_PERIODICIDADE[c.periodicidade].toLowerCase()}, a partir de ${formatarData(c.fim)}?`,
        acao: () => renovar.mutateAsync(c.id),
        sucesso: 'Contrato renovado.',
      }),
    [renovar],
  );

  const acoesLinha = useCallback(
    (c: ClientePlano) =>
      c.status === 'ATIVO' ? (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Renovar">
            <ActionIcon variant="subtle" aria-label={`Renovar contrato ${c.id} de ${c.clienteNome}`} onClick={() => pedirRenovacao(c)}>
              <IconCalendarRepeat size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Cancelar contrato">
            <ActionIcon variant="subtle" color="red" aria-label={`Cancelar contrato ${c.id} de ${c.clienteNome}`} onClick={() => pedirCancelamento(c)}>
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null,
    [pedirCancelamento, pedirRenovacao],
  );

  const filtroDaTela = useFiltroDaTela(filtros);
  const baixar = (formato: FormatoRelatorio) => baixarArquivo(() => baixarRelatorioContratos(formato, paraFiltroContratos(filtroDaTela(), null)));

  return (
    <>
      <ListPage<ClientePlano>
        titulo="Planos dos clientes"
        descricao="Contratos de planos: vigência, renovação e cancelamento. O benefício vale nas compras enquanto o contrato está vigente."
        colunas={COLUNAS}
        buscar={buscarContratos}
        chaveConsulta={chavesPlanos.contratos}
        filtros={filtros}
        ordenacaoPadrao={ORDENACAO_PADRAO}
        acoesLinha={acoesLinha}
        acaoNovo={
          <Group gap="xs">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" leftSection={<IconDownload size={16} />} loading={baixando}>
                  Relatório
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void baixar('CSV')}>
                  Planilha (CSV)
                </Menu.Item>
                <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={() => void baixar('PDF')}>
                  PDF para imprimir
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setContratando(true)}>
              Contratar plano
            </Button>
          </Group>
        }
      />
      <FormDrawer aberto={contratando} aoFechar={() => setContratando(false)} titulo="Contratar plano" tamanho="md">
        {contratando && <ContratarForm aoSalvar={() => setContratando(false)} />}
      </FormDrawer>
    </>
  );
}
