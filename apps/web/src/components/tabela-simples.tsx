import type { ReactNode } from 'react';
import { Table, type MantineBreakpoint, type MantineSize } from '@mantine/core';

/** `visibleFrom`: a column left off narrow screens (its cells say the same). */
export type ColunaTabela = { titulo?: string; w?: number | string; ta?: 'left' | 'right' | 'center'; visibleFrom?: MantineBreakpoint };

type Props = {
  colunas: ColunaTabela[];
  /** The rows (`Table.Tr`). */
  children: ReactNode;
  realcarLinha?: boolean;
  minWidth?: number;
  verticalSpacing?: MantineSize;
};

/**
 * A striped, horizontally scrollable table with a plain header, for lists with no sorting of their
 * own (Manutenção, Tarefas, the customer's cards and plans, the rule's history).
 */
export function TabelaSimples({ colunas, children, realcarLinha, minWidth = 760, verticalSpacing }: Props) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={realcarLinha} verticalSpacing={verticalSpacing}>
        <Table.Thead>
          <Table.Tr>
            {colunas.map((c, i) => (
              <Table.Th key={c.titulo ?? `coluna-${i}`} w={c.w} ta={c.ta} visibleFrom={c.visibleFrom}>
                {c.titulo}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
