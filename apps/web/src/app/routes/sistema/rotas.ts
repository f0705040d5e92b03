import type { RouteObject } from 'react-router';
import { PERMISSOES } from '@bonifica/contracts';
import { exigirAcessoAdmin } from '../../session/guards';
import type { RotaHandle } from '../../route-handle';

const SOMENTE_ADMIN = [PERMISSOES.admin] as const;
const EM_CONSTRUCAO = 'Em construção';

const pagina = (breadcrumb: string): RotaHandle => ({ breadcrumb, status: EM_CONSTRUCAO, permissions: SOMENTE_ADMIN });
const emConstrucao = () => import('./em-construcao-page');

/** Spec §2 admin-only screens (ROLE_ADMIN), plus the backoffice-admin check of §6 on entering the area. */
export const rotasSistema: RouteObject[] = [
  {
    path: 'sistema',
    loader: exigirAcessoAdmin,
    handle: { breadcrumb: 'Sistema', agrupador: true, permissions: SOMENTE_ADMIN } satisfies RotaHandle,
    children: [
      {
        path: 'manutencao',
        handle: { breadcrumb: 'Manutenção', permissions: SOMENTE_ADMIN } satisfies RotaHandle,
        children: [
          { index: true, lazy: () => import('../../../features/manutencao/manutencao-page') },
          {
            path: 'detalhe/:id',
            lazy: () => import('../../../features/manutencao/detalhe-page'),
            handle: { breadcrumb: 'Detalhe', permissions: SOMENTE_ADMIN } satisfies RotaHandle,
          },
        ],
      },
      {
        path: 'tarefa',
        handle: { breadcrumb: 'Tarefas', permissions: SOMENTE_ADMIN } satisfies RotaHandle,
        children: [
          { index: true, lazy: () => import('../../../features/tarefas-sistema/tarefas-page') },
          {
            path: 'edicao/:id',
            lazy: () => import('../../../features/tarefas-sistema/edicao-page'),
            handle: { breadcrumb: 'Edição', permissions: SOMENTE_ADMIN } satisfies RotaHandle,
          },
        ],
      },
      { path: 'white-label', lazy: () => import('../../../features/sistema/white-label-page'), handle: { breadcrumb: 'White label', permissions: SOMENTE_ADMIN } satisfies RotaHandle },
      { path: 'servidores', lazy: emConstrucao, handle: pagina('Servidores') },
      { path: 'transferencia-servidor', lazy: emConstrucao, handle: pagina('Transferência de servidor') },
      { path: 'configuracoes', lazy: () => import('../../../features/sistema/configuracoes-page'), handle: { breadcrumb: 'Configurações do sistema', permissions: SOMENTE_ADMIN } satisfies RotaHandle },
      // Not in the spec's route list: the platform's client companies (issue 13 §4, docs/areas/sistema.md).
      { path: 'empresas', lazy: () => import('../../../features/sistema/empresas-page'), handle: { breadcrumb: 'Empresas', permissions: SOMENTE_ADMIN } satisfies RotaHandle },
      {
        path: 'emails',
        lazy: () => import('../../../features/sistema/emails-page'),
        handle: { breadcrumb: 'Caixa de saída de e-mails', permissions: SOMENTE_ADMIN } satisfies RotaHandle,
      },
      {
        path: 'monitoramento',
        handle: pagina('Monitoramento'),
        children: [
          { index: true, lazy: emConstrucao },
          { path: 'detalhes/:id', lazy: emConstrucao, handle: pagina('Detalhes') },
        ],
      },
    ],
  },
];
