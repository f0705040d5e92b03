import { useCallback, useState } from 'react';
import { ActionIcon, Button, Drawer, Group, Tooltip } from '@mantine/core';
import { IconBan, IconEdit, IconPlus, IconReceipt } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { BadgeAtivo } from '../../components/badges-situacao';
import { formatarCnpj, type RedeCredenciada } from '@bonifica/contracts';
import { confirmarEExecutar } from '../../components/confirmar';
import { FormDrawer } from '../../components/form-page';
import { ListPage, type FiltroDef } from '../../components/list-page';
import { formatarBRL } from '../../lib/format';
import { buscarParceiros, chavesEmpresa, useDesativarParceiro } from './api';
import { ParceiroForm } from './parceiro-form';
import { ResgatesParceiro } from './resgates-parceiro';

const ROTULO_UNIDADE = { CASHBACK: 'Cashback', PONTOS: 'Pontos' } as const;

const COLUNAS: DataTableColumn<RedeCredenciada>[] = [
  { accessor: 'nome', title: 'Parceiro' },
  { accessor: 'cnpj', title: 'CNPJ', render: (p) => (p.cnpj ? formatarCnpj(p.cnpj) : '—') },
  { accessor: 'cidade', title: 'Cidade', render: (p) => [p.cidade, p.uf].filter(Boolean).join('/') || '—' },
  { accessor: 'unidades', title: 'Aceita', render: (p) => p.unidades.map((u) => ROTULO_UNIDADE[u]).join(', ') },
  { accessor: 'resgateMaximo', title: 'Resgate máximo', textAlign: 'right', render: (p) => (p.resgateMaximo === null ? 'Sem limite' : formatarBRL(p.resgateMaximo)) },
  {
    accessor: 'ativo',
    title: 'Situação',
    render: (p) => <BadgeAtivo ativo={p.ativo} />,
  },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome ou cidade' },
  { nome: 'ativo', rotulo: 'Situação', tipo: 'booleano', opcoes: [{ value: 'true', label: 'Ativos' }, { value: 'false', label: 'Inativos' }] },
];

type Edicao = { registro: RedeCredenciada | null } | null;

/** Empresa › Rede credenciada: partner stores that accept the programme's balance. */
export function Component() {
  const desativar = useDesativarParceiro();
  const [edicao, setEdicao] = useState<Edicao>(null);
  const [resgates, setResgates] = useState<RedeCredenciada | null>(null);

  const acoesLinha = useCallback(
    (p: RedeCredenciada) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Resgates">
          <ActionIcon variant="subtle" aria-label={`Resgates em ${p.nome}`} onClick={() => setResgates(p)}>
            <IconReceipt size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${p.nome}`} onClick={() => setEdicao({ registro: p })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        {p.ativo && (
          <Tooltip label="Desativar">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Desativar ${p.nome}`}
              onClick={() => void confirmarEExecutar({ mensagem: `Deseja desativar o parceiro ${p.nome}?`, destrutiva: true, acao: () => desativar.mutateAsync(p.id), sucesso: 'Parceiro desativado.' })}
            >
              <IconBan size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
    [desativar],
  );

  const fechar = useCallback(() => setEdicao(null), []);

  return (
    <>
      <ListPage<RedeCredenciada>
        titulo="Rede credenciada"
        descricao="Lojas parceiras que aceitam o saldo do programa, com os saldos aceitos e o resgate máximo por venda."
        colunas={COLUNAS}
        buscar={buscarParceiros}
        chaveConsulta={chavesEmpresa.listaParceiros}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
        acaoNovo={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ registro: null })}>
            Novo parceiro
          </Button>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={edicao?.registro ? 'Editar parceiro' : 'Novo parceiro'}>
        {edicao && <ParceiroForm key={edicao.registro?.id ?? 'novo'} registro={edicao.registro} aoSalvar={fechar} />}
      </FormDrawer>
      <Drawer opened={resgates !== null} onClose={() => setResgates(null)} position="right" size="xl" title={resgates ? `Resgates em ${resgates.nome}` : ''}>
        {resgates && <ResgatesParceiro key={resgates.id} parceiro={resgates} />}
      </Drawer>
    </>
  );
}
