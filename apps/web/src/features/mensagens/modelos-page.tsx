import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ModeloMensagem } from '@bonifica/contracts';
import { FormDrawer } from '../../components/form-page';
import { aPartirDe, BotaoExcluir, ListPage, type FiltroDef } from '../../components/list-page';
import { buscarModelos, chavesMensagens, useExcluirModelo } from './api';
import { ModeloForm } from './modelo-form';

const CANAL = { WHATSAPP: 'WhatsApp', EMAIL: 'E-mail' } as const;

const COLUNAS: DataTableColumn<ModeloMensagem>[] = [
  { accessor: 'nome', title: 'Nome' },
  // On a phone: name and actions; channel and status from `sm`, the text from `md` on.
  { accessor: 'canal', title: 'Canal', visibleMediaQuery: aPartirDe('sm'), render: (m) => CANAL[m.canal] },
  {
    accessor: 'texto',
    title: 'Texto',
    visibleMediaQuery: aPartirDe('md'),
    render: (m) => (m.texto.length > 80 ? `${m.texto.slice(0, 80)}…` : m.texto),
  },
  {
    accessor: 'ativo',
    title: 'Situação',
    visibleMediaQuery: aPartirDe('sm'),
    render: (m) => (
      <Badge color={m.ativo ? 'teal' : 'gray'} variant="light">
        {m.ativo ? 'Ativo' : 'Desativado'}
      </Badge>
    ),
  },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome ou texto' },
  { nome: 'canal', rotulo: 'Canal', tipo: 'selecao', opcoes: [{ value: 'WHATSAPP', label: 'WhatsApp' }, { value: 'EMAIL', label: 'E-mail' }] },
  { nome: 'ativo', rotulo: 'Situação', tipo: 'booleano', opcoes: [{ value: 'true', label: 'Ativos' }, { value: 'false', label: 'Desativados' }] },
];

type Edicao = { registro: ModeloMensagem | null } | null;

/** Mensagens › Modelos de mensagem: the texts automatic messages and campaigns send. */
export function Component() {
  const excluir = useExcluirModelo();
  const [edicao, setEdicao] = useState<Edicao>(null);
  const fechar = useCallback(() => setEdicao(null), []);

  const acoesLinha = useCallback(
    (m: ModeloMensagem) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${m.nome}`} onClick={() => setEdicao({ registro: m })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        <BotaoExcluir nome={m.nome} mensagem={`Deseja excluir o modelo ${m.nome}?`} excluir={() => excluir.mutateAsync(m.id)} sucesso={'Modelo excluído.'} />
      </Group>
    ),
    [excluir],
  );

  return (
    <>
      <ListPage<ModeloMensagem>
        titulo="Modelos de mensagem"
        descricao="Textos com variáveis como {primeiro_nome} e {saldo_cashback}, usados pelas mensagens automáticas e pelas campanhas."
        colunas={COLUNAS}
        buscar={buscarModelos}
        chaveConsulta={chavesMensagens.listaModelos}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
        mensagemVazia="Nenhum modelo ainda."
        acaoNovo={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ registro: null })}>
            Novo modelo
          </Button>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={edicao?.registro ? 'Editar modelo' : 'Novo modelo'} tamanho="xl">
        {edicao && <ModeloForm key={edicao.registro?.id ?? 'novo'} registro={edicao.registro} aoSalvar={fechar} />}
      </FormDrawer>
    </>
  );
}
