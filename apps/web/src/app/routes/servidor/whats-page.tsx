import { Badge, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';

/** Spec §2: WhatsApp server page for company roles. The status panel itself is still to be built. */
export function Component() {
  return (
    <Stack gap="lg" maw={760}>
      <Group gap="sm">
        <ThemeIcon size={44} radius="md" color="green" variant="light">
          <IconBrandWhatsapp size={26} />
        </ThemeIcon>
        <div>
          <Title order={1} fz="h2">
            Servidor WhatsApp
          </Title>
          <Text c="dimmed" size="sm">
            Servidor dedicado de mensagens da sua empresa
          </Text>
        </div>
      </Group>
      <Card padding="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={650}>Painel de status</Text>
            <Badge color="orange" variant="light">
              Em breve
            </Badge>
          </Group>
          <Text size="sm">
            Sua empresa contratou um servidor dedicado de WhatsApp. O painel com o status do servidor ainda está sendo
            construído e estará disponível em breve, com:
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>situação de cada instância (conectada, pausada ou com falha);</List.Item>
            <List.Item>fila de envios e lotes em andamento;</List.Item>
            <List.Item>estatísticas de utilização do servidor.</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Enquanto isso, os envios continuam funcionando normalmente.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
