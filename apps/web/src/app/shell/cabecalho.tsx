import { useState } from 'react';
import { ActionIcon, Box, Group, Image, Text, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconHeadset, IconLayoutSidebarLeftCollapse, IconMenu2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PODE_VER_SERVIDOR_WHATS, type UsuarioLogado } from '@bonifica/contracts';
import { can } from '../../lib/access';
import { nomeCurto } from '../../lib/format';
import { useNomeSistema } from '../nome-sistema';
import { useWhiteLabel } from '../white-label';
import { useLogoEmpresa, useTipoServidorWhats } from './consultas';
import { MenuPerfil } from './menu-perfil';
import { PainelSuporte } from './painel-suporte';
import type { EstadoMenu } from './use-modo-layout';
import classes from './shell.module.css';

type CabecalhoProps = {
  usuario: UsuarioLogado;
  estadoMenu: EstadoMenu;
  aoAlternarMenu: () => void;
};

/** Spec §1: a user with no company is shown as "Analista". */
const ROTULO_SEM_EMPRESA = 'Analista';

function LogoSistema() {
  const nomeSistema = useNomeSistema();
  const { data: marca } = useWhiteLabel();
  const [semImagem, setSemImagem] = useState(false);
  if (semImagem) {
    return (
      <Text fw={800} fz="lg" c="bonifica.8" className={classes.nomeSistema}>
        {nomeSistema}
      </Text>
    );
  }
  return (
    <img
      src={marca?.logoUrl ?? '/arquivo/imagem/sistema/topoAngular'}
      alt={nomeSistema}
      data-testid="logo-sistema"
      className={classes.logoSistema}
      onError={() => setSemImagem(true)}
    />
  );
}

export function Cabecalho({ usuario, estadoMenu, aoAlternarMenu }: CabecalhoProps) {
  const [suporteAberto, setSuporteAberto] = useState(false);
  const { data: logo } = useLogoEmpresa(usuario.empresaId);
  const { data: tipoServidor } = useTipoServidorWhats();
  const aberto = estadoMenu === 'expandido' || estadoMenu === 'offcanvas-aberto';
  const rotuloBotaoMenu =
    estadoMenu === 'offcanvas-aberto' ? 'Fechar menu' : estadoMenu === 'expandido' ? 'Recolher menu' : 'Abrir menu';
  const empresa = usuario.companyName ? nomeCurto(usuario.companyName) : ROTULO_SEM_EMPRESA;

  return (
    <header className={classes.cabecalho}>
      <Group gap="xs" wrap="nowrap" className={classes.cabecalhoEsquerda}>
        <Tooltip label={rotuloBotaoMenu} events={{ hover: true, focus: false, touch: false }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={aoAlternarMenu}
            aria-label={rotuloBotaoMenu}
            aria-expanded={aberto}
            aria-controls="menu-lateral"
            data-testid="botao-menu"
          >
            {aberto ? <IconLayoutSidebarLeftCollapse size={22} /> : <IconMenu2 size={22} />}
          </ActionIcon>
        </Tooltip>
        <Link to="/app" className={classes.linkLogo} aria-label="Ir para o início">
          <LogoSistema />
        </Link>
      </Group>

      <Group gap="xs" wrap="nowrap" className={classes.cabecalhoDireita}>
        <Group gap={8} wrap="nowrap" className={classes.empresa}>
          {logo && <Image src={logo} alt="" h={32} w="auto" fit="contain" radius="sm" className={classes.logoEmpresa} />}
          <Box data-testid="cabecalho-empresa" title={usuario.companyName ?? ROTULO_SEM_EMPRESA} className={classes.nomeEmpresa}>
            {empresa}
          </Box>
        </Group>
        {tipoServidor === 'DEDICADO' && can(usuario, PODE_VER_SERVIDOR_WHATS) && (
          <Tooltip label="Servidor WhatsApp">
            <ActionIcon
              component={Link}
              to="/app/servidor/whats"
              variant="subtle"
              color="green"
              size="lg"
              aria-label="Servidor WhatsApp"
              data-testid="icone-whats"
            >
              <IconBrandWhatsapp size={22} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label="Fale com o suporte">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Fale com o suporte" onClick={() => setSuporteAberto(true)}>
            <IconHeadset size={22} />
          </ActionIcon>
        </Tooltip>
        <MenuPerfil nome={usuario.name} />
      </Group>
      <PainelSuporte aberto={suporteAberto} aoFechar={() => setSuporteAberto(false)} />
    </header>
  );
}
