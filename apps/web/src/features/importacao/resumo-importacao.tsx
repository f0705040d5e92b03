import { Alert, Button, Group, SimpleGrid, Stack, Text, Paper } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatarBRL, type StatusImportacao } from '@bonifica/contracts';

function Numero({ rotulo, valor, cor }: { rotulo: string; valor: string | number; cor?: string }) {
  return (
    <Paper withBorder p="sm" radius="sm">
      <Text size="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text size="xl" fw={700} c={cor}>
        {typeof valor === 'number' ? valor.toLocaleString('pt-BR') : valor}
      </Text>
    </Paper>
  );
}

/** Step 4's end: what happened to each row, and the error report when some were refused. */
export function ResumoImportacao({ status, aoRecomecar }: { status: StatusImportacao; aoRecomecar: () => void }) {
  const r = status.resultado;
  return (
    <Stack mt="sm">
      {r && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
          <Numero rotulo="Novos" valor={r.inseridos} cor="teal" />
          <Numero rotulo="Mesclados" valor={r.mesclados} />
          <Numero rotulo="Ignorados (já existiam)" valor={r.ignorados} />
          <Numero rotulo="Linhas com erro" valor={r.comErro} cor={r.comErro ? 'red' : undefined} />
          {r.unidadeSaldo && (
            <Numero rotulo="Saldos iniciais" valor={`${r.saldosLancados} · ${r.unidadeSaldo === 'PONTOS' ? `${r.saldoTotal.toLocaleString('pt-BR')} pts` : formatarBRL(r.saldoTotal)}`} />
          )}
        </SimpleGrid>
      )}
      {r && r.saldosIgnorados > 0 && (
        <Text size="sm" c="dimmed">
          {r.saldosIgnorados.toLocaleString('pt-BR')} {r.saldosIgnorados === 1 ? 'saldo não foi lançado' : 'saldos não foram lançados'}: eram de clientes já cadastrados, que mantêm o saldo que têm.
        </Text>
      )}
      {r && r.comErro > 0 && (
        <Alert color="yellow" title="Algumas linhas não foram importadas">
          O relatório traz a linha do arquivo, a coluna e o motivo de cada erro. Corrija essas linhas e importe só elas de novo.
        </Alert>
      )}
      <Group>
        {status.urlRelatorioErros && (
          <Button component="a" href={status.urlRelatorioErros} download leftSection={<IconDownload size={16} />} color="yellow" variant="light">
            Baixar relatório de erros
          </Button>
        )}
        <Button variant="default" onClick={aoRecomecar}>
          Nova importação
        </Button>
      </Group>
    </Stack>
  );
}
