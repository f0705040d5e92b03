import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

type CabecalhoPaginaProps = {
  titulo: ReactNode;
  descricao?: ReactNode;
  /** Buttons of the page (Novo, Imprimir, Exportar), beside the title on wide screens and under it on a phone. */
  acoes?: ReactNode;
  /** A list inside a page (e.g. the import history) is a section of it, not a second page title. */
  secao?: boolean;
};

/** The title block every screen opens with, so each page has one h1 of the same size and its actions in the same place. */
export function CabecalhoPagina({ titulo, descricao, acoes, secao = false }: CabecalhoPaginaProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <div style={{ minWidth: 0, flex: '1 1 320px' }}>
        <Title order={secao ? 2 : 1} fz={secao ? 'h3' : 'h2'}>
          {titulo}
        </Title>
        {descricao && (
          <Text c="dimmed" size="sm">
            {descricao}
          </Text>
        )}
      </div>
      {acoes && (
        <Group gap="sm" wrap="wrap">
          {acoes}
        </Group>
      )}
    </Group>
  );
}
