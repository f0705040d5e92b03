import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconTerminal2 } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Placeholder until the terminal's issue lands: says what is coming and offers the way back. */
export function Component() {
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} fz="h2">
        Terminal de atendimento
      </Title>
      <Card padding="xl">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon size={48} radius="md" variant="light">
            <IconTerminal2 size={28} />
          </ThemeIcon>
          <Stack gap="md" align="flex-start">
            <Text>
              O terminal de atendimento (identificar cliente, lançar venda, resgatar) chega na próxima etapa do Bonifica.
            </Text>
            <Button component={Link} to="/app" leftSection={<IconArrowLeft size={16} />}>
              Voltar ao início
            </Button>
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}
