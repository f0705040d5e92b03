import type { RouteObject } from 'react-router';
import { PODE_GERENCIAR_MENSAGENS } from '@bonifica/contracts';
import type { RotaHandle } from '../../route-handle';

/**
 * Spec §2 "messages: automatic, template": the paths below /app/mensagens are ours
 * (docs/areas/mensageria.md "Modelos e mensagens automáticas").
 */
export const rotasMensagens: RouteObject[] = [
  {
    path: 'mensagens',
    handle: { breadcrumb: 'Mensagens', agrupador: true } satisfies RotaHandle,
    children: [
      {
        path: 'automatica',
        lazy: () => import('../../../features/mensagens/automaticas-page'),
        handle: { breadcrumb: 'Mensagens automáticas', permissions: PODE_GERENCIAR_MENSAGENS } satisfies RotaHandle,
      },
      {
        path: 'modelo',
        lazy: () => import('../../../features/mensagens/modelos-page'),
        handle: { breadcrumb: 'Modelos de mensagem', permissions: PODE_GERENCIAR_MENSAGENS } satisfies RotaHandle,
      },
      {
        path: 'saida',
        lazy: () => import('../../../features/mensagens/caixa-page'),
        handle: { breadcrumb: 'Caixa de saída', permissions: PODE_GERENCIAR_MENSAGENS } satisfies RotaHandle,
      },
    ],
  },
];
