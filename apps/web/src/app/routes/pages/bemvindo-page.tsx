import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconKey, IconLayoutSidebar, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { primeiroNome } from '../../../lib/format';
import { useUsuarioLogado } from '../../session/usuario';
import type { Icon } from '@tabler/icons-react';

type Atalho = { titulo: string; descricao: string; icone: Icon; para?: string };

const ATALHOS: Atalho[] = [
  {
    titulo: 'Menu do programa',
    descricao: 'Clientes, vendas, cartões, prêmios, cupons, sorteios, mensagens e relatórios ficam no menu lateral, conforme o seu perfil.',
    icone: IconLayoutSidebar,
  },
  {
    titulo: 'Meu Perfil',
    descricao: 'Mantenha seu nome e e-mail atualizados para receber avisos e recuperar o acesso.',
    icone: IconUserCircle,
    para: '/app/cadastros/perfil',
  },
  {
    titulo: 'Alterar senha',
    descricao: 'Troque sua senha sempre que suspeitar de uso indevido. Use pelo menos 8 caracteres.',
    icone: IconKey,
    para: '/app/cadastros/alterar-senha',
  },
];

function saudacaoDoHorario(hora: number): string {
  if (hora < 12) return 'Bom dia';
  if (hora < 18) return 'Boa tarde';
  return 'Boa noite';
}

export function Component() {
  const usuario = useUsuarioLogado();
  const nome = primeiroNome(usuario?.name);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {saudacaoDoHorario(new Date().getHours())}, {nome}!
        </Title>
        <Text c="dimmed">Bem-vindo ao back office. O que você quer fazer hoje?</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {ATALHOS.map(({ titulo, descricao, icone: Icone, para }) => {
          const conteudo = (
            <Stack gap="xs" h="100%">
              <Group justify="space-between">
                <ThemeIcon size={40} radius="md" variant="light">
                  <Icone size={22} />
                </ThemeIcon>
                {para && <IconArrowRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />}
              </Group>
              <Text fw={650}>{titulo}</Text>
              <Text size="sm" c="dimmed">
                {descricao}
              </Text>
            </Stack>
          );
          return para ? (
            <Card key={titulo} component={Link} to={para} padding="lg" style={{ textDecoration: 'none' }}>
              {conteudo}
            </Card>
          ) : (
            <Card key={titulo} padding="lg">
              {conteudo}
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
