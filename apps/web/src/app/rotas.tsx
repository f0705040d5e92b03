import { redirect, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PaginaCarregando } from '../components/pagina-carregando';
import { ErroRota } from './erro-rota';
import { RootLayout } from './root-layout';
import type { RotaHandle } from './route-handle';
import { exigirLogin, protegerRotas, ROTA_LOGIN } from './session/guards';
import { rotasAuth } from './routes/auth/rotas';
import { rotasCadastros } from './routes/cadastros/rotas';
import { rotasEmpresa } from './routes/empresa/rotas';
import { rotasMensagens } from './routes/mensagens/rotas';
import { rotasMarketing } from './routes/marketing/rotas';
import { rotasPremios } from './routes/premios/rotas';
import { rotasSorteio } from './routes/sorteio/rotas';
import { rotasCupom } from './routes/cupom/rotas';
import { rotasDashboard } from './routes/dashboard/rotas';
import { rotasContasRelatorios } from './routes/contas-relatorios/rotas';
import { rotasContas } from './routes/contas/rotas';
import { rotasPlanos } from './routes/planos/rotas';
import { rotasCartoes } from './routes/cartoes/rotas';
import { rotasErro } from './routes/error/rotas';
import { rotasFaturamento } from './routes/faturamento/rotas';
import { rotasImportacao } from './routes/importacao/rotas';
import { rotasPages } from './routes/pages/rotas';
import { rotasPaginas } from './routes/paginas/rotas';
import { rotasServidor } from './routes/servidor/rotas';
import { rotasSistema } from './routes/sistema/rotas';
import { rotasTerminal } from './routes/terminal/rotas';
import { rotasTransacoes } from './routes/transacoes/rotas';

/** The whole route tree of spec §2. Only definitions live here; every screen is a lazy module. */
export function criarRotas(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'raiz',
      Component: RootLayout,
      HydrateFallback: PaginaCarregando,
      ErrorBoundary: ErroRota,
      children: [
        { index: true, loader: () => redirect(ROTA_LOGIN), Component: PaginaCarregando },
        ...rotasAuth(queryClient),
        ...rotasErro,
        ...rotasPaginas,
        {
          path: 'app',
          loader: exigirLogin(queryClient),
          lazy: () => import('./shell/app-layout'),
          handle: { breadcrumb: 'Início' } satisfies RotaHandle,
          children: protegerRotas(queryClient, [
            { index: true, loader: () => redirect('/app/pages/bemvindo'), Component: PaginaCarregando },
            ...rotasPages,
            ...rotasFaturamento,
            ...rotasDashboard,
            ...rotasCadastros,
            ...rotasEmpresa,
            ...rotasMensagens,
            ...rotasMarketing,
            ...rotasPremios,
            ...rotasSorteio,
            ...rotasCupom,
            ...rotasPlanos,
            ...rotasContasRelatorios,
            ...rotasContas,
            ...rotasCartoes,
            ...rotasServidor,
            ...rotasSistema,
            ...rotasTerminal,
            ...rotasTransacoes,
            ...rotasImportacao,
          ]),
        },
        { path: '*', loader: () => redirect('/error/404'), Component: PaginaCarregando },
      ],
    },
  ];
}
