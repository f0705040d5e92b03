import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconUserOff } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { UsuarioResumo } from '@bonifica/contracts';
import { confirmarEExecutar } from '../../components/confirmar';
import { FormDrawer } from '../../components/form-page';
import { aPartirDe, ListPage, SoNoCelular, type FiltroDef, type Ordenacao } from '../../components/list-page';
import { formatarData } from '../../lib/format';
import { buscarUsuarios, chavesCadastros, useDesativarUsuario, useOpcoesPerfis } from './api';
import { UsuarioForm } from './usuario-form';
import { useUsuarioLogado } from '../../app/session/usuario';

const COLUNAS: DataTableColumn<UsuarioResumo>[] = [
  // On a phone: the name (with login, profile and status under it) and the actions; the rest from `sm`/`md` on.
  {
    accessor: 'nome',
    title: 'Nome',
    sortable: true,
    render: (u) => (
      <>
        {u.nome}
        <SoNoCelular>
          <Text size="xs" c="dimmed">
            {u.username} · {u.perfilNome ?? 'sem perfil'}
          </Text>
          {!u.ativo && (
            <Badge color="gray" variant="light" size="xs">
              Inativo
            </Badge>
          )}
        </SoNoCelular>
      </>
    ),
  },
  { accessor: 'username', title: 'Usuário', sortable: true, visibleMediaQuery: aPartirDe('sm') },
  { accessor: 'email', title: 'E-mail', visibleMediaQuery: aPartirDe('md'), render: (u) => u.email ?? '—' },
  { accessor: 'empresaNome', title: 'Empresa', visibleMediaQuery: aPartirDe('md'), render: (u) => u.empresaNome ?? '—' },
  { accessor: 'perfilNome', title: 'Perfil', visibleMediaQuery: aPartirDe('sm'), render: (u) => u.perfilNome ?? '—' },
  {
    accessor: 'ativo',
    title: 'Situação',
    visibleMediaQuery: aPartirDe('sm'),
    render: (u) => (
      <Badge color={u.ativo ? 'teal' : 'gray'} variant="light">
        {u.ativo ? 'Ativo' : 'Inativo'}
      </Badge>
    ),
  },
  { accessor: 'criadoEm', title: 'Criado em', sortable: true, visibleMediaQuery: aPartirDe('md'), render: (u) => formatarData(u.criadoEm) },
];

const ORDENACAO_PADRAO: Ordenacao = { campo: 'nome', direcao: 'asc' };

/** null: drawer closed; { registro: null }: new user. */
type Edicao = { registro: UsuarioResumo | null } | null;

/** Cadastros › Usuários: the company's back-office users. */
export function Component() {
  const perfis = useOpcoesPerfis();
  const eu = useUsuarioLogado();
  const desativar = useDesativarUsuario();
  const [edicao, setEdicao] = useState<Edicao>(null);

  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome, usuário ou e-mail' },
      {
        nome: 'ativo',
        rotulo: 'Situação',
        tipo: 'booleano',
        opcoes: [
          { value: 'true', label: 'Ativos' },
          { value: 'false', label: 'Inativos' },
        ],
      },
      {
        nome: 'perfilId',
        rotulo: 'Perfil',
        tipo: 'selecao',
        opcoes: (perfis.data ?? []).map((p) => ({ value: String(p.id), label: p.nome })),
      },
    ],
    [perfis.data],
  );

  const pedirDesativacao = useCallback(
    async (usuario: UsuarioResumo) => {
      await confirmarEExecutar({ mensagem: `Deseja desativar o usuário ${usuario.nome}?`, destrutiva: true, acao: () => desativar.mutateAsync(usuario.id), sucesso: 'Usuário desativado.' });
    },
    [desativar],
  );

  const acoesLinha = useCallback(
    (u: UsuarioResumo) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${u.nome}`} onClick={() => setEdicao({ registro: u })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        {u.ativo && u.id !== eu?.id && (
          <Tooltip label="Desativar">
            <ActionIcon variant="subtle" color="red" aria-label={`Desativar ${u.nome}`} onClick={() => void pedirDesativacao(u)}>
              <IconUserOff size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
    [pedirDesativacao, eu?.id],
  );

  const fechar = useCallback(() => setEdicao(null), []);

  return (
    <>
      <ListPage<UsuarioResumo>
        titulo="Usuários"
        descricao="Quem acessa o back office da empresa e com qual perfil."
        colunas={COLUNAS}
        buscar={buscarUsuarios}
        chaveConsulta={chavesCadastros.listaUsuarios}
        filtros={filtros}
        ordenacaoPadrao={ORDENACAO_PADRAO}
        acoesLinha={acoesLinha}
        acaoNovo={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ registro: null })}>
            Novo usuário
          </Button>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={edicao?.registro ? 'Editar usuário' : 'Novo usuário'}>
        {edicao && <UsuarioForm key={edicao.registro?.id ?? 'novo'} registro={edicao.registro} aoSalvar={fechar} />}
      </FormDrawer>
    </>
  );
}
