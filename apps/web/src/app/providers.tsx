import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { resolverVariaveis, tema } from './tema';

type ProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals so tests see the final state at once. */
  ambiente?: 'default' | 'test';
};

/** Theme and server state for every screen; toasts and dialogs live in ProvedorModais under /app. */
export function Providers({ queryClient, children, ambiente = 'default' }: ProvidersProps) {
  return (
    <MantineProvider theme={tema} cssVariablesResolver={resolverVariaveis} defaultColorScheme="light" env={ambiente}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
