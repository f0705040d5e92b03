import type { RouteObject } from 'react-router';
import { PERMISSOES } from '@bonifica/contracts';
import { exigirAcessoAdmin } from '../../session/guards';
import type { RotaHandle } from '../../route-handle';

const SOMENTE_ADMIN = [PERMISSOES.admin] as const;

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
      { path: 'servidores', lazy: () => import('../../../features/whatsapp-admin/servidores-page'), handle: { breadcrumb: 'Servidores', permissions: SOMENTE_ADMIN } satisfies RotaHandle },
      {
        path: 'transferencia-servidor',
        lazy: () => import('../../../features/whatsapp-admin/transferencia-page'),
        handle: { breadcrumb: 'Transferência de servidor', permissions: SOMENTE_ADMIN } satisfies RotaHandle,
      },
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
        handle: { breadcrumb: 'Monitoramento', permissions: SOMENTE_ADMIN } satisfies RotaHandle,
        children: [
          { index: true, lazy: () => import('../../../features/whatsapp-admin/monitoramento-page') },
          {
            path: 'detalhes/:id',
            lazy: () => import('../../../features/whatsapp-admin/monitoramento-detalhe-page'),
            handle: { breadcrumb: 'Detalhes', permissions: SOMENTE_ADMIN } satisfies RotaHandle,
          },
        ],
      },
    ],
  },
];
