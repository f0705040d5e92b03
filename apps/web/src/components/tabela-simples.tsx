import type { ReactNode } from 'react';
import { Table, type MantineSize } from '@mantine/core';

export type ColunaTabela = { titulo?: string; w?: number | string; ta?: 'left' | 'right' | 'center' };

type Props = {
  colunas: ColunaTabela[];
  /** The rows (`Table.Tr`). */
  children: ReactNode;
  realcarLinha?: boolean;
  minWidth?: number;
  verticalSpacing?: MantineSize;
};

/**
 * A striped, horizontally scrollable table with a plain header: the lists of the system
 * administrator's screens (Manutenção, Tarefas) that need no paging of their own or sorting.
 */
export function TabelaSimples({ colunas, children, realcarLinha, minWidth = 760, verticalSpacing = 'xs' }: Props) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={realcarLinha} verticalSpacing={verticalSpacing}>
        <Table.Thead>
          <Table.Tr>
            {colunas.map((c, i) => (
              <Table.Th key={c.titulo ?? `coluna-${i}`} w={c.w} ta={c.ta}>
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
