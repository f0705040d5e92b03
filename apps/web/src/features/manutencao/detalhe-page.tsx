import { Alert, Anchor, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { DetalheManutencao, NivelLogManutencao } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { EstadoConsulta } from '../../components/estado-consulta';
import { formatarDataHora } from '../../lib/format';
import { useDetalheManutencao } from './api';
import { BadgeStatusTarefa, BarraExecucao } from '../../components/status-tarefa';

const COR_NIVEL: Record<NivelLogManutencao, string | undefined> = { INFO: undefined, AVISO: 'orange', ERRO: 'red' };

type Divergencia = { contaId: number; empresaId: number; clienteId: number; tipo: string; saldo: number; somaPartidas: number; somaLotes: number };

function Divergencias({ d }: { d: DetalheManutencao }) {
  const resumo = d.resumo as { contas?: number; divergencias?: Divergencia[] } | null;
  if (d.acao !== 'CONFERIR_SALDOS' || !resumo?.divergencias) return null;
  if (resumo.divergencias.length === 0) return <Alert color="green">Nenhuma divergência em {resumo.contas ?? 0} conta(s) conferida(s).</Alert>;
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        Contas divergentes ({resumo.divergencias.length})
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Conta</Table.Th>
              <Table.Th>Cliente</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th ta="right">Saldo guardado</Table.Th>
              <Table.Th ta="right">Soma das partidas</Table.Th>
              <Table.Th ta="right">Soma dos lotes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {resumo.divergencias.map((x) => (
              <Table.Tr key={x.contaId}>
                <Table.Td>{x.contaId}</Table.Td>
                <Table.Td>{x.clienteId}</Table.Td>
                <Table.Td>{x.tipo}</Table.Td>
                <Table.Td ta="right">{x.saldo}</Table.Td>
                <Table.Td ta="right">{x.somaPartidas}</Table.Td>
                <Table.Td ta="right">{x.somaLotes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        Valores na unidade da conta: centavos para cashback e pré-pago, pontos para pontos. Nada foi corrigido.
      </Text>
    </Stack>
  );
}

function Campo({ rotulo, valor }: { rotulo: string; valor: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text size="sm">{valor}</Text>
    </div>
  );
}

/** Sistema › Manutenção › Detalhe: one run, its progress while it runs, and its log. */
export function Component() {
  const { id = '' } = useParams();
  const detalhe = useDetalheManutencao(id);
  const d = detalhe.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/app/sistema/manutencao" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Voltar à manutenção
        </Group>
      </Anchor>
      <EstadoConsulta consulta={detalhe} vazio={false} mensagemVazia="" titulo="Execução">
        {d && (
          <Stack gap="md">
            <CabecalhoPagina titulo={d.titulo} descricao={d.destrutiva ? 'Ação destrutiva, executada com confirmação.' : 'Ação que só lê ou repara dados derivados.'} acoes={<BadgeStatusTarefa status={d.status} />} />
            <BarraExecucao status={d.status} percentual={d.percentual} />
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Campo rotulo="Empresa" valor={d.empresaNome ?? (d.acao === 'LIMPAR_SESSOES' ? 'Serviço inteiro' : 'Todas')} />
              <Campo rotulo="Executada por" valor={d.usuarioNome ?? '—'} />
              <Campo rotulo="Início" valor={d.iniciadoEm ? formatarDataHora(d.iniciadoEm) : 'Na fila'} />
              <Campo rotulo="Fim" valor={d.concluidoEm ? formatarDataHora(d.concluidoEm) : '—'} />
            </SimpleGrid>
            {d.status === 'ERRO' && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="A execução falhou">
                {d.mensagemErro}
              </Alert>
            )}
            <Divergencias d={d} />
            <Stack gap="xs">
              <Title order={2} fz="h4">
                Log
              </Title>
              <Paper withBorder p="xs" bg="var(--mantine-color-gray-0)">
                <ScrollArea.Autosize mah={420} type="auto">
                  {d.log.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      A execução ainda não começou.
                    </Text>
                  ) : (
                    <Stack gap={2} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Log da execução">
                      {d.log.map((l, i) => (
                        <Text key={i} component="li" size="xs" ff="monospace" c={COR_NIVEL[l.nivel]} style={{ wordBreak: 'break-word' }}>
                          {formatarDataHora(l.em)} {l.nivel !== 'INFO' ? `[${l.nivel}] ` : ''}
                          {l.texto}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </ScrollArea.Autosize>
              </Paper>
            </Stack>
          </Stack>
        )}
      </EstadoConsulta>
    </Stack>
  );
}
