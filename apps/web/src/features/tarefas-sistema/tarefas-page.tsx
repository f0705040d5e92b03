import { useState } from 'react';
import { ActionIcon, Anchor, Group, Pagination, Progress, SegmentedControl, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROTULOS_STATUS_TAREFA, type StatusTarefa } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmarEExecutar } from '../../components/confirmar';
import { EstadoConsulta } from '../../components/estado-consulta';
import { BadgeStatusTarefa, CORES_STATUS_TAREFA } from '../../components/status-tarefa';
import { TabelaSimples } from '../../components/tabela-simples';
import { formatarDataHora } from '../../lib/format';
import { useAgendamentos, useExecutarAgendamento, useReexecutarTarefa, useTarefasSistema } from './api';

function BadgeStatus({ status }: { status: StatusTarefa | null }) {
  if (!status) return <Text size="sm" c="dimmed">Nunca rodou</Text>;
  return <BadgeStatusTarefa status={status} />;
}

/** Sistema › Tarefas: the scheduled jobs and the background jobs of every company. */
export function Component() {
  const agendamentos = useAgendamentos();
  const executar = useExecutarAgendamento();
  const reexecutar = useReexecutarTarefa();
  const [status, setStatus] = useState<string>('');
  const [page, setPage] = useState(0);
  const tarefas = useTarefasSistema(status || null, page);
  const lista = agendamentos.data ?? [];
  const p = tarefas.data;

  return (
    <Stack gap="lg">
      <CabecalhoPagina titulo="Tarefas" descricao="Os agendamentos do serviço, com a expressão cron e a última execução, e as tarefas em segundo plano de todas as empresas." />
      <Stack gap="xs">
        <Title order={2} fz="h3">
          Agendamentos
        </Title>
        {lista.some((a) => !a.aplicado) && (
          <Text size="sm" c="orange">
            O serviço está no modo manual de tarefas: as expressões são guardadas, mas nada roda no horário.
          </Text>
        )}
        <EstadoConsulta consulta={agendamentos} vazio={lista.length === 0} mensagemVazia="Nenhum agendamento." titulo="Agendamentos">
          <TabelaSimples verticalSpacing="xs" colunas={[{ titulo: 'Agendamento' }, { titulo: 'Expressão' }, { titulo: 'Última execução' }, { titulo: 'Status' }, { titulo: 'Execuções / falhas', ta: 'right' }, {}]}>
            {lista.map((a) => (
              <Table.Tr key={a.nome}>
                <Table.Td>
                  <Anchor component={Link} to={`edicao/${a.nome}`} size="sm">
                    {a.titulo}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {a.cron}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.ultimoInicio ? formatarDataHora(a.ultimoInicio) : '—'}</Table.Td>
                <Table.Td>
                  <BadgeStatus status={a.ultimoStatus} />
                </Table.Td>
                <Table.Td ta="right">
                  {a.execucoes} / {a.falhas}
                </Table.Td>
                <Table.Td>
                  <Tooltip label="Executar agora">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Executar agora: ${a.titulo}`}
                      loading={executar.isPending && executar.variables === a.nome}
                      onClick={() => void confirmarEExecutar({ mensagem: `Executar agora "${a.titulo}"?`, acao: () => executar.mutateAsync(a.nome), sucesso: 'Execução registrada.' })}
                    >
                      <IconPlayerPlay size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </TabelaSimples>
        </EstadoConsulta>
      </Stack>

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="h3">
            Tarefas em segundo plano
          </Title>
          <SegmentedControl
            size="xs"
            aria-label="Status"
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(0);
            }}
            data={[{ value: '', label: 'Todas' }, ...(['PENDENTE', 'PROCESSANDO', 'CONCLUIDA', 'ERRO'] as const).map((s) => ({ value: s, label: ROTULOS_STATUS_TAREFA[s] }))]}
          />
        </Group>
        <EstadoConsulta consulta={tarefas} vazio={(p?.content.length ?? 0) === 0} mensagemVazia="Nenhuma tarefa com este status." titulo="Tarefas">
          <TabelaSimples verticalSpacing="xs" colunas={[{ titulo: 'Criada em' }, { titulo: 'Tipo' }, { titulo: 'Empresa' }, { titulo: 'Por' }, { titulo: 'Status' }, { titulo: 'Progresso', w: 140 }, {}]}>
            {p?.content.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatarDataHora(t.criadoEm)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{t.tipo}</Text>
                  {t.mensagemErro && (
                    <Text size="xs" c="red">
                      {t.mensagemErro}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t.empresaNome ?? 'Serviço'}</Table.Td>
                <Table.Td>{t.usuarioNome ?? '—'}</Table.Td>
                <Table.Td>
                  <BadgeStatus status={t.status} />
                </Table.Td>
                <Table.Td>
                  <Progress value={t.status === 'ERRO' ? 100 : t.percentual} color={CORES_STATUS_TAREFA[t.status]} aria-label={`Progresso: ${t.percentual}%`} />
                </Table.Td>
                <Table.Td>
                  {t.podeReexecutar && (
                    <Tooltip label="Executar de novo">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Executar de novo: ${t.tipo}`}
                        onClick={() => void confirmarEExecutar({ mensagem: 'Executar esta tarefa de novo, desde o início?', acao: () => reexecutar.mutateAsync(t.id), sucesso: 'Tarefa de volta à fila.' })}
                      >
                        <IconRefresh size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </TabelaSimples>
          {p && p.totalPages > 1 && <Pagination total={p.totalPages} value={page + 1} onChange={(v) => setPage(v - 1)} />}
        </EstadoConsulta>
      </Stack>
    </Stack>
  );
}
