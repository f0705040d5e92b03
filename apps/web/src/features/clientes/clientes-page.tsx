import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Anchor, Button, Center, Group, Loader, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { IconBrandWhatsapp, IconEdit, IconEye, IconLock, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { PODE_EXPORTAR_CLIENTES, PODE_GERENCIAR_CLIENTES, type ClienteResumo } from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { confirmarEExecutar } from '../../components/confirmar';
import { FormDrawer } from '../../components/form-page';
import { ListPage, SoNoCelular, aPartirDe, type FiltroDef, type Ordenacao } from '../../components/list-page';
import { can } from '../../lib/access';
import { formatarData, formatarDocumento, formatarTelefone, nomeCurto } from '../../lib/format';
import { buscarClientes, chavesClientes, useBloquearCliente, useCliente } from './api';
import { ClienteForm } from './cliente-form';
import { ExportarClientes } from './exportar-clientes';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { BadgeStatusCliente } from '../../components/badges-situacao';

const MESES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

const TELA_LARGA = '(min-width: 100em)';

/** On a phone only name and actions fit across: mobile and status go under the name instead. */
function ResumoCelular({ c }: { c: ClienteResumo }) {
  return (
    <SoNoCelular>
      {c.celular && (
        <Text size="xs" c="dimmed">
          {formatarTelefone(c.celular)}
        </Text>
      )}
      <BadgeStatusCliente status={c.status} />
    </SoNoCelular>
  );
}

const COLUNAS: DataTableColumn<ClienteResumo>[] = [
  {
    accessor: 'nome',
    title: 'Nome',
    sortable: true,
    render: (c) => (
      <>
        <Anchor component={Link} to={`/app/cadastros/clientes/${c.id}`} size="sm" title="Abrir a ficha do cliente">
          {c.nome}
        </Anchor>
        <ResumoCelular c={c} />
      </>
    ),
  },
  { accessor: 'documento', title: 'CPF/CNPJ', noWrap: true, visibleMediaQuery: aPartirDe('sm'), render: (c) => formatarDocumento(c.documento) || '—' },
  {
    accessor: 'celular',
    title: 'Celular',
    noWrap: true,
    visibleMediaQuery: aPartirDe('sm'),
    render: (c) =>
      c.celular ? (
        <Group gap={4} wrap="nowrap">
          {formatarTelefone(c.celular)}
          {c.celularWhatsapp && <IconBrandWhatsapp size={16} color="var(--mantine-color-green-7)" aria-label="WhatsApp" role="img" />}
        </Group>
      ) : (
        '—'
      ),
  },
  {
    accessor: 'email',
    title: 'E-mail',
    ellipsis: true,
    width: 240,
    visibleMediaQuery: aPartirDe('md'),
    render: (c) => (c.email ? <span title={c.email}>{c.email}</span> : '—'),
  },
  {
    accessor: 'filialOrigemNome',
    title: 'Filial de origem',
    noWrap: true,
    visibleMediaQuery: TELA_LARGA,
    render: (c) => (c.filialOrigemNome ? <span title={c.filialOrigemNome}>{nomeCurto(c.filialOrigemNome)}</span> : '—'),
  },
  {
    accessor: 'status',
    title: 'Situação',
    visibleMediaQuery: aPartirDe('sm'),
    render: (c) => <BadgeStatusCliente status={c.status} />,
  },
  { accessor: 'criadoEm', title: 'Criado em', sortable: true, noWrap: true, visibleMediaQuery: aPartirDe('xl'), render: (c) => formatarData(c.criadoEm) },
];

const ORDENACAO_PADRAO: Ordenacao = { campo: 'nome', direcao: 'asc' };

/** null: drawer closed; { id: null }: new customer. */
type Edicao = { id: number | null } | null;

/** Loads the whole record before the form opens: the list row is only a summary. */
function EdicaoCliente({ id, aoSalvar }: { id: number | null; aoSalvar: () => void }) {
  const registro = useCliente(id);
  if (id === null) return <ClienteForm registro={null} aoSalvar={aoSalvar} />;
  if (registro.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Carregando cliente" />
      </Center>
    );
  }
  if (registro.isError) return <Text c="red">{registro.error.message}</Text>;
  return <ClienteForm key={registro.data.id} registro={registro.data} aoSalvar={aoSalvar} />;
}

/** Cadastros › Clientes: the programme's customers, with search, filters, edit and block. */
export function Component() {
  const usuario = useUsuarioLogado();
  const podeGerenciar = can(usuario, PODE_GERENCIAR_CLIENTES);
  const podeExportar = can(usuario, PODE_EXPORTAR_CLIENTES);
  const empresas = useFiliaisRede();
  const bloquear = useBloquearCliente();
  const [edicao, setEdicao] = useState<Edicao>(null);

  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome, CPF/CNPJ, celular ou e-mail' },
      {
        nome: 'status',
        rotulo: 'Situação',
        tipo: 'selecao',
        placeholder: 'Ativos e bloqueados',
        opcoes: [
          { value: 'ATIVO', label: 'Ativos' },
          { value: 'BLOQUEADO', label: 'Bloqueados' },
          { value: 'ANONIMIZADO', label: 'Anonimizados' },
        ],
      },
      {
        nome: 'filialOrigemId',
        rotulo: 'Filial de origem',
        tipo: 'selecao',
        placeholder: 'Todas',
        opcoes: (empresas.data ?? []).map((e) => ({ value: String(e.id), label: e.shortName })),
      },
      {
        nome: 'aniversarioMes',
        rotulo: 'Aniversário',
        tipo: 'selecao',
        placeholder: 'Qualquer mês',
        opcoes: MESES.map((m, i) => ({ value: String(i + 1), label: m })),
      },
    ],
    [empresas.data],
  );

  const pedirBloqueio = useCallback(
    async (c: ClienteResumo) => {
      await confirmarEExecutar({ mensagem: `Deseja bloquear o cliente ${c.nome}? Ele deixa de acumular e resgatar até ser reativado.`, destrutiva: true, acao: () => bloquear.mutateAsync(c.id), sucesso: 'Cliente bloqueado.' });
    },
    [bloquear],
  );

  const acoesLinha = useCallback(
    (c: ClienteResumo) => {
      const editavel = podeGerenciar && c.status !== 'ANONIMIZADO';
      return (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={editavel ? 'Editar' : 'Ver'}>
            <ActionIcon variant="subtle" aria-label={`${editavel ? 'Editar' : 'Ver'} ${c.nome}`} onClick={() => setEdicao({ id: c.id })}>
              {editavel ? <IconEdit size={18} /> : <IconEye size={18} />}
            </ActionIcon>
          </Tooltip>
          {podeGerenciar && c.status === 'ATIVO' && (
            <Tooltip label="Bloquear">
              <ActionIcon variant="subtle" color="red" aria-label={`Bloquear ${c.nome}`} onClick={() => void pedirBloqueio(c)}>
                <IconLock size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      );
    },
    [podeGerenciar, pedirBloqueio],
  );

  const fechar = useCallback(() => setEdicao(null), []);
  const titulo = edicao?.id ? (podeGerenciar ? 'Editar cliente' : 'Cliente') : 'Novo cliente';

  return (
    <>
      <ListPage<ClienteResumo>
        titulo="Clientes"
        descricao="Quem participa do programa de fidelidade, em todas as lojas da rede."
        colunas={COLUNAS}
        buscar={buscarClientes}
        chaveConsulta={chavesClientes.lista}
        filtros={filtros}
        ordenacaoPadrao={ORDENACAO_PADRAO}
        acoesLinha={acoesLinha}
        acaoNovo={
          podeGerenciar || podeExportar ? (
            <Group gap="xs" wrap="nowrap">
              {podeExportar && <ExportarClientes filtros={filtros} />}
              {podeGerenciar && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ id: null })}>
                  Novo cliente
                </Button>
              )}
            </Group>
          ) : undefined
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={titulo}>
        {edicao && <EdicaoCliente key={edicao.id ?? 'novo'} id={edicao.id} aoSalvar={fechar} />}
      </FormDrawer>
    </>
  );
}
