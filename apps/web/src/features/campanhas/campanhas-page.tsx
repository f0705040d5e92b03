import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { STATUS_CAMPANHA, type Campanha } from '@bonifica/contracts';
import { BotaoExcluir, ListPage, type FiltroDef } from '../../components/list-page';
import { formatarInteiro } from '../../lib/format';
import { buscarCampanhas, chavesCampanhas, useExcluirCampanha } from './api';
import { BadgeStatus, ROTULO_AGENDA, ROTULO_STATUS } from './status';

const COLUNAS: DataTableColumn<Campanha>[] = [
  { accessor: 'nome', title: 'Campanha' },
  { accessor: 'publicoNome', title: 'Público', render: (c) => c.publicoNome ?? '—' },
  { accessor: 'status', title: 'Situação', render: (c) => <BadgeStatus status={c.status} /> },
  { accessor: 'agenda', title: 'Envio', render: (c) => (c.agendadaPara ? `${ROTULO_AGENDA[c.agenda]}: ${new Date(c.agendadaPara).toLocaleString('pt-BR')}` : ROTULO_AGENDA[c.agenda]) },
  {
    accessor: 'participantesEnvio',
    title: 'Participantes',
    render: (c) => (c.loteId ? `${formatarInteiro(c.participantesEnvio)} + ${formatarInteiro(c.participantesControle)} no controle` : '—'),
  },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome da campanha' },
  { nome: 'status', rotulo: 'Situação', tipo: 'selecao', opcoes: STATUS_CAMPANHA.map((s) => ({ value: s, label: ROTULO_STATUS[s] })) },
];

/** Marketing › Campanhas (docs/areas/mensageria.md "Campanhas"): list with status, opened in the campaign page. */
export function Component() {
  const navegar = useNavigate();
  const excluir = useExcluirCampanha();
  const acoesLinha = useCallback(
    (c: Campanha) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Abrir">
          <ActionIcon variant="subtle" aria-label={`Abrir ${c.nome}`} onClick={() => void navegar(`/app/marketing/campanhas/${c.id}`)}>
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
        {c.status === 'RASCUNHO' && (
          <BotaoExcluir nome={c.nome} mensagem={`Deseja excluir a campanha ${c.nome}?`} excluir={() => excluir.mutateAsync(c.id)} sucesso={'Campanha excluída.'} />
        )}
      </Group>
    ),
    [excluir, navegar],
  );
  return (
    <ListPage<Campanha>
      titulo="Campanhas"
      descricao="Mensagens de WhatsApp para um público, com grupo de controle para medir o resultado em vendas."
      colunas={COLUNAS}
      buscar={buscarCampanhas}
      chaveConsulta={chavesCampanhas.lista}
      filtros={FILTROS}
      acoesLinha={acoesLinha}
      mensagemVazia="Nenhuma campanha ainda."
      acaoNovo={
        <Button leftSection={<IconPlus size={16} />} onClick={() => void navegar('/app/marketing/campanhas/nova')}>
          Nova campanha
        </Button>
      }
    />
  );
}
