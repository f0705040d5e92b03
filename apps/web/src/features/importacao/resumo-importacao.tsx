import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { StatusImportacao } from '@bonifica/contracts';
import { Indicador } from '../../components/indicador';
import { formatarInteiro, formatarValorConta } from '../../lib/format';

/** Step 4's end: what happened to each row, and the error report when some were refused. */
export function ResumoImportacao({ status, aoRecomecar }: { status: StatusImportacao; aoRecomecar: () => void }) {
  const r = status.resultado;
  return (
    <Stack mt="sm">
      {r && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          <Indicador rotulo="Novos" valor={formatarInteiro(r.inseridos)} cor="teal" />
          <Indicador rotulo="Mesclados" valor={formatarInteiro(r.mesclados)} />
          <Indicador rotulo="Ignorados (já existiam)" valor={formatarInteiro(r.ignorados)} />
          <Indicador rotulo="Linhas com erro" valor={formatarInteiro(r.comErro)} cor={r.comErro ? 'red' : undefined} />
          {r.unidadeSaldo && <Indicador rotulo="Saldos iniciais" valor={`${formatarInteiro(r.saldosLancados)} · ${formatarValorConta(r.unidadeSaldo, r.saldoTotal)}`} />}
        </SimpleGrid>
      )}
      {r && r.saldosIgnorados > 0 && (
        <Text size="sm" c="dimmed">
          {formatarInteiro(r.saldosIgnorados)} {r.saldosIgnorados === 1 ? 'saldo não foi lançado' : 'saldos não foram lançados'}: eram de clientes já cadastrados, que mantêm o saldo que têm.
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
