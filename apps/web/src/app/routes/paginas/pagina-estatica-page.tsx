import { Anchor, Box, Container, Paper, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { CONTEUDO_PAGINAS } from './conteudo-paginas';
import { PAGINAS_ESTATICAS } from './paginas-estaticas';

export function Component() {
  const { pathname } = useLocation();
  const pagina = PAGINAS_ESTATICAS.find((p) => pathname.replace(/\/$/, '').endsWith(`/${p.slug}`));
  if (!pagina) return <Navigate to="/error/404" replace />;

  return (
    <Box bg="gray.0" mih="100dvh" py="xl">
      <Container size="md">
        <Anchor component={Link} to="/" size="sm">
          ← Voltar
        </Anchor>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} mt="md">
          <Title order={1} mb="md">
            {pagina.titulo}
          </Title>
          <Box fz="sm" lh={1.7}>
            {CONTEUDO_PAGINAS[pagina.slug]}
          </Box>
          <Text size="xs" c="dimmed" mt="xl">
            Dúvidas? Fale com o administrador da sua empresa ou com o nosso suporte.
          </Text>
        </Paper>
      </Container>
    </Box>
  );
}
