import type { ReactNode } from 'react';
import { Card, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';

export type IndicadorProps = {
  rotulo: string;
  valor: ReactNode;
  detalhe?: ReactNode;
  icone?: ReactNode;
  /** Mantine colour of the icon, or of the value when there is no icon (e.g. red for rows with errors). */
  cor?: string;
  /** A caveat the figure needs (an estimate, a rule), shown on hover. */
  dica?: string;
  testId?: string;
};

/**
 * Font size of a value by its length: a network's month is "R$ 125.080.195,60", which at the
 * normal size runs out of a phone's half-width card (and under the icon on a desktop).
 */
function tamanhoDoValor(valor: ReactNode) {
  const n = typeof valor === 'string' ? valor.length : 0;
  if (n > 17) return { base: 'xs', sm: 'sm' };
  if (n > 15) return { base: 'sm', sm: 'md' };
  if (n > 12) return { base: 'md', sm: 'xl' };
  return { base: 'lg', sm: 'xl' };
}

/** One figure of a summary (dashboard, totals, a card's life): label, value, and an optional line under it. */
export function Indicador({ rotulo, valor, detalhe, icone, cor, dica, testId }: IndicadorProps) {
  const corpo = (
    <Card withBorder padding="sm" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {rotulo}
          </Text>
          {/* overflowWrap: a last resort for a figure longer than any size above fits. */}
          <Text fz={tamanhoDoValor(valor)} fw={700} mt={4} c={icone ? undefined : cor} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
            {valor}
          </Text>
        </div>
        {icone && (
          <ThemeIcon variant="light" color={cor} size="lg" radius="md" aria-hidden visibleFrom="sm">
            {icone}
          </ThemeIcon>
        )}
      </Group>
      {detalhe && (
        <Text size="xs" c="dimmed" mt={6}>
          {detalhe}
        </Text>
      )}
    </Card>
  );
  return dica ? (
    <Tooltip label={dica} multiline w={260}>
      {corpo}
    </Tooltip>
  ) : (
    corpo
  );
}
