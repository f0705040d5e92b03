import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComprovanteVenda } from '@bonifica/contracts';
import { buscarComprovante, chaveComprovante } from './api';
import classes from './comprovante.module.css';
import { imprimirComprovante } from './imprimir';

/** The receipt as it prints (lines from transacao/impressao/{id}), for the screen. */
export function PapelComprovante({ comprovante }: { comprovante: ComprovanteVenda }) {
  const cancelada = comprovante.status === 'CANCELADA';
  return (
    <div className={`${classes.papel} ${cancelada ? classes.cancelada : ''}`} aria-label={`Comprovante da venda nº ${comprovante.transacaoId}`} role="document" data-testid="comprovante">
      {comprovante.linhas.map((l, i) => (
        <div key={i} className={l.destaque ? `${classes.linha} ${classes.destaque}` : classes.linha}>
          {l.texto || '\u00a0'}
        </div>
      ))}
    </div>
  );
}

export function BotaoImprimir({ comprovante, size = 'md' }: { comprovante: ComprovanteVenda; size?: 'md' | 'lg' }) {
  return (
    // In a narrow column (the terminal on a tablet) the label wraps instead of being cut.
    <Button
      size={size}
      variant="default"
      h="auto"
      mih={size === 'lg' ? 50 : 36}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
      leftSection={<IconPrinter size={20} />}
      onClick={() => imprimirComprovante(comprovante.linhas, `Venda ${comprovante.transacaoId}`)}
    >
      Imprimir comprovante
    </Button>
  );
}

export function useComprovante(transacaoId: number | null) {
  return useQuery({
    queryKey: chaveComprovante(transacaoId ?? 0),
    queryFn: () => buscarComprovante(transacaoId!),
    enabled: transacaoId !== null,
    // Balances and the cancelled mark change: always today's receipt.
    staleTime: 0,
  });
}

/** Loads and shows one sale's receipt with its print button (the reprint dialog, the terminal). */
export function ComprovanteDaVenda({ transacaoId }: { transacaoId: number }) {
  const c = useComprovante(transacaoId);
  if (c.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Carregando comprovante" />
      </Center>
    );
  }
  if (c.isError) {
    return (
      <Stack gap="sm" align="center" py="md">
        <Text c="red" role="alert">
          {c.error.message}
        </Text>
        <Button variant="light" onClick={() => void c.refetch()}>
          Tentar novamente
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <PapelComprovante comprovante={c.data} />
      <BotaoImprimir comprovante={c.data} />
    </Stack>
  );
}
