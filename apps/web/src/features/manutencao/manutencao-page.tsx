import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { DefinicaoManutencao } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { EstadoConsulta } from '../../components/estado-consulta';
import { formatarDataHora } from '../../lib/format';
import { useListaManutencao } from './api';
import { ExecutarAcao } from './executar-acao';
import { BadgeStatusTarefa, BarraExecucao } from '../../components/status-tarefa';
import { TabelaSimples } from '../../components/tabela-simples';

/** Sistema › Manutenção: the actions the operator may run, and every run with its progress. */
export function Component() {
  const lista = useListaManutencao();
  const navigate = useNavigate();
  const [escolhida, setEscolhida] = useState<DefinicaoManutencao | null>(null);
  const acoes = lista.data?.acoes ?? [];
  const execucoes = lista.data?.execucoes ?? [];

  return (
    <Stack gap="lg">
      <CabecalhoPagina titulo="Manutenção" descricao="Ações de manutenção do serviço. Cada uma roda em segundo plano, com progresso e log; as destrutivas pedem confirmação." />
      <EstadoConsulta consulta={lista} vazio={acoes.length === 0} mensagemVazia="Nenhuma ação disponível." titulo="Ações de manutenção">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {acoes.map((a) => (
            <Card key={a.acao} withBorder padding="md" radius="md">
              <Stack gap="xs" h="100%">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={2} fz="h5">
                    {a.titulo}
                  </Title>
                  {a.destrutiva ? (
                    <Badge color="red" variant="light">
                      Destrutiva
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      Só leitura ou reparo
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  {a.descricao}
                </Text>
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    {a.empresa === 'OBRIGATORIA' ? 'Pede uma empresa' : a.empresa === 'OPCIONAL' ? 'Uma empresa ou todas' : 'Para o serviço inteiro'}
                  </Text>
                  <Button size="xs" color={a.destrutiva ? 'red' : undefined} leftSection={<IconPlayerPlay size={14} />} onClick={() => setEscolhida(a)} aria-label={`Executar: ${a.titulo}`}>
                    Executar
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </EstadoConsulta>

      <Stack gap="xs">
        <Title order={2} fz="h3">
          Execuções
        </Title>
        <EstadoConsulta consulta={lista} vazio={execucoes.length === 0} mensagemVazia="Nenhuma ação foi executada ainda." titulo="Execuções">
          <TabelaSimples verticalSpacing="xs" realcarLinha colunas={[{ titulo: 'Ação' }, { titulo: 'Empresa' }, { titulo: 'Status' }, { titulo: 'Progresso', w: 180 }, { titulo: 'Início' }, { titulo: 'Fim' }, { titulo: 'Por' }]}>
            {execucoes.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <Anchor component={Link} to={`detalhe/${e.id}`} size="sm">
                    {e.titulo}
                  </Anchor>
                </Table.Td>
                <Table.Td>{e.empresaNome ?? (e.acao === 'LIMPAR_SESSOES' ? '—' : 'Todas')}</Table.Td>
                <Table.Td>
                  <BadgeStatusTarefa status={e.status} />
                </Table.Td>
                <Table.Td>
                  <BarraExecucao status={e.status} percentual={e.percentual} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatarDataHora(e.iniciadoEm ?? e.criadoEm)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.concluidoEm ? formatarDataHora(e.concluidoEm) : '—'}</Table.Td>
                <Table.Td>{e.usuarioNome ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </TabelaSimples>
        </EstadoConsulta>
      </Stack>
      <ExecutarAcao acao={escolhida} aoFechar={() => setEscolhida(null)} aoIniciar={(id) => void navigate(`detalhe/${id}`)} />
    </Stack>
  );
}
