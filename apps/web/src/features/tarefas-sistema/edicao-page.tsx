import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { EstadoConsulta } from '../../components/estado-consulta';
import { notificar } from '../../components/notificar';
import { formatarDataHora } from '../../lib/format';
import { useAgendamento, useSalvarAgendamento } from './api';

/** Sistema › Tarefas › Edição: a schedule's cron expression, validated by the server. */
export function Component() {
  const { id = '' } = useParams();
  const agendamento = useAgendamento(id);
  const salvar = useSalvarAgendamento();
  const [cron, setCron] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const a = agendamento.data;
  useEffect(() => {
    if (a) setCron(a.cron);
  }, [a]);

  const gravar = async (valor: string | null) => {
    setErro(null);
    if (valor !== null && !valor.trim()) {
      setErro('Informe a expressão cron.');
      return;
    }
    try {
      const r = await salvar.mutateAsync({ nome: id, cron: valor });
      setCron(r.cron);
      notificar.sucesso(r.aplicado ? 'Agendamento salvo e aplicado.' : 'Agendamento salvo. No modo manual de tarefas ele não roda no horário.');
    } catch (e) {
      setErro(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/app/sistema/tarefa" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Voltar às tarefas
        </Group>
      </Anchor>
      <EstadoConsulta consulta={agendamento} vazio={false} mensagemVazia="" titulo="Agendamento">
        {a && (
          <Stack gap="md" maw={640}>
            <CabecalhoPagina titulo={a.titulo} descricao={a.descricao} />
            <TextInput
              label="Expressão cron"
              description={`Minuto, hora, dia do mês, mês e dia da semana, no horário de Brasília. Padrão: ${a.cronPadrao}`}
              value={cron}
              onChange={(e) => setCron(e.currentTarget.value)}
              error={erro}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
            <Group>
              <Button loading={salvar.isPending} onClick={() => void gravar(cron)}>
                Salvar
              </Button>
              {a.personalizado && (
                <Button variant="default" onClick={() => void gravar(null)}>
                  Voltar ao padrão
                </Button>
              )}
            </Group>
            <Alert variant="light" color="gray" title="Próximas execuções">
              {a.proximas.map((p) => (
                <Text key={p} size="sm">
                  {formatarDataHora(p)}
                </Text>
              ))}
            </Alert>
            <Text size="sm" c="dimmed">
              Última execução: {a.ultimoInicio ? formatarDataHora(a.ultimoInicio) : 'nunca'}
              {a.ultimoStatus === 'ERRO' && ` — falhou: ${a.ultimoErro ?? ''}`}. Execuções: {a.execucoes}; falhas: {a.falhas}.
            </Text>
          </Stack>
        )}
      </EstadoConsulta>
    </Stack>
  );
}
