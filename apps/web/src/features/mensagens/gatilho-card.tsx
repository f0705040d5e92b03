import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconSend, IconTestPipe } from '@tabler/icons-react';
import {
  formatarData,
  GATILHOS,
  mensagemAutomaticaSaveSchema,
  type CanalMensagem,
  type MensagemAutomatica,
  type MensagemAutomaticaSave,
  type ModeloMensagem,
} from '@bonifica/contracts';
import { confirmar } from '../../components/confirmar';
import { notificar } from '../../components/notificar';
import { SelecaoCliente } from '../../components/selecao-cliente';
import { useEnviarAgora, useMsgTeste, useSalvarAutomatica } from './api';

type GatilhoCardProps = { automatica: MensagemAutomatica; modelos: ModeloMensagem[] };

/** One trigger of Mensagens › Automáticas: on/off, template, channel, N, hour, test and "send now". */
export function GatilhoCard({ automatica: a, modelos }: GatilhoCardProps) {
  const def = GATILHOS[a.gatilho];
  const salvar = useSalvarAutomatica();
  const enviarAgora = useEnviarAgora();
  const [v, setV] = useState<MensagemAutomaticaSave>({
    gatilho: a.gatilho,
    ativo: a.ativo,
    modeloId: a.modeloId,
    canal: a.canal,
    dias: a.dias ?? def.dias?.padrao ?? null,
    horario: a.horario,
    cupom: a.cupom ?? '',
    link: a.link ?? '',
  });
  const [erros, setErros] = useState<Record<string, string>>({});
  const [teste, setTeste] = useState(false);
  const mudar = (m: Partial<MensagemAutomaticaSave>) => setV((x) => ({ ...x, ...m }));
  const opcoes = modelos.filter((m) => m.canal === v.canal).map((m) => ({ value: String(m.id), label: m.nome }));
  const titulo = `${def.titulo}`;

  async function gravar() {
    const r = mensagemAutomaticaSaveSchema.safeParse(v);
    if (!r.success) {
      setErros(Object.fromEntries(r.error.issues.map((i) => [String(i.path[0] ?? ''), i.message])));
      return;
    }
    setErros({});
    try {
      await salvar.mutateAsync(v);
      notificar.sucesso(`${titulo}: configuração salva.`);
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  async function agora() {
    const ok = await confirmar({ mensagem: `Enviar agora a mensagem "${titulo}" para todos os clientes que ela alcança hoje? Quem já recebeu pelo mesmo motivo não recebe de novo.` });
    if (!ok) return;
    try {
      const [r] = await enviarAgora.mutateAsync(a.gatilho);
      const n = r?.enfileiradas ?? 0;
      notificar.sucesso(n === 0 ? 'Nenhum cliente novo para esta mensagem agora.' : `${n.toLocaleString('pt-BR')} ${n === 1 ? 'mensagem enfileirada' : 'mensagens enfileiradas'}.`);
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  return (
    <Card withBorder radius="md" padding="md" aria-label={titulo} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{titulo}</Text>
              <Badge variant="light" color={def.marketing ? 'grape' : 'blue'}>
                {def.marketing ? 'Marketing' : 'Transacional'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {def.descricao}
              {def.diario && a.ultimaRodada ? ` Última rodada: ${formatarData(`${a.ultimaRodada}T12:00:00Z`)}.` : ''}
            </Text>
          </Stack>
          <Switch aria-label={`Ligar ${titulo}`} checked={v.ativo} onChange={(e) => mudar({ ativo: e.currentTarget.checked })} label={v.ativo ? 'Ligada' : 'Desligada'} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Canal
            </Text>
            <SegmentedControl
              size="xs"
              value={v.canal}
              onChange={(c) => mudar({ canal: c as CanalMensagem, modeloId: null })}
              data={[
                { value: 'WHATSAPP', label: 'WhatsApp' },
                { value: 'EMAIL', label: 'E-mail' },
              ]}
            />
          </Stack>
          <Select
            label="Modelo"
            placeholder={opcoes.length ? 'Selecione' : 'Nenhum modelo deste canal'}
            data={opcoes}
            value={v.modeloId ? String(v.modeloId) : null}
            onChange={(x) => mudar({ modeloId: x ? Number(x) : null })}
            error={erros.modeloId}
            searchable
            clearable
          />
          {def.dias && (
            <NumberInput label={def.dias.rotulo} min={def.dias.min} max={def.dias.max} value={v.dias ?? ''} onChange={(x) => mudar({ dias: typeof x === 'number' ? x : null })} error={erros.dias} allowDecimal={false} />
          )}
          {def.diario && <TextInput label="Horário" type="time" value={v.horario} onChange={(e) => mudar({ horario: e.currentTarget.value })} error={erros.horario} description="No fuso da empresa" />}
          <TextInput label="Cupom" description="Vira {cupom} no texto" value={v.cupom ?? ''} onChange={(e) => mudar({ cupom: e.currentTarget.value })} error={erros.cupom} />
          <TextInput label="Link" description="Vira {link} no texto" value={v.link ?? ''} onChange={(e) => mudar({ link: e.currentTarget.value })} error={erros.link} />
        </SimpleGrid>
        <Group gap="xs" justify="flex-end">
          <Button variant="default" leftSection={<IconTestPipe size={16} />} onClick={() => setTeste(true)} disabled={!a.modeloId}>
            Enviar teste
          </Button>
          <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => void agora()} disabled={!a.ativo || !a.modeloId} loading={enviarAgora.isPending}>
            Enviar agora
          </Button>
          <Button onClick={() => void gravar()} loading={salvar.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
      <Modal opened={teste} onClose={() => setTeste(false)} title={`Enviar teste: ${titulo}`} centered>
        {teste && <EnvioTeste gatilho={a} canal={a.canal} aoFechar={() => setTeste(false)} />}
      </Modal>
    </Card>
  );
}

function EnvioTeste({ gatilho, canal, aoFechar }: { gatilho: MensagemAutomatica; canal: CanalMensagem; aoFechar: () => void }) {
  const msgTeste = useMsgTeste();
  const [para, setPara] = useState('');
  const [clienteId, setClienteId] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  async function enviar() {
    setErro(null);
    try {
      const r = await msgTeste.mutateAsync({ gatilho: gatilho.gatilho, para, ...(clienteId ? { clienteId: Number(clienteId) } : {}) });
      notificar.sucesso(`Mensagem de teste enfileirada para ${r.para}.`);
      aoFechar();
    } catch (e) {
      setErro((e as Error).message);
    }
  }
  return (
    <Stack>
      <TextInput
        label={canal === 'EMAIL' ? 'E-mail de teste' : 'WhatsApp de teste'}
        placeholder={canal === 'EMAIL' ? 'voce@empresa.com.br' : '(11) 98888-7777'}
        value={para}
        onChange={(e) => setPara(e.currentTarget.value)}
        error={erro}
        data-autofocus
      />
      <SelecaoCliente label="Dados de qual cliente" description="Sem escolher, usa o cliente cadastrado mais recente." value={clienteId} onChange={setClienteId} />
      <Group justify="flex-end">
        <Button variant="default" onClick={aoFechar}>
          Cancelar
        </Button>
        <Button onClick={() => void enviar()} loading={msgTeste.isPending}>
          Enviar teste
        </Button>
      </Group>
    </Stack>
  );
}
