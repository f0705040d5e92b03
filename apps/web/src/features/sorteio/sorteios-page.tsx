import { useCallback, useState } from 'react';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconExternalLink, IconLock, IconPlus, IconPrinter, IconTrophy } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useNavigate } from 'react-router';
import { ROTULOS_STATUS_SORTEIO, STATUS_SORTEIO, type Sorteio } from '@bonifica/contracts';
import { confirmar } from '../../components/confirmar';
import { FormDrawer } from '../../components/form-page';
import { BotaoExcluir, ListPage, type FiltroDef } from '../../components/list-page';
import { notificar } from '../../components/notificar';
import { formatarData } from '../../lib/format';
import { buscarSorteios, chavesSorteio, imprimirParticipantes, linkPublico, useCongelar, useExcluirSorteio } from './api';
import { BadgeStatusSorteio } from './badge-status';
import { SorteioForm } from './sorteio-form';

const COLUNAS: DataTableColumn<Sorteio>[] = [
  { accessor: 'nome', title: 'Sorteio' },
  { accessor: 'periodo', title: 'Período', render: (s) => `${formatarData(s.inicio)} a ${formatarData(s.fim)}` },
  { accessor: 'premios', title: 'Prêmios', textAlign: 'right', render: (s) => `${s.ganhadores}/${s.premios.length}` },
  { accessor: 'totalNumeros', title: 'Números', textAlign: 'right', render: (s) => (s.totalNumeros === null ? '—' : s.totalNumeros.toLocaleString('pt-BR')) },
  { accessor: 'status', title: 'Situação', render: (s) => <BadgeStatusSorteio status={s.status} /> },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome do sorteio' },
  { nome: 'status', rotulo: 'Situação', tipo: 'selecao', opcoes: STATUS_SORTEIO.map((s) => ({ value: s, label: ROTULOS_STATUS_SORTEIO[s] })) },
];

type Edicao = { registro: Sorteio | null } | null;
const falhou = (e: unknown) => notificar.erro(e instanceof Error ? e.message : 'Não foi possível concluir.');

/** Sorteios › Sorteios: the draws, their form, the freeze that closes the period and the public link. */
export function Component() {
  const excluir = useExcluirSorteio();
  const congelar = useCongelar();
  const navegar = useNavigate();
  const [edicao, setEdicao] = useState<Edicao>(null);
  const fechar = useCallback(() => setEdicao(null), []);
  const aoCongelar = useCallback(
    async (s: Sorteio) => {
      const ok = await confirmar({ mensagem: `Congelar a lista de ${s.nome}? Os participantes e números ficam fixos e o SHA-256 da lista é publicado; o sorteio não poderá mais ser alterado.` });
      if (!ok) return;
      try {
        const r = await congelar.mutateAsync(s.id);
        notificar.sucesso(`Lista congelada: ${r?.totalParticipantes} participantes, ${r?.totalNumeros} números.`);
      } catch (e) {
        falhou(e);
      }
    },
    [congelar],
  );
  const acoesLinha = useCallback(
    (s: Sorteio) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {s.status === 'RASCUNHO' ? (
          <>
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar ${s.nome}`} onClick={() => setEdicao({ registro: s })}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Congelar a lista (encerra a apuração)">
              <ActionIcon variant="subtle" color="orange" aria-label={`Congelar ${s.nome}`} onClick={() => void aoCongelar(s)}>
                <IconLock size={18} />
              </ActionIcon>
            </Tooltip>
            <BotaoExcluir nome={s.nome} mensagem={`Deseja excluir o sorteio ${s.nome}?`} excluir={() => excluir.mutateAsync(s.id)} sucesso="Sorteio excluído." />
          </>
        ) : (
          <>
            <Tooltip label="Ganhadores">
              <ActionIcon variant="subtle" aria-label={`Ganhadores de ${s.nome}`} onClick={() => void navegar(`/app/sorteio/ganhadores?sorteio=${s.id}`)}>
                <IconTrophy size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Imprimir participantes">
              <ActionIcon variant="subtle" aria-label={`Imprimir participantes de ${s.nome}`} onClick={() => void imprimirParticipantes(s.id).catch(falhou)}>
                <IconPrinter size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
        <Tooltip label="Página pública de verificação">
          <ActionIcon variant="subtle" component="a" href={linkPublico(s)} target="_blank" rel="noopener" aria-label={`Página pública de ${s.nome}`}>
            <IconExternalLink size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
    [excluir, aoCongelar, navegar],
  );
  return (
    <>
      <ListPage<Sorteio>
        titulo="Sorteios"
        descricao="Sorteios de prêmios com números da sorte ganhos nas compras; qualquer pessoa confere o resultado na página pública."
        colunas={COLUNAS}
        buscar={buscarSorteios}
        chaveConsulta={chavesSorteio.lista}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
        mensagemVazia="Nenhum sorteio ainda."
        acaoNovo={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ registro: null })}>
            Novo sorteio
          </Button>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={edicao?.registro ? 'Editar sorteio' : 'Novo sorteio'}>
        {edicao && <SorteioForm key={edicao.registro?.id ?? 'novo'} registro={edicao.registro} aoSalvar={fechar} />}
      </FormDrawer>
    </>
  );
}
