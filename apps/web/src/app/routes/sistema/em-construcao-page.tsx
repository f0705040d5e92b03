import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useMigalhas } from '../../shell/breadcrumbs';

/** Admin screens of spec §2 that are routed and guarded but not built yet; says so plainly. */
export function Component() {
  const migalhas = useMigalhas();
  const titulo = migalhas.at(-1)?.breadcrumb ?? 'Sistema';
  const { id } = useParams();

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} fz="h2">
        {titulo}
        {id ? ` nº ${id}` : ''}
      </Title>
      <Card padding="xl">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon size={48} radius="md" color="orange" variant="light">
            <IconBarrierBlock size={28} />
          </ThemeIcon>
          <Stack gap={6}>
            <Group gap="xs">
              <Text fw={650} fz="lg">
                Área em construção
              </Text>
              <Badge color="orange" variant="light">
                Administração do sistema
              </Badge>
            </Group>
            <Text size="sm">
              Esta tela ainda não foi construída. O acesso já está restrito aos administradores do sistema, e o conteúdo
              chegará em uma próxima versão.
            </Text>
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}
