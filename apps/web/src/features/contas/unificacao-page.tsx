import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Table, Text, Textarea, Tooltip } from '@mantine/core';
import { IconArrowRight, IconArrowsExchange, IconGitMerge } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { STATUS_CLIENTE, type GrupoDuplicados, type LadoUnificacao, type ResultadoUnificacao, type SaldoConta, type StatusCliente } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmar } from '../../components/confirmar';
import { EstadoConsulta } from '../../components/estado-consulta';
import { notificar } from '../../components/notificar';
import { SelecaoCliente } from '../../components/selecao-cliente';
import { chavesContas, unificar, useBuscaUnificacao, useDuplicados, useQuantidadeUnificacao } from './api';
import { formatarData, formatarDocumento, formatarInteiro, formatarTelefone, formatarValorConta } from '../../lib/format';
import { BadgeStatusCliente } from '../../components/badges-situacao';

const valor = (s: Pick<SaldoConta, 'unidade'>, v: number) => formatarValorConta(s.unidade, v);

// The unification contract types the status as text; it holds the customer's status.
const ehStatusCliente = (s: string): s is StatusCliente => (STATUS_CLIENTE as readonly string[]).includes(s);

const contagem = (n: number, um: string, varios: string) => `${formatarInteiro(n)} ${n === 1 ? um : varios}`;

/**
 * Where a manager starts: customers of the network sharing a mobile or an e-mail (client/duplicados).
 * Only groups with two active customers are offered; an already unified one is blocked and drops out.
 */
function ProvaveisDuplicados({ aoComparar }: { aoComparar: (origem: { id: number; nome: string }, destino: { id: number; nome: string }) => void }) {
  const consulta = useDuplicados();
  const grupos = (consulta.data ?? [])
    .map((g): GrupoDuplicados => ({ ...g, clientes: g.clientes.filter((c) => c.status === 'ATIVO') }))
    .filter((g) => g.clientes.length >= 2);
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="xs">
        Prováveis duplicados
      </Text>
      <EstadoConsulta titulo="Prováveis duplicados" consulta={consulta} vazio={grupos.length === 0} mensagemVazia="Nenhum cliente ativo divide celular ou e-mail com outro.">
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Prováveis duplicados">
          {grupos.map((g) => {
            // The oldest record usually holds the history; the newer one is the quick sign-up to fold into it.
            const [destino, ...resto] = [...g.clientes].sort((a, b) => a.id - b.id);
            const origem = resto[resto.length - 1]!;
            return (
              <Group key={`${g.motivo}-${g.valor}`} component="li" justify="space-between" wrap="wrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm">{g.clientes.map((c) => c.nome).join(' · ')}</Text>
                  <Text size="xs" c="dimmed">
                    {g.motivo === 'CELULAR' ? `Mesmo celular: ${formatarTelefone(g.valor)}` : `Mesmo e-mail: ${g.valor}`}
                  </Text>
                </div>
                <Button size="xs" variant="light" onClick={() => aoComparar({ id: origem.id, nome: origem.nome }, { id: destino.id, nome: destino.nome })}>
                  Comparar
                </Button>
              </Group>
            );
          })}
        </Stack>
      </EstadoConsulta>
    </Card>
  );
}

function Lado({ titulo, lado, carregando }: { titulo: string; lado: LadoUnificacao | null | undefined; carregando: boolean }) {
  return (
    <Card withBorder>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {titulo}
      </Text>
      {carregando ? (
        <Center mih={120}>
          <Loader size="sm" />
        </Center>
      ) : !lado ? (
        <Text c="dimmed" size="sm" mt="sm">
          Escolha um cliente acima.
        </Text>
      ) : (
        <Stack gap={6} mt={6}>
          <Group gap="xs">
            <Text fw={600}>{lado.nome}</Text>
            {ehStatusCliente(lado.status) && <BadgeStatusCliente status={lado.status} size="sm" />}
          </Group>
          <Text size="sm" c="dimmed">
            {[formatarDocumento(lado.documento), formatarTelefone(lado.celular), lado.email].filter(Boolean).join(' · ') || 'Sem documento, celular ou e-mail'}
          </Text>
          {lado.unificadoEm && (
            <Alert color="yellow" variant="light" p="xs">
              Já unificado em {formatarData(lado.unificadoEm)}.
            </Alert>
          )}
          {lado.saldos.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhuma conta.
            </Text>
          ) : (
            <Table withRowBorders={false} verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Conta</Table.Th>
                  <Table.Th ta="right">Saldo</Table.Th>
                  <Table.Th ta="right">Disponível</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lado.saldos.map((s) => (
                  <Table.Tr key={s.contaId}>
                    <Table.Td>{s.nome}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {valor(s, s.saldo)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {valor(s, s.disponivel)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Card>
  );
}

/** Cadastros › Unificação de contas: a duplicate customer's balances move to the one that stays. */
export function Component() {
  const queryClient = useQueryClient();
  const [origemId, setOrigemId] = useState<number | null>(null);
  const [destinoId, setDestinoId] = useState<number | null>(null);
  // Names of customers chosen by a suggestion, so the pickers show them without a search.
  const [nomes, setNomes] = useState<Record<number, string>>({});
  const [observacao, setObservacao] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [resultado, setResultado] = useState<(ResultadoUnificacao & { destinoId: number; destinoNome: string }) | null>(null);
  const busca = useBuscaUnificacao(origemId, destinoId);
  const quantidade = useQuantidadeUnificacao(origemId, destinoId);
  const mesmo = origemId !== null && origemId === destinoId;
  const lados = busca.data;
  const bloqueio = lados?.origem?.unificadoEm ? 'O cliente de origem já foi unificado.' : lados?.destino?.unificadoEm ? 'O cliente de destino já foi unificado em outro cadastro.' : null;

  async function executar() {
    if (!origemId || !destinoId || !lados?.origem || !lados.destino) return;
    const ok = await confirmar({
      destrutiva: true,
      mensagem: `Unificar "${lados.origem.nome}" em "${lados.destino.nome}"? Os saldos passam para "${lados.destino.nome}" e "${lados.origem.nome}" fica bloqueado. Esta operação não pode ser desfeita.`,
    });
    if (!ok) return;
    setEnviando(true);
    try {
      const r = await unificar({ origemId, destinoId, ...(observacao.trim() ? { observacao: observacao.trim() } : {}) }, crypto.randomUUID());
      setResultado({ ...r, destinoId, destinoNome: lados.destino.nome });
      notificar.sucesso('Contas unificadas.');
      setOrigemId(null);
      setObservacao('');
      await queryClient.invalidateQueries({ queryKey: chavesContas.raiz });
    } catch (e) {
      notificar.erro((e as Error).message);
    } finally {
      setEnviando(false);
    }
  }

  const aMover = quantidade.data?.valores.map((v) => valor(v, v.saldo)).join(' + ');
  const nomeDe = (id: number | null, lado: LadoUnificacao | null | undefined) => (id === null ? null : (lado?.nome ?? nomes[id] ?? null));
  const comparar = (origem: { id: number; nome: string }, destino: { id: number; nome: string }) => {
    setNomes((n) => ({ ...n, [origem.id]: origem.nome, [destino.id]: destino.nome }));
    setOrigemId(origem.id);
    setDestinoId(destino.id);
    setResultado(null);
  };
  const trocar = () => {
    setOrigemId(destinoId);
    setDestinoId(origemId);
  };

  return (
    <Stack gap="md" maw={1000}>
      <CabecalhoPagina
        titulo="Unificação de contas"
        descricao="Quando a mesma pessoa foi cadastrada duas vezes: os saldos do cadastro duplicado passam para o que fica, num lançamento do razão, com as mesmas datas de validade. Vendas, cartões e extrato antigos ficam no cadastro de origem, que é bloqueado."
      />
      {origemId === null && destinoId === null && <ProvaveisDuplicados aoComparar={comparar} />}
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
          <SelecaoCliente
            label="Cliente duplicado (origem)"
            value={origemId ? String(origemId) : null}
            nomeEscolhido={nomeDe(origemId, lados?.origem)}
            onChange={(v) => setOrigemId(v ? Number(v) : null)}
          />
          <SelecaoCliente
            label="Cliente que fica (destino)"
            value={destinoId ? String(destinoId) : null}
            nomeEscolhido={nomeDe(destinoId, lados?.destino)}
            onChange={(v) => setDestinoId(v ? Number(v) : null)}
          />
        </SimpleGrid>
        <Tooltip label="Trocar origem e destino">
          <ActionIcon variant="default" size="lg" aria-label="Trocar origem e destino" onClick={trocar} disabled={origemId === null && destinoId === null}>
            <IconArrowsExchange size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {lados && lados.sugestoes.length > 0 && (
        <Alert color="blue" variant="light" title="Prováveis duplicados da origem">
          <Group gap="xs">
            {lados.sugestoes.map((s) => (
              <Button key={s.clienteId} size="xs" variant="white" onClick={() => setDestinoId(s.clienteId)}>
                {s.nome} · {s.motivo}
              </Button>
            ))}
          </Group>
        </Alert>
      )}
      {busca.isError && <Alert color="red">{busca.error.message}</Alert>}
      {mesmo && <Alert color="red">Escolha dois clientes diferentes: não é possível unificar um cliente com ele mesmo.</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Lado titulo="Origem (será bloqueada)" lado={lados?.origem} carregando={busca.isFetching && origemId !== null && !lados?.origem} />
        <Lado titulo="Destino (recebe os saldos)" lado={lados?.destino} carregando={busca.isFetching && destinoId !== null && !lados?.destino} />
      </SimpleGrid>
      {quantidade.data && !mesmo && (
        <Alert color={bloqueio ? 'yellow' : 'gray'} variant="light" icon={<IconArrowRight size={18} />}>
          {bloqueio ??
            (quantidade.data.contas === 0
              ? 'A origem não tem saldo: só o cadastro será bloqueado e marcado como unificado.'
              : `Serão movidos ${aMover} (${contagem(quantidade.data.lotes, 'lote', 'lotes')} de crédito).`)}{' '}
          {!bloqueio && `Ficam na origem como histórico: ${contagem(quantidade.data.vendas, 'venda', 'vendas')} e ${contagem(quantidade.data.cartoes, 'cartão', 'cartões')}.`}
        </Alert>
      )}
      {quantidade.isError && <Alert color="red">{quantidade.error.message}</Alert>}
      <Textarea label="Observação (opcional)" description="Fica na nota dos dois cadastros." maxLength={300} autosize minRows={2} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} />
      <Group>
        <Button
          color="red"
          leftSection={<IconGitMerge size={16} />}
          loading={enviando}
          disabled={!lados?.origem || !lados.destino || mesmo || Boolean(bloqueio) || !quantidade.data}
          onClick={() => void executar()}
        >
          Unificar
        </Button>
      </Group>
      {resultado && (
        <Alert color="teal" variant="light" title="Unificação concluída">
          {resultado.contas === 0 ? 'Nenhum saldo a mover.' : `Movidos ${resultado.valores.map((v) => valor(v, v.saldo)).join(' + ')}.`}{' '}
          <Link to={`/app/cadastros/clientes/${resultado.destinoId}`}>Abrir a ficha de {resultado.destinoNome}</Link>
        </Alert>
      )}
    </Stack>
  );
}
