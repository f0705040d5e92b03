import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { Drawer, type DrawerProps } from '@mantine/core';
import { confirmarDescarte } from './aviso-saida';
import { FormDrawerContexto, type ContextoFormDrawer } from './contexto-form-drawer';

type FormDrawerProps = {
  aberto: boolean;
  /** Called once the drawer may close (after the confirmation, when there were unsaved changes). */
  aoFechar: () => void;
  titulo: ReactNode;
  tamanho?: DrawerProps['size'];
  children: ReactNode;
};

/**
 * A right-hand drawer for a FormPage. Closing by X, Esc, overlay or Cancelar asks before throwing
 * away unsaved changes, like leaving the page does.
 */
export function FormDrawer({ aberto, aoFechar, titulo, tamanho = 'lg', children }: FormDrawerProps) {
  const estaSujo = useRef<() => boolean>(() => false);
  const confirmando = useRef(false);

  const pedirFechamento = useCallback(() => {
    if (!estaSujo.current()) {
      aoFechar();
      return;
    }
    if (confirmando.current) return;
    confirmando.current = true;
    void confirmarDescarte().then((sair) => {
      confirmando.current = false;
      if (sair) aoFechar();
    });
  }, [aoFechar]);

  const contexto = useMemo<ContextoFormDrawer>(
    () => ({
      registrarSujo: (fn) => {
        estaSujo.current = fn;
        return () => {
          if (estaSujo.current === fn) estaSujo.current = () => false;
        };
      },
      pedirFechamento,
    }),
    [pedirFechamento],
  );

  return (
    <Drawer opened={aberto} onClose={pedirFechamento} title={titulo} position="right" size={tamanho} closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <FormDrawerContexto.Provider value={contexto}>{children}</FormDrawerContexto.Provider>
    </Drawer>
  );
}
