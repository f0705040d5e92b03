import type { ReactNode } from 'react';
import { modals } from '@mantine/modals';
import { CONSTANTES } from '@bonifica/contracts';
import { notificar } from './notificar';

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
      // Keyboard users answer with Enter: it confirms what is harmless and refuses what destroys. Without
      // this the focus trap starts on the close button, and Enter dismissed the question.
      confirmProps: destrutiva ? { color: 'red' } : { 'data-autofocus': true },
      cancelProps: destrutiva ? { 'data-autofocus': true } : undefined,
      centered: true,
      onConfirm: () => responder(true),
      onCancel: () => responder(false),
      onClose: () => responder(false),
    });
  });
}

/**
 * The row actions' common path: ask, run, then say how it went — the server's message on failure
 * (e.g. the 409 that explains why a profile cannot go). Resolves true only when the action ran.
 */
export async function confirmarEExecutar(
  opcoes: OpcoesConfirmacao & { acao: () => Promise<unknown>; sucesso: ReactNode },
): Promise<boolean> {
  if (!(await confirmar(opcoes))) return false;
  try {
    await opcoes.acao();
    notificar.sucesso(opcoes.sucesso);
    return true;
  } catch (erro) {
    notificar.erro(erro instanceof Error ? erro.message : String(erro));
    return false;
  }
}
