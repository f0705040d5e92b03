import { Table, Text } from '@mantine/core';
import type { TotaisVendas } from '@bonifica/contracts';
import { formatarBRL, formatarInteiro } from '../../lib/format';

type Linha = TotaisVendas & { chave: string; rotulo: string };

type Coluna = { titulo: string; valor: (t: TotaisVendas) => string; visivelDe?: 'sm' | 'md' };

// On a phone the sales count and amount stay; cashback, points and cancellations come with wider screens.
const COLUNAS: Coluna[] = [
  { titulo: 'Vendas', valor: (t) => formatarInteiro(t.quantidade) },
  { titulo: 'Valor', valor: (t) => formatarBRL(t.valor) },
  { titulo: 'Cashback usado', valor: (t) => formatarBRL(t.resgate), visivelDe: 'sm' },
  { titulo: 'Cashback gerado', valor: (t) => formatarBRL(t.cashback), visivelDe: 'sm' },
  { titulo: 'Pontos', valor: (t) => formatarInteiro(t.pontos), visivelDe: 'md' },
  { titulo: 'Canceladas', valor: (t) => formatarInteiro(t.canceladas), visivelDe: 'md' },
  { titulo: 'Valor cancelado', valor: (t) => formatarBRL(t.valorCanceladas), visivelDe: 'md' },
];

/** Totals of one grouping (per store, per day), with the grand total as the footer. */
export function TabelaTotais({ titulo, rotuloColuna, linhas, total }: { titulo: string; rotuloColuna: string; linhas: Linha[]; total: TotaisVendas }) {
  return (
    <Table striped highlightOnHover withTableBorder aria-label={titulo} captionSide="top">
      <Table.Caption>
        <Text fw={600} ta="left" c="var(--mantine-color-text)">
          {titulo}
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{rotuloColuna}</Table.Th>
          {COLUNAS.map((c) => (
            <Table.Th key={c.titulo} ta="right" visibleFrom={c.visivelDe}>
              {c.titulo}
            </Table.Th>
          ))}
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
  );
}

function LinhaTotais({ rotulo, t, negrito = false }: { rotulo: string; t: TotaisVendas; negrito?: boolean }) {
  return (
    <Table.Tr fw={negrito ? 700 : undefined}>
      <Table.Td>{rotulo}</Table.Td>
      {COLUNAS.map((c) => (
        <Table.Td key={c.titulo} ta="right" visibleFrom={c.visivelDe}>
          {c.valor(t)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
