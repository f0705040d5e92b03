import type { ReactNode } from 'react';
import { Group, type MantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CONSTANTES } from '@bonifica/contracts';

/**
 * For a column's `visibleMediaQuery`: the table drops the less used columns on narrower screens
 * instead of scrolling sideways.
 */
export const aPartirDe = (ponto: 'xs' | 'sm' | 'md' | 'lg' | 'xl') => (tema: MantineTheme) => `(min-width: ${tema.breakpoints[ponto]})`;

/**
 * What the columns hidden on a phone hold, drawn under the row's main cell (spec §4 mobile < 768).
 * Rendered only there, so on wider screens the same text is not in the row twice.
 */
export function SoNoCelular({ children }: { children: ReactNode }) {
  const estreito = useMediaQuery(`(max-width: ${CONSTANTES.breakpointMobile - 0.02}px)`);
  if (!estreito) return null;
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      {children}
    </Group>
  );
}
