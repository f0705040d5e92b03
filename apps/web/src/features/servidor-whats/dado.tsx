import { Text } from '@mantine/core';

/** A labelled value of the WhatsApp page (number, last send, today's cap…), with an optional note under it. */
export function Dado({ rotulo, valor, detalhe }: { rotulo: string; valor: string; detalhe?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text size="sm" fw={600}>
        {valor}
      </Text>
      {detalhe && (
        <Text size="xs" c="dimmed">
          {detalhe}
        </Text>
      )}
    </div>
  );
}
