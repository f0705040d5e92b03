import type { RouteObject } from 'react-router';
import { PODE_ADMINISTRAR_PERFIS, PODE_ADMINISTRAR_USUARIOS, PODE_CONSULTAR_CLIENTES } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

export const rotasCadastros: RouteObject[] = [
  {
    path: 'cadastros',
    handle: { breadcrumb: 'Cadastros', agrupador: true } satisfies RotaHandle,
    children: [
      { path: 'perfil', lazy: () => import('./perfil-page'), handle: { breadcrumb: 'Meu Perfil' } satisfies RotaHandle },
      {
        path: 'alterar-senha',
        lazy: () => import('./alterar-senha-page'),
        handle: { breadcrumb: 'Alterar Senha' } satisfies RotaHandle,
      },
      {
        path: 'clientes',
        lazy: () => import('../../../features/clientes/clientes-page'),
        handle: { breadcrumb: 'Clientes', permissions: PODE_CONSULTAR_CLIENTES } satisfies RotaHandle,
      },
      {
        path: 'clientes/:id',
        lazy: () => import('../../../features/clientes/cliente-ficha-page'),
        handle: { breadcrumb: 'Ficha do cliente', permissions: PODE_CONSULTAR_CLIENTES } satisfies RotaHandle,
      },
      {
        path: 'aniversariantes',
        lazy: () => import('../../../features/aniversariantes/aniversariantes-page'),
        handle: { breadcrumb: 'Aniversariantes', permissions: PODE_CONSULTAR_CLIENTES } satisfies RotaHandle,
      },
      {
        path: 'usuarios',
        lazy: () => import('../../../features/cadastros/usuarios-page'),
        handle: { breadcrumb: 'Usuários', permissions: PODE_ADMINISTRAR_USUARIOS } satisfies RotaHandle,
      },
      {
        path: 'perfis',
        lazy: () => import('../../../features/cadastros/perfis-page'),
        handle: { breadcrumb: 'Perfis', permissions: PODE_ADMINISTRAR_PERFIS } satisfies RotaHandle,
      },
    ],
  },
];
