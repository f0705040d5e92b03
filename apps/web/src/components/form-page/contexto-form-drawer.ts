import { createContext, useContext } from 'react';

export type ContextoFormDrawer = {
  /** The form inside tells the drawer how to know it has unsaved changes; returns the unregister. */
  registrarSujo: (estaSujo: () => boolean) => () => void;
  /** Close as the user asked: confirms first when there are unsaved changes. */
  pedirFechamento: () => void;
};

export const FormDrawerContexto = createContext<ContextoFormDrawer | null>(null);

export function useFormDrawer(): ContextoFormDrawer | null {
  return useContext(FormDrawerContexto);
}
