import { Table, Text } from '@mantine/core';
import { formatarBRL, type TotaisVendas } from '@bonifica/contracts';

type Linha = TotaisVendas & { chave: string; rotulo: string };

/** Totals of one grouping (per store, per day), with the grand total as the footer. */
export function TabelaTotais({ titulo, rotuloColuna, linhas, total }: { titulo: string; rotuloColuna: string; linhas: Linha[]; total: TotaisVendas }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover withTableBorder aria-label={titulo} captionSide="top">
        <Table.Caption>
          <Text fw={600} ta="left">
            {titulo}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{rotuloColuna}</Table.Th>
            <Table.Th ta="right">Vendas</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th ta="right">Cashback usado</Table.Th>
            <Table.Th ta="right">Cashback gerado</Table.Th>
            <Table.Th ta="right">Pontos</Table.Th>
            <Table.Th ta="right">Canceladas</Table.Th>
            <Table.Th ta="right">Valor cancelado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.map((l) => (
            <LinhaTotais key={l.chave} rotulo={l.rotulo} t={l} />
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <LinhaTotais rotulo="Total" t={total} negrito />
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function LinhaTotais({ rotulo, t, negrito = false }: { rotulo: string; t: TotaisVendas; negrito?: boolean }) {
  const fw = negrito ? 700 : undefined;
  return (
    <Table.Tr fw={fw}>
      <Table.Td>{rotulo}</Table.Td>
      <Table.Td ta="right">{t.quantidade.toLocaleString('pt-BR')}</Table.Td>
      <Table.Td ta="right">{formatarBRL(t.valor)}</Table.Td>
      <Table.Td ta="right">{formatarBRL(t.resgate)}</Table.Td>
      <Table.Td ta="right">{formatarBRL(t.cashback)}</Table.Td>
      <Table.Td ta="right">{t.pontos.toLocaleString('pt-BR')}</Table.Td>
      <Table.Td ta="right">{t.canceladas.toLocaleString('pt-BR')}</Table.Td>
      <Table.Td ta="right">{formatarBRL(t.valorCanceladas)}</Table.Td>
    </Table.Tr>
  );
}
