import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { aoExpirarSessao } from '../../lib/api';
import { ROTA_LOGIN } from './guards';
import { guardarUrlAcesso } from './url-acesso';
import { chaveUsuario } from './usuario';

export type EstadoLogin = { sessaoExpirada?: boolean } | null;

/**
 * A 401 in the middle of work: keep where the user was and send them to login with a notice.
 * A 401 while nobody was logged in (the login page probing the session) is not an expiry.
 */
export function useSessaoExpirada(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const localAtual = useRef(location);
  useEffect(() => {
    localAtual.current = location;
  }, [location]);

  useEffect(
    () =>
      aoExpirarSessao(() => {
        if (!queryClient.getQueryData(chaveUsuario)) return;
        const { pathname, search } = localAtual.current;
        guardarUrlAcesso(`${pathname}${search}`);
        queryClient.clear();
        const estado: EstadoLogin = { sessaoExpirada: true };
        void navigate(ROTA_LOGIN, { replace: true, state: estado });
      }),
    [queryClient, navigate],
  );
}
