import type { ReactNode } from 'react';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';

export type PaginaErroProps = {
  codigo?: string;
  titulo: string;
  descricao: ReactNode;
  acao?: { rotulo: string; para: string } | { rotulo: string; aoClicar: () => void };
  icone?: ReactNode;
};

export function PaginaErro({ codigo, titulo, descricao, acao, icone }: PaginaErroProps) {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={520} ta="center">
        {icone ?? (
          <ThemeIcon size={64} radius="xl" variant="light" color="gray">
            <IconAlertTriangle size={34} />
          </ThemeIcon>
        )}
        {codigo && (
          <Text fz={56} fw={800} c="dimmed" lh={1}>
            {codigo}
          </Text>
        )}
        <Title order={1} fz="h2">
          {titulo}
        </Title>
        <Text c="dimmed">{descricao}</Text>
        {acao &&
          ('para' in acao ? (
            <Button component={Link} to={acao.para} mt="md">
              {acao.rotulo}
            </Button>
          ) : (
            <Button onClick={acao.aoClicar} mt="md">
              {acao.rotulo}
            </Button>
          ))}
      </Stack>
    </Center>
  );
}
