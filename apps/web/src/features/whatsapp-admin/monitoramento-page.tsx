import { useState } from 'react';
import { Anchor, Button, Stack, Table } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { EstadoConsulta, PaginacaoConsulta } from '../../components/estado-consulta';
import { notificar } from '../../components/notificar';
import { formatarDataHora } from '../../lib/format';
import { useExecucoes, useRodarMonitoramento } from './api';
import { BadgeSituacao } from './situacao';

/** Sistema › Monitoramento: the runs that check every WhatsApp server and instance (every 5 minutes, or now). */
export function Component() {
  const [pagina, setPagina] = useState(0);
  const consulta = useExecucoes(pagina);
  const rodar = useRodarMonitoramento();
  const navigate = useNavigate();
  const execucoes = consulta.data?.content ?? [];
  return (
    <Stack gap="lg">
      <CabecalhoPagina
        titulo="Monitoramento"
        descricao="Cada execução consulta todos os servidores de WhatsApp ativos e suas instâncias. Roda sozinha a cada 5 minutos."
        acoes={
          <Button leftSection={<IconPlayerPlay size={16} />} loading={rodar.isPending} onClick={() => rodar.mutate(undefined, { onSuccess: (r) => void navigate(`detalhes/${r.id}`), onError: (e) => notificar.erro(e.message) })}>
            Verificar agora
          </Button>
        }
      />
      <EstadoConsulta consulta={consulta} vazio={execucoes.length === 0} mensagemVazia="Nenhuma execução ainda." titulo="Execuções">
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Início</Table.Th>
                <Table.Th>Origem</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Servidores</Table.Th>
                <Table.Th>Instâncias</Table.Th>
                <Table.Th>Falhas</Table.Th>
                <Table.Th>Alertas</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {execucoes.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={`detalhes/${e.id}`} size="sm">
                      {formatarDataHora(e.iniciadoEm)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{e.origem === 'MANUAL' ? 'Manual' : 'Agendada'}</Table.Td>
                  <Table.Td>
                    <BadgeSituacao s={e.status} />
                  </Table.Td>
                  <Table.Td>{e.servidores}</Table.Td>
                  <Table.Td>{e.instancias}</Table.Td>
                  <Table.Td>{e.falhas}</Table.Td>
                  <Table.Td>{e.alertas}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PaginacaoConsulta total={consulta.data?.totalPages ?? 0} pagina={pagina} aoMudar={setPagina} />
      </EstadoConsulta>
    </Stack>
  );
}
