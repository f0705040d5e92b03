import type { CSSProperties } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { CONSTANTES } from '@bonifica/contracts';
import { PaginaCarregando } from '../../components/pagina-carregando';
import { ProvedorModais } from '../provedor-modais';
import { useUsuarioLogado } from '../session/usuario';
import { AlertaWhatsappAdmin } from './alerta-whatsapp-admin';
import { BannerFaturamento } from './banner-faturamento';
import { Breadcrumbs } from './breadcrumbs';
import { Cabecalho } from './cabecalho';
import { CarregandoNavegacao } from './carregando-navegacao';
import { MenuLateral } from './menu-lateral';
import { useEstadoMenu } from './use-modo-layout';
import classes from './shell.module.css';

const estiloDuracao = { '--duracao-menu': `${CONSTANTES.animacaoMs}ms` } as CSSProperties;

/** Application layout under /app (spec §1, §4): header, side menu, billing banner, breadcrumbs, page. */
export function Component() {
  const usuario = useUsuarioLogado();
  const menu = useEstadoMenu();
  const navegacao = useNavigation();
  const local = useLocation();
  // Only a change of page shows the loader: a list's filters and paging live in the query string,
  // and swapping the page out on those would drop focus, close drawers and refetch from scratch.
  const trocandoDePagina =
    navegacao.state === 'loading' && navegacao.location.pathname.startsWith('/app') && navegacao.location.pathname !== local.pathname;

  if (!usuario) return <PaginaCarregando altura="100dvh" />;

  const aoNavegar = () => {
    if (menu.modo === 'mobile') menu.definir(false);
  };

  return (
    <ProvedorModais>
      <div className={classes.shell} data-modo={menu.modo} data-menu={menu.estado} style={estiloDuracao}>
        <a href="#conteudo" className={classes.pularParaConteudo}>
          Pular para o conteúdo
        </a>
        <Cabecalho usuario={usuario} estadoMenu={menu.estado} aoAlternarMenu={menu.alternar} />
        <MenuLateral estado={menu.estado} aoNavegar={aoNavegar} aoPedirExpansao={() => menu.definir(true)} />
        {menu.estado === 'offcanvas-aberto' && (
          <div className={classes.overlay} data-testid="menu-overlay" aria-hidden onClick={() => menu.definir(false)} />
        )}
        <main id="conteudo" className={classes.conteudo} tabIndex={-1}>
          <Box className={classes.topoConteudo}>
            <BannerFaturamento />
            <AlertaWhatsappAdmin />
            <Breadcrumbs />
          </Box>
          <Box className={classes.pagina}>{trocandoDePagina ? <CarregandoNavegacao /> : <Outlet />}</Box>
        </main>
      </div>
    </ProvedorModais>
  );
}
