import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cupom } from '@bonifica/contracts';
import { confirmar } from '../../components/confirmar';
import { notificar } from '../../components/notificar';
import { ProgressoTarefa } from '../../components/progresso-tarefa';
import { chavesCupons, enviarPorWhats, testarWhats, usePublicosParaEnvio } from './api';

const mensagemDe = (e: unknown) => (e instanceof Error ? e.message : 'Não foi possível concluir.');
const n = (x: number) => x.toLocaleString('pt-BR');

/**
 * "Enviar por WhatsApp" (docs/areas/cupons.md "Envio por WhatsApp"): choose the audience, see how many
 * will get a code and the message as it goes, send a test to a number, confirm; then the job's progress.
 */
export function EnvioWhats({ cupom, aoFechar }: { cupom: Cupom | null; aoFechar: () => void }) {
  const queryClient = useQueryClient();
  const [publicoId, setPublicoId] = useState<string | null>(null);
  const [celular, setCelular] = useState('');
  const [testando, setTestando] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [tarefa, setTarefa] = useState<string | null>(null);
  const publicos = usePublicosParaEnvio(cupom !== null);
  const previa = useQuery({
    queryKey: ['cupons', 'whats', 'previa', cupom?.id, publicoId],
    queryFn: () => enviarPorWhats({ cupomId: cupom!.id, publicoId: Number(publicoId), simular: true }),
    enabled: cupom !== null && publicoId !== null && tarefa === null,
    retry: false,
  });
  const fechar = () => {
    setPublicoId(null);
    setTarefa(null);
    setCelular('');
    aoFechar();
  };

  async function testar() {
    if (!cupom) return;
    setTestando(true);
    try {
      const r = await testarWhats({ cupomId: cupom.id, celular });
      notificar.sucesso(`Mensagem de teste na fila para +${r.para}.`);
    } catch (e) {
      notificar.erro(mensagemDe(e));
    } finally {
      setTestando(false);
    }
  }

  async function enviar() {
    if (!cupom || !previa.data) return;
    const total = previa.data.destinatarios;
    const ok = await confirmar({
      mensagem: `Enviar o cupom ${cupom.nome} a ${n(total)} ${total === 1 ? 'cliente' : 'clientes'} pelo WhatsApp? Cada um recebe um código só dele; isso não pode ser desfeito.`,
      destrutiva: true,
    });
    if (!ok) return;
    setEnviando(true);
    try {
      setTarefa((await enviarPorWhats({ cupomId: cupom.id, publicoId: Number(publicoId) })).tarefa);
    } catch (e) {
      notificar.erro(mensagemDe(e));
    } finally {
      setEnviando(false);
    }
  }

  const p = previa.data;
  return (
    <Modal opened={cupom !== null} onClose={fechar} title={cupom ? `Enviar por WhatsApp — ${cupom.nome}` : ''} size="lg">
      {tarefa ? (
        <Stack>
          <ProgressoTarefa caminho={`status/assincrono/${tarefa}`} mostrarArquivo={false} aoTerminar={() => void queryClient.invalidateQueries({ queryKey: chavesCupons.todos })}>
            {(s) => <Text size="sm">{s.status === 'CONCLUIDA' ? `${n(s.processados)} mensagens na fila de envio do WhatsApp.` : null}</Text>}
          </ProgressoTarefa>
          <Group justify="flex-end">
            <Button variant="default" onClick={fechar}>
              Fechar
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Select
            label="Público"
            placeholder={publicos.isLoading ? 'Carregando…' : 'Escolha o público'}
            data={(publicos.data ?? []).map((x) => ({ value: String(x.id), label: x.nome }))}
            value={publicoId}
            onChange={setPublicoId}
            searchable
            nothingFoundMessage="Nenhum público"
          />
          {previa.isError && <Alert color="red">{mensagemDe(previa.error)}</Alert>}
          {p && (
            <>
              <Text size="sm">
                <b>{n(p.destinatarios)}</b> {p.destinatarios === 1 ? 'cliente vai' : 'clientes vão'} receber um código.
                {p.jaReceberam > 0 && ` ${n(p.jaReceberam)} deste público já ${p.jaReceberam === 1 ? 'recebeu' : 'receberam'} este cupom e ficam de fora.`}
              </Text>
              {!p.temNumero && (
                <Alert color="yellow" title="Sem número de WhatsApp">
                  A empresa ainda não tem um número de WhatsApp conectado: conecte-o em Servidor WhatsApp antes de enviar.
                </Alert>
              )}
              <Text size="xs" c="dimmed">
                Só clientes com autorização de WhatsApp, sem bloqueio e com celular. Cada código fica restrito ao cliente que o recebeu.
              </Text>
            </>
          )}
          <div>
            <Text size="sm" fw={500} mb={4}>
              Prévia da mensagem
            </Text>
            <Paper withBorder p="sm" bg="var(--mantine-color-green-light)" style={{ whiteSpace: 'pre-wrap' }}>
              <Text size="sm">{p?.previa ?? cupom?.whatsAppLote ?? 'Escreva a mensagem do WhatsApp no cadastro do cupom.'}</Text>
            </Paper>
          </div>
          <Group align="flex-end" wrap="wrap">
            <TextInput label="Celular para teste" placeholder="(11) 98765-4321" value={celular} onChange={(e) => setCelular(e.currentTarget.value)} style={{ flex: 1, minWidth: 180 }} />
            <Button variant="default" leftSection={<IconSend size={16} />} loading={testando} disabled={celular.replace(/\D/g, '').length < 10} onClick={() => void testar()}>
              Enviar teste
            </Button>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={fechar}>
              Cancelar
            </Button>
            <Button color="green" leftSection={<IconBrandWhatsapp size={16} />} loading={enviando} disabled={!p || p.destinatarios === 0 || !p.temNumero} onClick={() => void enviar()}>
              {p ? `Enviar para ${n(p.destinatarios)}` : 'Enviar'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
