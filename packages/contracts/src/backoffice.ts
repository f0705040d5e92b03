/** Side menu entry, fields of spec §2 verbatim. */
export type TipoMenu = 'interno' | 'externo' | 'sub';

export type ItemMenu = {
  titulo: string;
  icone: string;
  state: string | null;
  urlExterna: string | null;
  tipo: TipoMenu;
  navegadorExclusivo: boolean;
  subMenu: ItemMenu[];
};

/** GET /services/backoffice/menu → result.menuList */
export type MenuReply = { menuList: ItemMenu[] };
