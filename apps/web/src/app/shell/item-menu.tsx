import { useState, type MouseEvent, type ReactNode } from 'react';
import { NavLink, Tooltip } from '@mantine/core';
import { IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { ItemMenu as ItemMenuDados } from '@bonifica/contracts';
import { abrirEmNovaAba, abrirPopup } from './abrir-externo';
import { iconeDoMenu } from './icones-menu';
import classes from './shell.module.css';

type ItemMenuProps = {
  item: ItemMenuDados;
  /** Icon rail: labels hidden, shown as tooltips. */
  compacto: boolean;
  nivel?: number;
  aoNavegar: () => void;
  /** A group clicked on the rail asks the menu to expand so its entries can be seen. */
  aoPedirExpansao: () => void;
};

/** Menu URLs come from the server; only web addresses may be opened, never `javascript:` and friends. */
function urlSegura(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, window.location.origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function estaAtivo(item: ItemMenuDados, caminho: string): boolean {
  if (item.tipo === 'sub') return item.subMenu.some((filho) => estaAtivo(filho, caminho));
  return item.tipo === 'interno' && !!item.state && (caminho === item.state || caminho.startsWith(`${item.state}/`));
}

function ComDica({ compacto, rotulo, children }: { compacto: boolean; rotulo: string; children: ReactNode }) {
  if (!compacto) return <>{children}</>;
  return (
    <Tooltip label={rotulo} position="right">
      {children}
    </Tooltip>
  );
}

/** One entry of the server menu, by tipo (spec §2): interno, externo, externo exclusivo, sub. */
export function ItemMenu({ item, compacto, nivel = 0, aoNavegar, aoPedirExpansao }: ItemMenuProps) {
  const { pathname } = useLocation();
  const ativo = estaAtivo(item, pathname);
  const [aberto, setAberto] = useState(ativo);
  const Icone = iconeDoMenu(item.icone);
  const icone = <Icone size={20} stroke={1.6} aria-hidden />;
  const comum = {
    label: compacto ? undefined : item.titulo,
    'aria-label': compacto ? item.titulo : undefined,
    // Long titles are cut with an ellipsis; the native tooltip still tells the whole name.
    title: compacto ? undefined : item.titulo,
    leftSection: icone,
    className: classes.itemMenu,
    'data-compacto': compacto || undefined,
    'data-nivel': nivel,
    noWrap: true,
  };

  if (item.tipo === 'sub') {
    const alternar = () => {
      if (compacto) {
        aoPedirExpansao();
        setAberto(true);
        return;
      }
      setAberto((v) => !v);
    };
    return (
      <>
        <ComDica compacto={compacto} rotulo={item.titulo}>
          <NavLink
            {...comum}
            component="button"
            type="button"
            onClick={alternar}
            active={ativo && (compacto || !aberto)}
            variant="subtle"
            aria-expanded={!compacto && aberto}
            rightSection={
              compacto ? undefined : (
                <IconChevronRight size={16} className={classes.chevron} data-aberto={aberto || undefined} aria-hidden />
              )
            }
          />
        </ComDica>
        {!compacto && aberto && (
          <div role="group" aria-label={item.titulo} className={classes.subMenu}>
            {item.subMenu.map((filho, i) => (
              <ItemMenu
                key={`${filho.titulo}-${i}`}
                item={filho}
                compacto={false}
                nivel={nivel + 1}
                aoNavegar={aoNavegar}
                aoPedirExpansao={aoPedirExpansao}
              />
            ))}
          </div>
        )}
      </>
    );
  }

  if (item.tipo === 'externo') {
    const url = urlSegura(item.urlExterna);
    const abrir = (e: MouseEvent<HTMLElement>) => {
      e.preventDefault();
      if (!url) return;
      if (item.navegadorExclusivo) abrirPopup(url);
      else abrirEmNovaAba(url);
      aoNavegar();
    };
    return (
      <ComDica compacto={compacto} rotulo={item.titulo}>
        <NavLink
          {...comum}
          component="a"
          href={url ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          onClick={abrir}
          rightSection={compacto ? undefined : <IconExternalLink size={14} aria-hidden className={classes.externo} />}
        />
      </ComDica>
    );
  }

  return (
    <ComDica compacto={compacto} rotulo={item.titulo}>
      <NavLink
        {...comum}
        component={Link}
        to={item.state ?? '/app'}
        active={ativo}
        onClick={aoNavegar}
        aria-current={ativo ? 'page' : undefined}
      />
    </ComDica>
  );
}
