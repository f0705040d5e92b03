import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconLock, IconLockOpen, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { EmpresaAdmin } from '@bonifica/contracts';
import { FormDrawer } from '../../components/form-page';
import { ListPage, type FiltroDef } from '../../components/list-page';
import { formatarBRL, formatarData, formatarDataHora, formatarDocumento, formatarInteiro } from '../../lib/format';
import { buscarEmpresas, chavesAdmin } from './api-admin';
import { BloqueioEmpresa } from './bloqueio-empresa';
import { EmpresaForm } from './empresa-form';

const COLUNAS: DataTableColumn<EmpresaAdmin>[] = [
  {
    accessor: 'shortName',
    title: 'Empresa',
    sortable: true,
    render: (e) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {e.shortName}
        </Text>
        <Text size="xs" c="dimmed">
          {e.nome}
          {e.cnpj ? ` · ${formatarDocumento(e.cnpj)}` : ''}
        </Text>
      </Stack>
    ),
  },
  {
    accessor: 'ativa',
    title: 'Situação',
    render: (e) =>
      e.ativa ? (
        <Badge color="green" variant="light">
          Ativa
        </Badge>
      ) : (
        <Tooltip label={e.motivoBloqueio ?? 'Sem motivo registrado'} multiline w={260}>
          <Badge color="red" variant="light">
            Bloqueada
          </Badge>
        </Tooltip>
      ),
  },
  { accessor: 'uso.clientes', title: 'Clientes', textAlign: 'right', render: (e) => formatarInteiro(e.uso.clientes) },
  {
    accessor: 'uso.vendasMes',
    title: 'Vendas no mês',
    textAlign: 'right',
    render: (e) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm">{formatarInteiro(e.uso.vendasMes)}</Text>
        <Text size="xs" c="dimmed">
          {formatarBRL(e.uso.valorVendasMes)}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'uso.usuarios', title: 'Usuários', textAlign: 'right', render: (e) => formatarInteiro(e.uso.usuarios) },
  { accessor: 'uso.ultimaAtividade', title: 'Última atividade', noWrap: true, render: (e) => (e.uso.ultimaAtividade ? formatarDataHora(e.uso.ultimaAtividade) : 'Nenhuma') },
  { accessor: 'criadoEm', title: 'Cadastrada em', sortable: true, noWrap: true, render: (e) => formatarData(e.criadoEm) },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome, endereço ou CNPJ' },
  {
    nome: 'situacao',
    rotulo: 'Situação',
    tipo: 'selecao',
    opcoes: [
      { value: 'ATIVA', label: 'Ativas' },
      { value: 'BLOQUEADA', label: 'Bloqueadas' },
    ],
  },
];

type Edicao = { registro: EmpresaAdmin | null } | null;

/** Sistema › Empresas: the platform's client companies, their usage, onboarding and blocking (docs/areas/sistema.md). */
export function Component() {
  const [edicao, setEdicao] = useState<Edicao>(null);
  const [bloqueio, setBloqueio] = useState<EmpresaAdmin | null>(null);

  const acoesLinha = useCallback(
    (e: EmpresaAdmin) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${e.shortName}`} onClick={() => setEdicao({ registro: e })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={e.ativa ? 'Bloquear' : 'Desbloquear'}>
          <ActionIcon variant="subtle" color={e.ativa ? 'red' : 'green'} aria-label={`${e.ativa ? 'Bloquear' : 'Desbloquear'} ${e.shortName}`} onClick={() => setBloqueio(e)}>
            {e.ativa ? <IconLock size={18} /> : <IconLockOpen size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
    [],
  );

  const fechar = useCallback(() => setEdicao(null), []);

  return (
    <>
      <ListPage<EmpresaAdmin>
        titulo="Empresas"
        descricao="As empresas clientes da plataforma: uso, cadastro com o primeiro gerente e bloqueio."
        colunas={COLUNAS}
        buscar={buscarEmpresas}
        chaveConsulta={chavesAdmin.listaEmpresas}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
        mensagemVazia="Nenhuma empresa encontrada."
        acaoNovo={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEdicao({ registro: null })}>
            Nova empresa
          </Button>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={edicao?.registro ? `Editar ${edicao.registro.shortName}` : 'Nova empresa'}>
        {edicao && <EmpresaForm registro={edicao.registro} aoSalvar={fechar} />}
      </FormDrawer>
      <BloqueioEmpresa empresa={bloqueio} aoFechar={() => setBloqueio(null)} />
    </>
  );
}
