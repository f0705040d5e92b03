import { useState } from 'react';
import { Badge, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { ROTULOS_UNIDADE, type SaldoConta, type UnidadeConta } from '@bonifica/contracts';
import { formatarData, formatarDataHora, formatarMovimento, formatarValorConta, rotuloExtrato } from '../../../lib/format';
import { useExtrato, useSaldos } from '../ficha-api';
import { EstadoConsulta, PaginacaoConsulta } from '../../../components/estado-consulta';
import { AjusteSaldo } from './ajuste-saldo';
import { EstornoLancamento } from './estorno-lancamento';

function CartaoSaldo({ s }: { s: SaldoConta }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb={4}>
        <Text fw={600}>{s.nome || ROTULOS_UNIDADE[s.unidade]}</Text>
        {s.bloqueada && (
          <Badge color="red" variant="light">
            Bloqueada
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Disponível agora
      </Text>
      <Text size="xl" fw={700}>
        {formatarValorConta(s.unidade, s.disponivel)}
      </Text>
      <Stack gap={2} mt="xs">
        <Text size="sm">Saldo total: {formatarValorConta(s.unidade, s.saldo)}</Text>
        {s.emCarencia > 0 && <Text size="sm">Em carência: {formatarValorConta(s.unidade, s.emCarencia)}</Text>}
        {s.aExpirar > 0 && (
          <Text size="sm" c="orange.8">
            Expira em 30 dias: {formatarValorConta(s.unidade, s.aExpirar)}
            {s.proximaExpiracao ? ` (a partir de ${formatarData(s.proximaExpiracao)})` : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Balances per account: what may be used now beside the total (waiting period and expiry apart). */
export function SecaoContas({ clienteId, nomeCliente, podeAjustar }: { clienteId: number; nomeCliente: string; podeAjustar: boolean }) {
  const consulta = useSaldos(clienteId);
  const saldos = consulta.data ?? [];
  return (
    <Stack gap="md">
      {podeAjustar && (
        <Group justify="flex-end">
          <AjusteSaldo clienteId={clienteId} nomeCliente={nomeCliente} />
        </Group>
      )}
      <EstadoConsulta titulo="Contas" consulta={consulta} vazio={saldos.length === 0} mensagemVazia="Este cliente ainda não tem contas. Elas são criadas na primeira compra ou pelas contas padrão da empresa.">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {saldos.map((s) => (
            <CartaoSaldo key={s.contaId} s={s} />
          ))}
        </SimpleGrid>
      </EstadoConsulta>
    </Stack>
  );
}

/** The paged statement of one account, newest entry first. */
export function SecaoExtrato({ clienteId, podeEstornar }: { clienteId: number; podeEstornar: boolean }) {
  const saldos = useSaldos(clienteId);
  const unidades = (saldos.data ?? []).map((s) => s.unidade);
  const [escolhida, setEscolhida] = useState<UnidadeConta | null>(null);
  const unidade = escolhida && unidades.includes(escolhida) ? escolhida : (unidades[0] ?? null);
  const [pagina, setPagina] = useState(0);
  const extrato = useExtrato(clienteId, unidade, pagina);
  const linhas = extrato.data?.content ?? [];
  return (
    <EstadoConsulta titulo="Extrato" consulta={saldos} vazio={unidades.length === 0} mensagemVazia="Sem contas, sem movimentos no extrato.">
      <Stack gap="sm">
        {unidades.length > 1 && (
          <SegmentedControl
            value={unidade ?? undefined}
            onChange={(v) => {
              setEscolhida(v as UnidadeConta);
              setPagina(0);
            }}
            data={unidades.map((u) => ({ value: u, label: ROTULOS_UNIDADE[u] }))}
            aria-label="Conta do extrato"
          />
        )}
        <EstadoConsulta titulo="Extrato" consulta={extrato} vazio={linhas.length === 0} mensagemVazia="Nenhum movimento nesta conta.">
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Descrição</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  {podeEstornar && <Table.Th w={1} aria-label="Ações" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {linhas.map((l) => (
                  <Table.Tr key={l.partidaId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatarData(l.criadoEm)}
                      <Text size="xs" c="dimmed">
                        {formatarDataHora(l.criadoEm).slice(11, 16)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {rotuloExtrato(l)}
                      {l.estornado && (
                        <Badge ml="xs" size="xs" color="gray" variant="light">
                          Estornado
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" c={l.valor < 0 ? 'red.7' : 'teal.8'} style={{ whiteSpace: 'nowrap' }}>
                      {formatarMovimento(unidade!, l.valor)}
                    </Table.Td>
                    {podeEstornar && <Table.Td>{l.estornavel && <EstornoLancamento clienteId={clienteId} unidade={unidade!} linha={l} />}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PaginacaoConsulta total={extrato.data?.totalPages ?? 0} pagina={pagina} aoMudar={setPagina} />
        </EstadoConsulta>
      </Stack>
    </EstadoConsulta>
  );
}
