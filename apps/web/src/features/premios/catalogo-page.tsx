import { useCallback, useState } from 'react';
import { ActionIcon, Avatar, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconGift, IconPlus, IconPrinter } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { BadgeAtivo } from '../../components/badges-situacao';
import { ROTULOS_PERIODO_LIMITE, type Premio } from '@bonifica/contracts';
import { FormDrawer } from '../../components/form-page';
import { aPartirDe, BotaoExcluir, ListPage, SoNoCelular, type FiltroDef } from '../../components/list-page';
import { notificar } from '../../components/notificar';
import { buscarPremios, chavesPremios, custoDoPremio, imprimirCatalogo, useExcluirPremio } from './api';
import { PremioForm } from './premio-form';

const COLUNAS: DataTableColumn<Premio>[] = [
  {
    accessor: 'nome',
    title: 'Prêmio',
    render: (p) => (
      <Group gap="sm" wrap="nowrap">
        <Avatar src={p.fotoArquivoId ? `/arquivo/${p.fotoArquivoId}` : null} alt="" radius="sm" size="md">
          <IconGift size={18} />
        </Avatar>
        <div>
          {p.nome}
          {/* On a phone the name carries the cost and the status; the other columns come from `sm` on. */}
          <SoNoCelular>
            <Text size="xs">{custoDoPremio(p.custoPontos, p.custoCashback)}</Text>
            <BadgeAtivo ativo={p.ativo} size="xs" />
          </SoNoCelular>
        </div>
      </Group>
    ),
  },
  { accessor: 'custo', title: 'Custo', visibleMediaQuery: aPartirDe('sm'), render: (p) => custoDoPremio(p.custoPontos, p.custoCashback) },
  { accessor: 'estoque', title: 'Estoque', textAlign: 'right', visibleMediaQuery: aPartirDe('sm'), render: (p) => (p.estoque === null ? 'Sem controle' : p.estoque) },
  { accessor: 'limite', title: 'Limite', visibleMediaQuery: aPartirDe('md'), render: (p) => (p.limitePorCliente ? `${p.limitePorCliente} ${ROTULOS_PERIODO_LIMITE[p.limitePeriodo]}` : '—') },
  // Every redemption ever made, cancelled ones too (the report counts those apart): what keeps the prize from being deleted.
  { accessor: 'resgates', title: 'Resgates (com cancelados)', textAlign: 'right', visibleMediaQuery: aPartirDe('md') },
  {
    accessor: 'ativo',
    title: 'Situação',
    visibleMediaQuery: aPartirDe('sm'),
    render: (p) => <BadgeAtivo ativo={p.ativo} />,
  },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome ou descrição' },
  { nome: 'ativo', rotulo: 'Situação', tipo: 'booleano', opcoes: [{ value: 'true', label: 'Ativos' }, { value: 'false', label: 'Inativos' }] },
];

type Edicao = { registro: Premio | null } | null;

/** Prêmios › Catálogo: the prizes customers may redeem, with photo, cost, stock and rules. */
export function Component() {
  const excluir = useExcluirPremio();
  const [edicao, setEdicao] = useState<Edicao>(null);
  const fechar = useCallback(() => setEdicao(null), []);
  const acoesLinha = useCallback(
    (p: Premio) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${p.nome}`} onClick={() => setEdicao({ registro: p })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        <BotaoExcluir
          nome={p.nome}
          mensagem={p.resgates > 0 ? `${p.nome} já foi resgatado: ele será desativado, não apagado. Continuar?` : `Deseja excluir o prêmio ${p.nome}?`}
          excluir={() => excluir.mutateAsync(p.id)}
          sucesso={p.resgates > 0 ? 'Prêmio desativado.' : 'Prêmio excluído.'}
        />
      </Group>
    ),
    [excluir],
  );
  return (
    <>
      <ListPage<Premio>
        titulo="Catálogo de prêmios"
        descricao="O que os clientes podem trocar por pontos e cashback, no balcão ou pelo back office."
        colunas={COLUNAS}
        buscar={buscarPremios}
        chaveConsulta={chavesPremios.catalogo}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
        acaoNovo={
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => void imprimirCatalogo().catch((e: Error) => notificar.erro(e.message))}>
              Imprimir catálogo
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ registro: null })}>
              Novo prêmio
            </Button>
          </Group>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={edicao?.registro ? 'Editar prêmio' : 'Novo prêmio'}>
        {edicao && <PremioForm key={edicao.registro?.id ?? 'novo'} registro={edicao.registro} aoSalvar={fechar} />}
      </FormDrawer>
    </>
  );
}
