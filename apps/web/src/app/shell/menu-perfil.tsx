import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconTerminal2, IconUserCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { iniciais, primeiroNome } from '../../lib/format';
import { sair } from '../session/sair';
import classes from './shell.module.css';

/** Spec §2 profile menu: Meu Perfil, Alterar Senha, the Terminal (new tab) and Sair. */
export function MenuPerfil({ nome }: { nome: string }) {
  const queryClient = useQueryClient();
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.botaoPerfil} aria-label="Menu do usuário">
          <Group gap={8} wrap="nowrap">
            <Avatar color="bonifica" radius="xl" size={32}>
              {iniciais(nome)}
            </Avatar>
            <Text size="sm" fw={600} data-testid="cabecalho-nome-usuario" className={classes.nomeUsuario}>
              {primeiroNome(nome)}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{nome}</Menu.Label>
        <Menu.Item component={Link} to="/app/cadastros/perfil" leftSection={<IconUserCircle size={16} />}>
          Meu Perfil
        </Menu.Item>
        <Menu.Item component={Link} to="/app/cadastros/alterar-senha" leftSection={<IconKey size={16} />}>
          Alterar Senha
        </Menu.Item>
        <Menu.Item
          component="a"
          href="/app/terminal"
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconTerminal2 size={16} />}
        >
          Terminal
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => sair(queryClient)}>
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
