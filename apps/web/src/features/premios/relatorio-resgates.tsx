import { useState } from 'react';
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CampoData } from '../../components/campo-data';
import { contagem, formatarBRL, formatarInteiro } from '../../lib/format';
import { chavesPremios, relatorioResgates } from './api';

const hoje = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** The management's report: redemptions per prize in a period (this month by default) and what they cost. */
export function RelatorioResgates() {
  const [ate, setAte] = useState(hoje);
  const [de, setDe] = useState(() => `${hoje().slice(0, 8)}01`);
  const q = useQuery({ queryKey: chavesPremios.relatorio(de, ate), queryFn: () => relatorioResgates(de, ate), enabled: Boolean(de && ate) });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4">
            Relatório de resgates
          </Title>
          <Group gap="xs">
            <CampoData label="De" value={de} onChange={(d) => setDe(d ?? '')} w={150} />
            <CampoData label="Até" value={ate} onChange={(d) => setAte(d ?? '')} w={150} />
          </Group>
        </Group>
        {q.isError && <Text c="red">{q.error.message}</Text>}
        {q.data && (
          <>
            <Text size="sm">
              {contagem(q.data.total.quantidade, 'resgate', 'resgates')} ({contagem(q.data.total.retirados, 'retirado', 'retirados')}) · {contagem(q.data.total.pontos, 'ponto', 'pontos')} · {formatarBRL(q.data.total.cashback)} em cashback
              {q.data.cancelados ? ` · ${contagem(q.data.cancelados, 'cancelado', 'cancelados')}` : ''}
            </Text>
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Prêmio</Table.Th>
                    <Table.Th ta="right">Resgates</Table.Th>
                    <Table.Th ta="right">Retirados</Table.Th>
                    <Table.Th ta="right">Pontos</Table.Th>
                    <Table.Th ta="right">Cashback</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {q.data.linhas.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5} c="dimmed">
                        Nenhum resgate no período.
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {q.data.linhas.map((l) => (
                    <Table.Tr key={l.premioId}>
                      <Table.Td>{l.premioNome}</Table.Td>
                      <Table.Td ta="right">{formatarInteiro(l.quantidade)}</Table.Td>
                      <Table.Td ta="right">{formatarInteiro(l.retirados)}</Table.Td>
                      <Table.Td ta="right">{formatarInteiro(l.pontos)}</Table.Td>
                      <Table.Td ta="right">{formatarBRL(l.cashback)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}
