import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { StatusTarefaResposta } from '@bonifica/contracts';
import { api } from '../../lib/api';

/** How often the bar asks while the job runs; a finished job is not asked again. */
export const INTERVALO_PROGRESSO_MS = 1000;

const terminou = (s: StatusTarefaResposta | null | undefined) => s?.status === 'CONCLUIDA' || s?.status === 'ERRO';

/**
 * Polls a job's status call (status/assincrono/{id}, importacao/status/{id}…) until it ends.
 * Any status reply that extends StatusTarefaResposta works, so a feature keeps its extra fields.
 */
export function useStatusTarefa<S extends StatusTarefaResposta = StatusTarefaResposta>(caminho: string | null) {
  return useQuery({
    queryKey: ['tarefa', 'status', caminho],
    queryFn: async () => {
      const r = (await api.get<S>(caminho!)).result;
      if (!r) throw new Error('Resposta vazia ao consultar a tarefa.');
      return r;
    },
    enabled: caminho !== null,
    refetchInterval: (q) => (terminou(q.state.data) ? false : INTERVALO_PROGRESSO_MS),
    refetchIntervalInBackground: true,
  });
}

export type ProgressoTarefaProps<S extends StatusTarefaResposta> = {
  /** The status call, without /services/. */
  caminho: string;
  /** Called once, when the job reaches CONCLUIDA or ERRO. */
  aoTerminar?: (status: S) => void;
  rotuloArquivo?: string;
  /** false when the caller shows the file its own way (e.g. the import's error report button). */
  mostrarArquivo?: boolean;
  /** Extra content once the job has finished (a summary, a retry button). */
  children?: (status: S) => ReactNode;
};

/** The progress bar of every long job (ARCHITECTURE §7): percent, message, and the file when done. */
export function ProgressoTarefa<S extends StatusTarefaResposta = StatusTarefaResposta>({ caminho, aoTerminar, rotuloArquivo = 'Baixar arquivo', mostrarArquivo = true, children }: ProgressoTarefaProps<S>) {
  const status = useStatusTarefa<S>(caminho);
  const avisado = useRef(false);
  const s = status.data;
  useEffect(() => {
    if (s && terminou(s) && !avisado.current) {
      avisado.current = true;
      aoTerminar?.(s);
    }
  }, [s, aoTerminar]);

  if (status.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Não foi possível acompanhar a tarefa">
        {status.error.message}
      </Alert>
    );
  }
  const percentual = s?.percentual ?? 0;
  const erro = s?.status === 'ERRO';
  return (
    <Stack gap="xs" aria-live="polite">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{s?.mensagem ?? 'Consultando andamento…'}</Text>
        <Text size="sm" fw={600} aria-hidden>
          {percentual}%
        </Text>
      </Group>
      <Progress
        value={percentual}
        size="lg"
        radius="sm"
        color={erro ? 'red' : s?.status === 'CONCLUIDA' ? 'teal' : undefined}
        animated={!terminou(s)}
        striped={!terminou(s)}
        aria-label="Andamento da tarefa"
        role="progressbar"
        aria-valuenow={percentual}
        aria-valuemin={0}
        aria-valuemax={100}
      />
      {erro && (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {s?.mensagem}
        </Alert>
      )}
      {mostrarArquivo && s?.urlArquivo && (
        <Anchor href={s.urlArquivo} download={s.arquivoNome ?? true}>
          <Group gap={6} wrap="nowrap">
            <IconDownload size={18} />
            {rotuloArquivo}
          </Group>
        </Anchor>
      )}
      {s && terminou(s) && children?.(s)}
    </Stack>
  );
}
