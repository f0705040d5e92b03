import { createElement, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { CONSTANTES, TITULOS_NOTIFICACAO } from '@bonifica/contracts';

type Tipo = keyof typeof TITULOS_NOTIFICACAO;

const APARENCIA: Record<Tipo, { cor: string; icone: typeof IconX }> = {
  erro: { cor: 'red', icone: IconX },
  alerta: { cor: 'yellow', icone: IconAlertTriangle },
  sucesso: { cor: 'teal', icone: IconCheck },
  informacao: { cor: 'blue', icone: IconInfoCircle },
};

function mostrar(tipo: Tipo, mensagem: ReactNode): string {
  const { cor, icone } = APARENCIA[tipo];
  return notifications.show({
    title: TITULOS_NOTIFICACAO[tipo],
    message: mensagem,
    color: cor,
    icon: createElement(icone, { size: 18 }),
    autoClose: CONSTANTES.toastMs,
    withBorder: true,
  });
}

/** Toasts with the four titles of spec §8 (Erro, Alerta, Sucesso, Informação) and the 5 s timeout of §9. */
export const notificar = {
  erro: (mensagem: ReactNode) => mostrar('erro', mensagem),
  alerta: (mensagem: ReactNode) => mostrar('alerta', mensagem),
  sucesso: (mensagem: ReactNode) => mostrar('sucesso', mensagem),
  informacao: (mensagem: ReactNode) => mostrar('informacao', mensagem),
};
