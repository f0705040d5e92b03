import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { Perfil } from '@bonifica/contracts';
import { confirmarEExecutar } from '../../components/confirmar';
import { FormDrawer } from '../../components/form-page';
import { aPartirDe, ListPage, type FiltroDef } from '../../components/list-page';
import { buscarPerfis, chavesCadastros, useExcluirPerfil } from './api';
import { PerfilForm } from './perfil-form';

const COLUNAS: DataTableColumn<Perfil>[] = [
  {
    accessor: 'nome',
    title: 'Nome',
    render: (p) => (
      <Group gap="xs" wrap="nowrap">
        {p.nome}
        {p.sistema && (
          <Badge color="gray" variant="light" size="sm">
            Sistema
          </Badge>
        )}
      </Group>
    ),
  },
  // On a phone: name and actions; the description from `sm` on.
  { accessor: 'descricao', title: 'Descrição', visibleMediaQuery: aPartirDe('sm'), render: (p) => p.descricao ?? '—' },
  { accessor: 'permissoes', title: 'Permissões', textAlign: 'right', render: (p) => p.permissoes.length },
];

// profile/filterpaginated takes only { busca }: no server sort, so no sortable column either.
const FILTROS: FiltroDef[] = [{ nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome do perfil' }];

type Edicao = { registro: Perfil | null } | null;

/** Cadastros › Perfis: which permissions each profile of the company grants. */
export function Component() {
  const excluir = useExcluirPerfil();
  const [edicao, setEdicao] = useState<Edicao>(null);

  const pedirExclusao = useCallback(
    async (perfil: Perfil) => {
      await confirmarEExecutar({ mensagem: `Deseja excluir o perfil ${perfil.nome}?`, destrutiva: true, acao: () => excluir.mutateAsync(perfil.id), sucesso: 'Perfil excluído.' });
    },
    [excluir],
  );

  const acoesLinha = useCallback(
    (p: Perfil) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label={p.sistema ? 'Ver' : 'Editar'}>
          <ActionIcon variant="subtle" aria-label={`${p.sistema ? 'Ver' : 'Editar'} ${p.nome}`} onClick={() => setEdicao({ registro: p })}>
            {p.sistema ? <IconEye size={18} /> : <IconEdit size={18} />}
          </ActionIcon>
        </Tooltip>
        {!p.sistema && (
          <Tooltip label="Excluir">
            <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${p.nome}`} onClick={() => void pedirExclusao(p)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
    [pedirExclusao],
  );

  const fechar = useCallback(() => setEdicao(null), []);
  const titulo = edicao?.registro ? (edicao.registro.sistema ? 'Perfil do sistema' : 'Editar perfil') : 'Novo perfil';

  return (
    <>
      <ListPage<Perfil>
        titulo="Perfis"
        descricao="Conjuntos de permissões atribuídos aos usuários."
        colunas={COLUNAS}
        buscar={buscarPerfis}
        chaveConsulta={chavesCadastros.listaPerfis}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
        acaoNovo={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ registro: null })}>
            Novo perfil
          </Button>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={titulo}>
        {edicao && <PerfilForm key={edicao.registro?.id ?? 'novo'} registro={edicao.registro} aoSalvar={fechar} />}
      </FormDrawer>
    </>
  );
}
