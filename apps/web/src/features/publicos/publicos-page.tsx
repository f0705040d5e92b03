import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { Publico } from '@bonifica/contracts';
import { BotaoExcluir, ListPage, type FiltroDef } from '../../components/list-page';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { buscarPublicos, chavesPublicos, useEtiquetas, useExcluirPublico, usePlanos } from './api';
import { descreverCondicoes } from './condicoes';

type Nomes = Parameters<typeof descreverCondicoes>[1];

const colunas = (nomes: Nomes): DataTableColumn<Publico>[] => [
  { accessor: 'nome', title: 'Público' },
  {
    accessor: 'condicoes',
    title: 'Condições',
    render: (p) => (
      <Text size="sm" lineClamp={2}>
        {descreverCondicoes(p.condicoes, nomes).join(' · ') || 'Todos os clientes ativos'}
      </Text>
    ),
  },
  { accessor: 'atualizadoEm', title: 'Atualizado em', render: (p) => new Date(p.atualizadoEm).toLocaleDateString('pt-BR') },
];

const FILTROS: FiltroDef[] = [{ nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome do público' }];

/** Marketing › Públicos: saved audiences (filters over the customers), opened in the builder. */
export function Component() {
  const navegar = useNavigate();
  const excluir = useExcluirPublico();
  const filiais = useFiliaisRede();
  const planos = usePlanos();
  const etiquetas = useEtiquetas();
  // The conditions name branches, plans and tags by id: the list shows their names.
  const COLUNAS = useMemo(
    () =>
      colunas({
        filiais: new Map((filiais.data ?? []).map((f) => [f.id, f.shortName])),
        planos: new Map((planos.data ?? []).map((p) => [p.id, p.nome])),
        etiquetas: new Map((etiquetas.data ?? []).map((e) => [e.id, e.nome])),
      }),
    [filiais.data, planos.data, etiquetas.data],
  );
  const acoesLinha = useCallback(
    (p: Publico) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${p.nome}`} onClick={() => void navegar(`/app/marketing/publicos/edicao/${p.id}`)}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        <BotaoExcluir nome={p.nome} mensagem={`Deseja excluir o público ${p.nome}?`} excluir={() => excluir.mutateAsync(p.id)} sucesso={'Público excluído.'} />
      </Group>
    ),
    [excluir, navegar],
  );
  return (
    <ListPage<Publico>
      titulo="Públicos"
      descricao="Grupos de clientes definidos por condições (filial, compras, saldo, aniversário, consentimento, etiquetas), para campanhas."
      colunas={COLUNAS}
      buscar={buscarPublicos}
      chaveConsulta={chavesPublicos.lista}
      filtros={FILTROS}
      acoesLinha={acoesLinha}
      mensagemVazia="Nenhum público salvo ainda."
      acaoNovo={
        <Button leftSection={<IconPlus size={16} />} onClick={() => void navegar('/app/marketing/publicos/novo')}>
          Novo público
        </Button>
      }
    />
  );
}
