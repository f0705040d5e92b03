import type { ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { CONSTANTES } from '@bonifica/contracts';

/**
 * Confirmation dialogs (Confirmação / Sim / Não) and toasts (5 s) of spec §9. They are mounted by
 * the /app layout rather than at the root: only logged-in screens use them, and Modal pulls ~20 KB gz
 * of positioning code that the login page should not download.
 */
export function ProvedorModais({ children }: { children: ReactNode }) {
  return (
    <>
      <Notifications position="top-right" autoClose={CONSTANTES.toastMs} limit={5} />
      <ModalsProvider labels={{ confirm: CONSTANTES.confirmacaoSim, cancel: CONSTANTES.confirmacaoNao }}>
        {children}
      </ModalsProvider>
    </>
  );
}
