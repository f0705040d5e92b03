import type { ReactNode } from 'react';
import { modals } from '@mantine/modals';
import { CONSTANTES } from '@bonifica/contracts';

export type OpcoesConfirmacao = {
  mensagem: ReactNode;
  /** Destructive actions paint the Sim button red. */
  destrutiva?: boolean;
};

/**
 * Spec §9 / ARCHITECTURE §7: every destructive action asks "Confirmação" with Sim / Não.
 * Resolves true on Sim, false on Não or when the dialog is dismissed.
 */
export function confirmar({ mensagem, destrutiva = false }: OpcoesConfirmacao): Promise<boolean> {
  return new Promise((resolve) => {
    let respondido = false;
    const responder = (valor: boolean) => {
      if (respondido) return;
      respondido = true;
      resolve(valor);
    };
    modals.openConfirmModal({
      title: CONSTANTES.confirmacaoTitulo,
      children: mensagem,
      labels: { confirm: CONSTANTES.confirmacaoSim, cancel: CONSTANTES.confirmacaoNao },
      confirmProps: destrutiva ? { color: 'red' } : undefined,
      centered: true,
      onConfirm: () => responder(true),
      onCancel: () => responder(false),
      onClose: () => responder(false),
    });
  });
}
