import type { ReactNode } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { CanalMensagem } from '@bonifica/contracts';

/** "Canal" WhatsApp / E-mail, the same control in a template and in a campaign; `children` goes under it. */
export function SeletorCanal({ value, onChange, children }: { value: CanalMensagem; onChange: (c: CanalMensagem) => void; children?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Canal
      </Text>
      <SegmentedControl
        data={[
          { value: 'WHATSAPP', label: 'WhatsApp' },
          { value: 'EMAIL', label: 'E-mail' },
        ]}
        value={value}
        onChange={(c) => onChange(c as CanalMensagem)}
      />
      {children}
    </Stack>
  );
}
