import { Group, Stack, Table, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { EstadoConsulta } from '../../components/estado-consulta';
import { formatarDataHora } from '../../lib/format';
import { useExecucao } from './api';
import { BadgeSituacao } from './situacao';

/** Sistema › Monitoramento › Detalhes: what one run found about each server and instance. */
export function Component() {
  const id = Number(useParams().id);
  const consulta = useExecucao(id);
  const d = consulta.data;
  return (
    <Stack gap="lg">
      <CabecalhoPagina titulo="Detalhes do monitoramento" descricao={d ? `Execução de ${formatarDataHora(d.iniciadoEm)}${d.concluidoEm ? `, concluída em ${formatarDataHora(d.concluidoEm)}` : ''}.` : undefined} />
      <EstadoConsulta consulta={consulta} vazio={false} mensagemVazia="" titulo="Execução">
        {d && (
          <Stack gap="md">
            <Group gap="lg">
              <BadgeSituacao s={d.status} />
              <Text size="sm">
                {d.servidores} servidor(es), {d.instancias} instância(s): {d.falhas} falha(s), {d.alertas} alerta(s)
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={680}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Alvo</Table.Th>
                    <Table.Th>Servidor</Table.Th>
                    <Table.Th>Empresa</Table.Th>
                    <Table.Th>Situação</Table.Th>
                    <Table.Th>Detalhe</Table.Th>
                    <Table.Th>Tempo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.verificacoes.map((v, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{v.alvo === 'SERVIDOR' ? 'Servidor' : `Instância ${v.instanciaId}`}</Table.Td>
                      <Table.Td>{v.servidorNome}</Table.Td>
                      <Table.Td>{v.empresaNome ?? '—'}</Table.Td>
                      <Table.Td>
                        <BadgeSituacao s={v.situacao} />
                      </Table.Td>
                      <Table.Td>{v.detalhe}</Table.Td>
                      <Table.Td>{v.latenciaMs === null ? '—' : `${v.latenciaMs} ms`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </EstadoConsulta>
    </Stack>
  );
}
