import { useRef, useState } from 'react';
import { Alert, Avatar, Badge, Button, Card, Group, ScrollArea, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconGift, IconHandGrab, IconPrinter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { normalizarBusca, type PremioParaCliente, type ResgatePremio } from '@bonifica/contracts';
import { confirmar } from '../../components/confirmar';
import { notificar } from '../../components/notificar';
import { chavesPremios, custoDoPremio, entregar, imprimirComprovante, premiosDoCliente, resgatar } from '../../lib/premios';
import { mensagemDe } from './mensagem';

type Props = { clienteId: number; clienteNome: string; aoResgatar: () => void };

/** From this many prizes on, the step gets a search field and scrolls inside itself (the sale stays in view). */
const PREMIOS_SEM_BUSCA = 6;

/**
 * The terminal's "Prêmios" step, beside the sale (docs/areas/premios.md): only the prizes the
 * customer's usable balance reaches are offered; one click (confirmed) redeems with one
 * Idempotency-Key per attempt, then the voucher is printed and the prize handed over at once.
 */
export function PremiosCliente({ clienteId, clienteNome, aoResgatar }: Props) {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: chavesPremios.doCliente(clienteId), queryFn: () => premiosDoCliente(clienteId) });
  const [feito, setFeito] = useState<ResgatePremio | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const chave = useRef(crypto.randomUUID());

  const [busca, setBusca] = useState('');
  const alcancaveis = (q.data ?? []).filter((p) => p.alcanca);
  const fora = (q.data ?? []).filter((p) => !p.alcanca);
  const termo = normalizarBusca(busca);
  const mostrados = termo ? alcancaveis.filter((p) => normalizarBusca(p.nome).includes(termo)) : alcancaveis;

  const resgatarPremio = async (p: PremioParaCliente) => {
    if (ocupado) return;
    if (!(await confirmar({ mensagem: `Resgatar ${p.nome} para ${clienteNome} por ${custoDoPremio(p.custoPontos, p.custoCashback)}?`, enterConfirma: true }))) return;
    setOcupado(true);
    try {
      setFeito(await resgatar(p.id, clienteId, chave.current));
      chave.current = crypto.randomUUID();
      notificar.sucesso('Prêmio resgatado.');
      aoResgatar();
      void queryClient.invalidateQueries({ queryKey: chavesPremios.todos });
    } catch (e) {
      notificar.erro(mensagemDe(e));
      // The refusal may mean the prize changed meanwhile (deactivated, sold out): show the list as it is now.
      void queryClient.invalidateQueries({ queryKey: chavesPremios.doCliente(clienteId) });
    } finally {
      setOcupado(false);
    }
  };

  const entregarAgora = async (r: ResgatePremio) => {
    setOcupado(true);
    try {
      setFeito(await entregar(r.id, r.codigo));
      notificar.sucesso('Prêmio entregue.');
    } catch (e) {
      notificar.erro(mensagemDe(e));
    } finally {
      setOcupado(false);
    }
  };

  return (
    <Card padding="md" withBorder component="section" aria-label="Prêmios">
      <Stack gap="sm">
        <Group gap="xs">
          <IconGift size={20} />
          <Title order={2} size="h4">
            Prêmios
          </Title>
        </Group>
        {feito && (
          <Alert color="teal" title={feito.status === 'RETIRADO' ? 'Prêmio entregue' : 'Prêmio resgatado'}>
            <Stack gap={6}>
              <Text size="sm">
                {feito.premioNome} · código <strong data-testid="codigo-resgate">{feito.codigo}</strong>
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} onClick={() => void imprimirComprovante(feito.id).catch((e: unknown) => notificar.erro(mensagemDe(e)))}>
                  Imprimir comprovante
                </Button>
                {feito.status !== 'RETIRADO' && (
                  <Button size="xs" leftSection={<IconHandGrab size={14} />} loading={ocupado} onClick={() => void entregarAgora(feito)}>
                    Entregar agora
                  </Button>
                )}
              </Group>
            </Stack>
          </Alert>
        )}
        {q.isPending && <Text c="dimmed" size="sm">Carregando prêmios…</Text>}
        {q.isError && <Text c="red" size="sm">{mensagemDe(q.error)}</Text>}
        {q.data && alcancaveis.length === 0 && <Text c="dimmed" size="sm">O saldo disponível do cliente ainda não alcança nenhum prêmio.</Text>}
        {alcancaveis.length > PREMIOS_SEM_BUSCA && <TextInput size="xs" placeholder="Buscar prêmio pelo nome" aria-label="Buscar prêmio" value={busca} onChange={(e) => setBusca(e.currentTarget.value)} />}
        <ScrollArea.Autosize mah={alcancaveis.length > PREMIOS_SEM_BUSCA ? 360 : undefined} type="auto" offsetScrollbars>
          <Stack gap="sm">
            {mostrados.map((p) => (
              <Group key={p.id} justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
                  <Avatar src={p.fotoArquivoId ? `/arquivo/${p.fotoArquivoId}` : null} alt="" radius="sm">
                    <IconGift size={18} />
                  </Avatar>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} lineClamp={2} title={p.nome}>
                      {p.nome}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {custoDoPremio(p.custoPontos, p.custoCashback)}
                      {p.estoque !== null ? ` · ${p.estoque} em estoque` : ''}
                    </Text>
                  </div>
                </Group>
                <Button size="xs" variant="light" disabled={ocupado} onClick={() => void resgatarPremio(p)} aria-label={`Resgatar ${p.nome}`} style={{ flexShrink: 0 }}>
                  Resgatar
                </Button>
              </Group>
            ))}
            {termo && mostrados.length === 0 && <Text c="dimmed" size="sm">Nenhum prêmio com “{busca.trim()}”.</Text>}
          </Stack>
        </ScrollArea.Autosize>
        {fora.length > 0 && (
          <Tooltip label={fora.map((p) => `${p.nome}: ${p.motivo ?? 'indisponível'}`).join(' · ')} multiline w={320}>
            <Badge variant="light" color="gray" style={{ alignSelf: 'flex-start' }}>
              {fora.length} {fora.length === 1 ? 'prêmio indisponível' : 'prêmios indisponíveis'} para este cliente agora
            </Badge>
          </Tooltip>
        )}
      </Stack>
    </Card>
  );
}
