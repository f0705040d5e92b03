import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowRight, IconBan, IconBrandWhatsapp, IconDots, IconHandGrab, IconHistory, IconMail, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ROTULOS_STATUS_RESGATE_PREMIO, STATUS_RESGATE_VIVOS, TRANSICOES_RESGATE_PREMIO, type ResgatePremio } from '@bonifica/contracts';
import { notificar } from '../../components/notificar';
import { formatarDataHora } from '../../lib/format';
import { cancelarResgate, chavesPremios, entregar, historicoDoResgate, imprimirComprovante, mudarStatus, reenviarComprovante, useInvalidarResgates } from './api';

type Dialogo = 'entregar' | 'cancelar' | 'historico' | null;
const mensagem = (e: unknown) => (e instanceof Error ? e.message : 'Não foi possível concluir.');

/** The actions of one redemption row: hand over by code, move the status, cancel, re-send, print, history. */
export function AcoesResgate({ resgate: r, gestao }: { resgate: ResgatePremio; gestao: boolean }) {
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const invalidar = useInvalidarResgates();
  const vivo = STATUS_RESGATE_VIVOS.includes(r.status);
  const executar = async (acao: () => Promise<unknown>, sucesso: string) => {
    try {
      await acao();
      notificar.sucesso(sucesso);
      invalidar();
      return true;
    } catch (e) {
      notificar.erro(mensagem(e));
      return false;
    }
  };
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {vivo && (
        <Tooltip label="Entregar">
          <ActionIcon variant="subtle" color="teal" aria-label={`Entregar o resgate ${r.codigo}`} onClick={() => setDialogo('entregar')}>
            <IconHandGrab size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Imprimir comprovante">
        <ActionIcon variant="subtle" aria-label={`Imprimir o comprovante ${r.codigo}`} onClick={() => void imprimirComprovante(r.id).catch((e: unknown) => notificar.erro(mensagem(e)))}>
          <IconPrinter size={18} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Mais ações do resgate ${r.codigo}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {gestao &&
            TRANSICOES_RESGATE_PREMIO[r.status].map((s) => (
              <Menu.Item key={s} leftSection={<IconArrowRight size={16} />} onClick={() => void executar(() => mudarStatus(r.id, s), `Resgate ${ROTULOS_STATUS_RESGATE_PREMIO[s].toLowerCase()}.`)}>
                Marcar como {ROTULOS_STATUS_RESGATE_PREMIO[s].toLowerCase()}
              </Menu.Item>
            ))}
          {r.status !== 'CANCELADO' && (
            <>
              <Menu.Item leftSection={<IconBrandWhatsapp size={16} />} onClick={() => void executar(() => reenviarComprovante(r.id, 'WHATSAPP'), 'Comprovante reenviado ao cliente pelo WhatsApp.')}>
                Reenviar comprovante por WhatsApp
              </Menu.Item>
              <Menu.Item leftSection={<IconMail size={16} />} onClick={() => void executar(() => reenviarComprovante(r.id, 'EMAIL'), 'Comprovante reenviado ao e-mail do cliente, com o PDF.')}>
                Reenviar comprovante por e-mail
              </Menu.Item>
            </>
          )}
          <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => setDialogo('historico')}>
            Histórico
          </Menu.Item>
          {gestao && vivo && (
            <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => setDialogo('cancelar')}>
              Cancelar resgate
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={dialogo === 'entregar'} onClose={() => setDialogo(null)} title={`Entregar ${r.premioNome}`}>
        <FormularioTexto
          rotulo="Código do resgate"
          descricao={`Peça ao cliente ${r.clienteNome} o código do comprovante.`}
          botao="Entregar prêmio"
          minimo={4}
          aoEnviar={(codigo) => executar(() => entregar(r.id, codigo), 'Prêmio entregue.').then((ok) => ok && setDialogo(null))}
        />
      </Modal>
      <Modal opened={dialogo === 'cancelar'} onClose={() => setDialogo(null)} title={`Cancelar o resgate ${r.codigo}`}>
        <FormularioTexto
          rotulo="Motivo"
          descricao="Os pontos e o cashback voltam ao cliente e a unidade volta ao estoque."
          botao="Cancelar resgate"
          minimo={3}
          perigo
          aoEnviar={(motivo) => executar(() => cancelarResgate(r.id, motivo), 'Resgate cancelado: saldo e estoque devolvidos.').then((ok) => ok && setDialogo(null))}
        />
      </Modal>
      <Modal opened={dialogo === 'historico'} onClose={() => setDialogo(null)} title={`Histórico do resgate ${r.codigo}`} size="lg">
        {dialogo === 'historico' && <Historico id={r.id} />}
      </Modal>
    </Group>
  );
}

function FormularioTexto(p: { rotulo: string; descricao: string; botao: string; minimo: number; perigo?: boolean; aoEnviar: (texto: string) => Promise<unknown> }) {
  const [texto, setTexto] = useState('');
  const [enviando, setEnviando] = useState(false);
  const valido = texto.trim().length >= p.minimo;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!valido || enviando) return;
        setEnviando(true);
        void p.aoEnviar(texto.trim()).finally(() => setEnviando(false));
      }}
    >
      <Stack>
        <TextInput label={p.rotulo} description={p.descricao} value={texto} onChange={(e) => setTexto(e.currentTarget.value)} data-autofocus required maxLength={200} />
        <Group justify="flex-end">
          <Button type="submit" color={p.perigo ? 'red' : undefined} loading={enviando} disabled={!valido}>
            {p.botao}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Historico({ id }: { id: number }) {
  const q = useQuery({ queryKey: chavesPremios.historico(id), queryFn: () => historicoDoResgate(id) });
  if (q.isPending) return <Text c="dimmed">Carregando…</Text>;
  if (q.isError) return <Text c="red">{mensagem(q.error)}</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Quando</Table.Th>
          <Table.Th>Mudança</Table.Th>
          <Table.Th>Quem</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {q.data.map((h, i) => (
          <Table.Tr key={i}>
            <Table.Td>{formatarDataHora(h.criadoEm)}</Table.Td>
            <Table.Td>
              {h.de ? `${ROTULOS_STATUS_RESGATE_PREMIO[h.de]} → ` : ''}
              {ROTULOS_STATUS_RESGATE_PREMIO[h.para]}
              {h.observacao ? ` (${h.observacao})` : ''}
            </Table.Td>
            <Table.Td>{h.usuarioNome ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
