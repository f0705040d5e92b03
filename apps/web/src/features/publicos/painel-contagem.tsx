import { Alert, Badge, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { CondicoesPublicoEntrada } from '@bonifica/contracts';
import { formatarInteiro } from '../../lib/format';
import { useContagem, useEstatisticas } from './api';
import { DadosDaContagem } from '../../components/dados-da-contagem';

const pct = (n: number, total: number) => (total > 0 ? Math.round((n / total) * 100) : 0);

/** The builder's side panel: how many enter (live, debounced by the page) and who marketing reaches. */
export function PainelContagem({ condicoes }: { condicoes: CondicoesPublicoEntrada }) {
  const contagem = useContagem(condicoes);
  const estatisticas = useEstatisticas(condicoes);
  const erro = contagem.error ?? estatisticas.error;
  const c = contagem.data;
  const e = estatisticas.data;
  return (
    <Paper withBorder p="md" radius="md" aria-label="Contagem do público">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Clientes no público
          </Text>
          {(contagem.isFetching || estatisticas.isFetching) && <Loader size="xs" aria-label="Contando" />}
        </Group>
        <Title order={2} data-testid="contagem-clientes">
          {c ? formatarInteiro(c.clientes) : '—'}
        </Title>
        {c && c.contatos > 0 && <Text size="sm">+ {formatarInteiro(c.contatos)} contatos importados</Text>}
        {c && <DadosDaContagem dadosDe={c.dadosDe} />}
        {erro && (
          <Alert color="yellow" variant="light" title="Condição incompleta">
            {erro.message}
          </Alert>
        )}
        {e && (
          <Stack gap={8}>
            <Linha rotulo="Podem receber WhatsApp" valor={e.alcancaveisWhatsapp} total={e.clientes} dica={`${formatarInteiro(e.consentimentoWhatsapp)} autorizaram`} />
            <Linha rotulo="Podem receber e-mail" valor={e.alcancaveisEmail} total={e.clientes} dica={`${formatarInteiro(e.consentimentoEmail)} autorizaram`} />
            <Group justify="space-between">
              <Text size="sm">Bloqueados para marketing</Text>
              <Badge color={e.bloqueados ? 'red' : 'gray'} variant="light">
                {formatarInteiro(e.bloqueados)}
              </Badge>
            </Group>
            <Text size="sm" fw={600} mt="xs">
              Por filial de cadastro
            </Text>
            {e.porFilial.map((f) => (
              <Linha key={f.filialId ?? 0} rotulo={f.nome} valor={f.clientes} total={e.clientes} />
            ))}
            <Text size="sm" fw={600} mt="xs">
              Por saldo de cashback
            </Text>
            {e.porFaixaSaldo.map((f) => (
              <Linha key={f.rotulo} rotulo={f.rotulo} valor={f.clientes} total={e.clientes} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function Linha({ rotulo, valor, total, dica }: { rotulo: string; valor: number; total: number; dica?: string }) {
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>
          {rotulo}
        </Text>
        <Text size="sm" fw={600}>
          {formatarInteiro(valor)} <Text span size="xs" c="dimmed">({pct(valor, total)}%)</Text>
        </Text>
      </Group>
      <Progress value={pct(valor, total)} size="sm" aria-hidden />
      {dica && (
        <Text size="xs" c="dimmed">
          {dica}
        </Text>
      )}
    </div>
  );
}

/**
 * On a phone the side panel sits below the form: this bar stays at the bottom of the screen with the
 * live count while the conditions are edited (same query as the panel, so one request).
 */
export function ContagemCompacta({ condicoes }: { condicoes: CondicoesPublicoEntrada }) {
  const contagem = useContagem(condicoes);
  return (
    <Paper withBorder shadow="sm" p="xs" radius="md" hiddenFrom="md" pos="sticky" bottom={8} style={{ zIndex: 2 }} aria-label="Contagem resumida">
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <IconUsers size={16} />
          <Text size="sm">Clientes no público</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          {contagem.isFetching && <Loader size="xs" />}
          <Text fw={700}>{contagem.data ? formatarInteiro(contagem.data.clientes) : '—'}</Text>
        </Group>
      </Group>
      {contagem.error && (
        <Text size="xs" c="yellow.8">
          {contagem.error.message}
        </Text>
      )}
    </Paper>
  );
}
