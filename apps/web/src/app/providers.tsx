import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { CONSTANTES } from '@bonifica/contracts';
import { tema } from './tema';

type ProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals so tests see the final state at once. */
  ambiente?: 'default' | 'test';
};

export function Providers({ queryClient, children, ambiente = 'default' }: ProvidersProps) {
  return (
    <MantineProvider theme={tema} defaultColorScheme="light" env={ambiente}>
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" autoClose={CONSTANTES.toastMs} limit={5} />
        <ModalsProvider labels={{ confirm: CONSTANTES.confirmacaoSim, cancel: CONSTANTES.confirmacaoNao }}>
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
