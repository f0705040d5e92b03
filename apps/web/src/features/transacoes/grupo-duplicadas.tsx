import { Badge, Card, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { type GrupoDuplicadas } from '@bonifica/contracts';
import { formatarBRL, formatarDataHora } from '../../lib/format';

type Props = {
  grupo: GrupoDuplicadas;
  escolhidas: ReadonlySet<number>;
  aoAlternar: (id: number) => void;
};

/** One group of likely duplicates: the first sale is the original, the others the copies to review. */
export function GrupoDuplicadasCard({ grupo, escolhidas, aoAlternar }: Props) {
  const todas = grupo.vendas.every((v) => escolhidas.has(v.id));
  return (
    <Card withBorder padding="md" component="section" aria-label={`Vendas de ${grupo.clienteNome}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={700}>{grupo.clienteNome}</Text>
          <Text size="sm" c="dimmed">
            {grupo.vendas.length} vendas de {formatarBRL(grupo.valor)} · {grupo.filialNome ?? 'Loja não informada'}
          </Text>
        </div>
        {todas && (
          <Text c="red" size="sm" role="alert">
            Mantenha ao menos uma venda deste grupo.
          </Text>
        )}
      </Group>
      <Table.ScrollContainer minWidth={520} mt="sm">
        <Table verticalSpacing={6} style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <VisuallyHidden>Cancelar</VisuallyHidden>
              </Table.Th>
              <Table.Th>Venda</Table.Th>
              <Table.Th>Data</Table.Th>
              <Table.Th>Atendente</Table.Th>
              <Table.Th ta="right">Cashback gerado</Table.Th>
              <Table.Th ta="right">Cashback usado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grupo.vendas.map((v, i) => (
              <Table.Tr key={v.id} bg={escolhidas.has(v.id) ? 'var(--mantine-color-red-light)' : undefined}>
                <Table.Td>
                  <Checkbox aria-label={`Cancelar a venda nº ${v.id}`} checked={escolhidas.has(v.id)} onChange={() => aoAlternar(v.id)} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    nº {v.id}
                    {i === 0 ? (
                      <Badge size="sm" variant="light" color="teal">
                        Original
                      </Badge>
                    ) : (
                      <Badge size="sm" variant="light" color="orange">
                        Cópia?
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{formatarDataHora(v.criadoEm)}</Table.Td>
                <Table.Td>{v.usuarioNome ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatarBRL(v.cashback)}</Table.Td>
                <Table.Td ta="right">{formatarBRL(v.resgate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
