import { useNavigate, useParams } from 'react-router';
import { Button, Card, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconSend, IconX } from '@tabler/icons-react';
import type { Campanha } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmarEExecutar } from '../../components/confirmar';
import { PaginaCarregando } from '../../components/pagina-carregando';
import { formatarInteiro } from '../../lib/format';
import { useAcaoCampanha, useCampanha } from './api';
import { ParticipantesCampanha } from './participantes';
import { ProgressoCampanha } from './progresso';
import { ResultadosCampanha } from './resultados';
import { BadgeStatus, ROTULO_AGENDA } from './status';

function Acoes({ c }: { c: Campanha }) {
  const navegar = useNavigate();
  const acao = useAcaoCampanha();
  const rodar = (a: 'disparar' | 'pausar' | 'iniciar' | 'cancelar', mensagem: string, sucesso: string, destrutiva = false) =>
    void confirmarEExecutar({ mensagem, destrutiva, acao: () => acao.mutateAsync({ acao: a, campanha: c }), sucesso });
  return (
    <Group gap="xs">
      {c.status === 'RASCUNHO' && (
        <>
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => void navegar(`/app/marketing/campanhas/edicao/${c.id}`)}>
            Editar
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            onClick={() =>
              rodar('disparar', `Disparar a campanha ${c.nome}? As mensagens entram na fila do WhatsApp e o grupo de controle é sorteado agora.`, 'Campanha disparada.')
            }
          >
            Disparar
          </Button>
        </>
      )}
      {(c.status === 'ENVIANDO' || c.status === 'AGENDADA') && (
        <Button variant="default" leftSection={<IconPlayerPause size={16} />} onClick={() => rodar('pausar', `Pausar o envio da campanha ${c.nome}?`, 'Envio pausado.')}>
          Pausar
        </Button>
      )}
      {c.status === 'PAUSADA' && (
        <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => rodar('iniciar', `Retomar o envio da campanha ${c.nome}?`, 'Envio retomado.')}>
          Retomar
        </Button>
      )}
      {['ENVIANDO', 'AGENDADA', 'PAUSADA'].includes(c.status) && (
        <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => rodar('cancelar', `Cancelar a campanha ${c.nome}? O que ainda está na fila não será enviado.`, 'Campanha cancelada.', true)}>
          Cancelar
        </Button>
      )}
    </Group>
  );
}

/** Marketing › Campanhas › a campaign: summary, live progress, participants and results. */
export function Component() {
  const { id } = useParams();
  const q = useCampanha(Number(id));
  const c = q.data;
  if (!c) return <PaginaCarregando />;
  const resumo: [string, string][] = [
    ['Público', c.publicoNome ?? '(excluído)'],
    ['Modelo', c.modeloNome ?? '(excluído)'],
    ['Envio', c.agendadaPara ? `${ROTULO_AGENDA[c.agenda]} — ${new Date(c.agendadaPara).toLocaleString('pt-BR')}` : ROTULO_AGENDA[c.agenda]],
    ['Grupo de controle', `${c.controlePercentual}%${c.loteId ? ` (${formatarInteiro(c.participantesControle)} clientes)` : ''}`],
  ];
  if (c.agenda === 'ESPALHADA') resumo.push(['Espalhada por', `${c.diasEspalhar} dias`]);
  return (
    <Stack>
      <CabecalhoPagina
        titulo={
          <Group gap="sm">
            {c.nome} <BadgeStatus status={c.status} />
          </Group>
        }
        acoes={<Acoes c={c} />}
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {resumo.map(([r, v]) => (
            <div key={r}>
              <Text size="xs" c="dimmed">
                {r}
              </Text>
              <Text size="sm">{v}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      {c.loteId ? (
        <>
          <ProgressoCampanha loteId={c.loteId} canal={c.canal} />
          <Tabs defaultValue="resultados" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="resultados">Resultados</Tabs.Tab>
              <Tabs.Tab value="participantes">Participantes</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="resultados" pt="md">
              <ResultadosCampanha campanhaId={c.id} diasPadrao={c.diasAtribuicao} />
            </Tabs.Panel>
            <Tabs.Panel value="participantes" pt="md">
              <ParticipantesCampanha campanhaId={c.id} />
            </Tabs.Panel>
          </Tabs>
        </>
      ) : (
        <Text c="dimmed">Rascunho: ao disparar, o grupo de controle é sorteado e as mensagens entram na fila.</Text>
      )}
    </Stack>
  );
}
