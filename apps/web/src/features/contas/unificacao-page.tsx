import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconArrowRight, IconGitMerge } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatarBRL, formatarData, unidadeEmReais, type LadoUnificacao, type ResultadoUnificacao, type SaldoConta } from '@bonifica/contracts';
import { confirmar } from '../../components/confirmar';
import { notificar } from '../../components/notificar';
import { SelecaoCliente } from '../../components/selecao-cliente';
import { chavesContas, unificar, useBuscaUnificacao, useQuantidadeUnificacao } from './api';

const valor = (s: Pick<SaldoConta, 'unidade'>, v: number) => (unidadeEmReais(s.unidade) ? formatarBRL(v) : `${v.toLocaleString('pt-BR')} pts`);

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
            <Badge size="sm" variant="light" color={lado.status === 'ATIVO' ? 'teal' : 'gray'}>
              {lado.status === 'ATIVO' ? 'Ativo' : lado.status === 'BLOQUEADO' ? 'Bloqueado' : 'Anonimizado'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {[lado.documento, lado.celular, lado.email].filter(Boolean).join(' · ') || 'Sem documento, celular ou e-mail'}
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

  return (
    <Stack gap="md" maw={1000}>
      <div>
        <Title order={2}>Unificação de contas</Title>
        <Text c="dimmed" size="sm">
          Quando a mesma pessoa foi cadastrada duas vezes: os saldos do cadastro duplicado passam para o que fica, num lançamento do razão, com as
          mesmas datas de validade. Vendas, cartões e extrato antigos ficam no cadastro de origem, que é bloqueado.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelecaoCliente label="Cliente duplicado (origem)" value={origemId ? String(origemId) : null} onChange={(v) => setOrigemId(v ? Number(v) : null)} />
        <SelecaoCliente label="Cliente que fica (destino)" value={destinoId ? String(destinoId) : null} onChange={(v) => setDestinoId(v ? Number(v) : null)} />
      </SimpleGrid>
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
              : `Serão movidos ${aMover} (${quantidade.data.lotes} ${quantidade.data.lotes === 1 ? 'lote' : 'lotes'} de crédito).`)}{' '}
          {!bloqueio && `Ficam na origem como histórico: ${quantidade.data.vendas} vendas e ${quantidade.data.cartoes} cartões.`}
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
