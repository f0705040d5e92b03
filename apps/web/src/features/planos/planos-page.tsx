import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { ROTULOS_PERIODICIDADE, type Plano } from '@bonifica/contracts';
import { FormDrawer } from '../../components/form-page';
import { type FiltroDef, ListPage, aPartirDe } from '../../components/list-page';
import { formatarBRL } from '../../lib/format';
import { buscarCatalogo, chavesPlanos } from './api';
import { PlanoForm } from './plano-form';
import { beneficios } from './rotulos';

const COLUNAS: DataTableColumn<Plano>[] = [
  {
    accessor: 'nome',
    title: 'Plano',
    render: (p) => (
      <>
        <Text size="sm" fw={500}>
          {p.nome}
        </Text>
        <Text size="xs" c="dimmed">
          {beneficios(p)}
        </Text>
      </>
    ),
  },
  { accessor: 'preco', title: 'Preço', textAlign: 'right', noWrap: true, render: (p) => `${formatarBRL(p.preco)} / ${ROTULOS_PERIODICIDADE[p.periodicidade].toLowerCase()}` },
  { accessor: 'contratosAtivos', title: 'Contratos ativos', textAlign: 'right', visibleMediaQuery: aPartirDe('sm') },
  {
    accessor: 'ativo',
    title: 'Situação',
    visibleMediaQuery: aPartirDe('sm'),
    render: (p) => (
      <Badge color={p.ativo ? 'teal' : 'gray'} variant="light">
        {p.ativo ? 'Ativo' : 'Inativo'}
      </Badge>
    ),
  },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome do plano' },
  { nome: 'ativo', rotulo: 'Situação', tipo: 'booleano', opcoes: [{ value: 'true', label: 'Ativos' }, { value: 'false', label: 'Inativos' }] },
];

/** null: drawer closed; { plano: null }: new plan. */
type Edicao = { plano: Plano | null } | null;

/** Cadastros › Catálogo de planos: what the company sells, its price and benefits. */
export function Component() {
  const [edicao, setEdicao] = useState<Edicao>(null);
  const fechar = useCallback(() => setEdicao(null), []);
  const acoesLinha = useCallback(
    (p: Plano) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${p.nome}`} onClick={() => setEdicao({ plano: p })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
    [],
  );
  return (
    <>
      <ListPage<Plano>
        titulo="Catálogo de planos"
        descricao="Os clubes de assinatura que a empresa vende: preço por período e benefícios enquanto o contrato está vigente."
        colunas={COLUNAS}
        buscar={buscarCatalogo}
        chaveConsulta={chavesPlanos.listaCatalogo}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
        acaoNovo={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ plano: null })}>
            Novo plano
          </Button>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={edicao?.plano ? 'Editar plano' : 'Novo plano'} tamanho="md">
        {edicao && <PlanoForm key={edicao.plano?.id ?? 'novo'} registro={edicao.plano} aoSalvar={fechar} />}
      </FormDrawer>
    </>
  );
}
