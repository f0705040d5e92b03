import type { ReactNode } from 'react';
import { modals } from '@mantine/modals';
import { CONSTANTES } from '@bonifica/contracts';
import { notificar } from './notificar';

export type OpcoesConfirmacao = {
  mensagem: ReactNode;
  /** Destructive actions paint the Sim button red. */
  destrutiva?: boolean;
  /**
   * Enter answers Sim (the counter's flows, run from the keyboard). Otherwise Enter answers Não: a
   * second Enter after the one that opened the question must not send, draw or discard anything.
   */
  enterConfirma?: boolean;
};

/**
 * Spec §9 / ARCHITECTURE §7: every destructive action asks "Confirmação" with Sim / Não.
 * Resolves true on Sim, false on Não or when the dialog is dismissed.
 */
export function confirmar({ mensagem, destrutiva = false, enterConfirma = false }: OpcoesConfirmacao): Promise<boolean> {
  const enterSim = enterConfirma && !destrutiva;
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
      // The focus starts on the button Enter should press (without it, on the close button).
      confirmProps: { color: destrutiva ? 'red' : undefined, 'data-autofocus': enterSim || undefined },
      cancelProps: { 'data-autofocus': !enterSim || undefined },
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
