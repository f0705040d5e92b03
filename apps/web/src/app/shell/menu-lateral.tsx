import { ScrollArea, Skeleton, Stack } from '@mantine/core';
import { ItemMenu } from './item-menu';
import { useMenu } from './consultas';
import type { EstadoMenu } from './use-modo-layout';
import classes from './shell.module.css';

type MenuLateralProps = {
  estado: EstadoMenu;
  aoNavegar: () => void;
  aoPedirExpansao: () => void;
};

/**
 * The server-driven side menu (spec §2): expanded, icon rail, or off-canvas on mobile.
 * Spec §8: when the menu fails to load, no menu is shown (the failure is logged and notified).
 */
export function MenuLateral({ estado, aoNavegar, aoPedirExpansao }: MenuLateralProps) {
  const { data: itens, isPending } = useMenu();
  const compacto = estado === 'recolhido';
  const fechado = estado === 'fechado';

  return (
    <nav
      id="menu-lateral"
      className={classes.menu}
      data-testid="menu-lateral"
      data-estado={estado}
      aria-label="Menu principal"
      aria-hidden={fechado || undefined}
      inert={fechado || undefined}
    >
      <ScrollArea className={classes.menuRolagem} type="hover" scrollbarSize={6}>
        <Stack gap={2} p={compacto ? 8 : 'sm'}>
          {isPending &&
            Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h={36} radius="md" aria-hidden />)}
          {itens?.map((item, i) => (
            <ItemMenu
              key={`${item.titulo}-${i}`}
              item={item}
              compacto={compacto}
              aoNavegar={aoNavegar}
              aoPedirExpansao={aoPedirExpansao}
            />
          ))}
        </Stack>
      </ScrollArea>
    </nav>
  );
}
