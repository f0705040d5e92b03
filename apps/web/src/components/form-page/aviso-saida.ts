import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { confirmar } from '../confirmar';

export const MENSAGEM_ALTERACOES_NAO_SALVAS = 'Há alterações não salvas. Deseja sair mesmo assim?';

/** Asks "Confirmação" before unsaved changes are thrown away; true means leave. */
export function confirmarDescarte(): Promise<boolean> {
  return confirmar({ mensagem: MENSAGEM_ALTERACOES_NAO_SALVAS });
}

/**
 * Warns before leaving with unsaved changes: in-app navigation through the data router's blocker,
 * reload/close through `beforeunload` (the browser shows its own text there).
 * `estaSujo` is read at the moment of leaving, so a save that just reset the form never warns.
 */
export function useAvisoSaida(estaSujo: () => boolean): void {
  const estaSujoRef = useRef(estaSujo);
  useEffect(() => {
    estaSujoRef.current = estaSujo;
  });

  // Only a change of page counts: list filters in the query string move under an open drawer.
  // A session that expired mid-form goes to login without asking: the question could not be answered
  // (the app behind it is already signed out), and what was typed survives as the form's draft.
  const deveBloquear = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && !(nextLocation.state as { sessaoExpirada?: boolean } | null)?.sessaoExpirada && estaSujoRef.current(),
    [],
  );
  const blocker = useBlocker(deveBloquear);

  const perguntando = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || perguntando.current) return;
    perguntando.current = true;
    void confirmarDescarte().then((sair) => {
      perguntando.current = false;
      if (sair) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);

  useEffect(() => {
    const aoDescarregar = (evento: BeforeUnloadEvent) => {
      if (!estaSujoRef.current()) return;
      evento.preventDefault();
      // Older browsers still need returnValue set to show the prompt.
      evento.returnValue = '';
    };
    window.addEventListener('beforeunload', aoDescarregar);
    return () => window.removeEventListener('beforeunload', aoDescarregar);
  }, []);
}
