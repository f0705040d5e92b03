import { useState } from 'react';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useNomeSistema } from '../../nome-sistema';
import { useWhiteLabel } from '../../white-label';
import classes from './auth-layout.module.css';

function Marca() {
  const nomeSistema = useNomeSistema();
  const { data: marca } = useWhiteLabel();
  const [semImagem, setSemImagem] = useState(false);
  return (
    <Stack align="center" gap={6}>
      {!semImagem && (
        <img
          src={marca?.logoUrl ?? '/arquivo/imagem/sistema/topoAngular'}
          alt={nomeSistema}
          className={classes.logo}
          onError={() => setSemImagem(true)}
        />
      )}
      {semImagem && (
        <Title order={2} c="bonifica.8">
          {nomeSistema}
        </Title>
      )}
      <Text size="sm" c="dimmed" ta="center" data-testid="texto-login">
        {marca?.textoLogin || 'Back office do programa de fidelidade'}
      </Text>
    </Stack>
  );
}

/** Frame shared by login, forgot password and new password. */
export function Component() {
  return (
    <Box className={classes.fundo}>
      <Center mih="100dvh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Marca />
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg">
            <Outlet />
          </Paper>
          <Group justify="center" gap="md">
            <Anchor component={Link} to="/paginas/termos-de-uso" size="xs" c="dimmed">
              Termos de uso
            </Anchor>
            <Text size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
            <Anchor component={Link} to="/paginas/politica-de-privacidade" size="xs" c="dimmed">
              Política de privacidade
            </Anchor>
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
