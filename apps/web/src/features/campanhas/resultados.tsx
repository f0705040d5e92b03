import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Card, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DIAS_ATRIBUICAO_MAXIMO } from '@bonifica/contracts';
import { Indicador } from '../../components/indicador';
import { formatarBRL, formatarInteiro } from '../../lib/format';
import { useResultados } from './api';

const pct = (x: number) => `${(x * 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
const reais = (centavos: number | null) => (centavos === null ? '—' : formatarBRL(centavos / 100));

/** Results: messages, opt-outs, and the sales of each group in the N days after the start (lift against the holdout). */
export function ResultadosCampanha({ campanhaId, diasPadrao }: { campanhaId: number; diasPadrao: number }) {
  const [dias, setDias] = useState<number | string>(diasPadrao);
  const [diasConsulta] = useDebouncedValue(Number(dias) >= 1 && Number(dias) <= DIAS_ATRIBUICAO_MAXIMO ? Number(dias) : diasPadrao, 400);
  const r = useResultados(campanhaId, diasConsulta, true).data;
  if (!r) return null;
  const email = r.canal === 'EMAIL';
  const contatos = (rotulo: string) => (rotulo === 'Receberam' ? r.contatosEnvio : r.contatosControle);
  const grafico = [
    { grupo: 'Receberam', receita: r.envio.receitaPorClienteCentavos / 100 },
    { grupo: 'Controle', receita: r.controle.receitaPorClienteCentavos / 100 },
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Indicador rotulo="Enviadas" valor={formatarInteiro(r.enviadas)} testId="res-enviadas" />
        <Indicador rotulo="Entregues" valor={email ? '—' : formatarInteiro(r.entregues)} testId="res-entregues" />
        <Indicador rotulo="Lidas" valor={email ? '—' : formatarInteiro(r.lidas)} testId="res-lidas" />
        <Indicador rotulo="Falhas" valor={formatarInteiro(r.falhas)} testId="res-falhas" />
        <Indicador rotulo={email ? 'Descadastros' : 'Saíram (SAIR)'} valor={formatarInteiro(r.optOuts)} testId="res-optouts" />
      </SimpleGrid>
      {email && (
        <Text size="sm" c="dimmed" data-testid="res-aviso-email">
          E-mail não tem confirmação de entrega nem de leitura: contamos o que o servidor de e-mail aceitou (enviadas), as falhas e os descadastros
          pelo link do rodapé.
        </Text>
      )}
      <Card withBorder>
        <Group justify="space-between" align="flex-end" mb="sm">
          <Text fw={600}>Vendas depois da campanha</Text>
          <NumberInput label="Dias contados" value={dias} onChange={setDias} min={1} max={DIAS_ATRIBUICAO_MAXIMO} w={140} size="xs" />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>
            {(
              [
                ['Receberam', r.envio],
                ['Grupo de controle', r.controle],
              ] as const
            ).map(([rotulo, g]) => (
              <Text size="sm" key={rotulo}>
                <b>{rotulo}:</b> {formatarInteiro(g.participantes)} participantes
                {contatos(rotulo) ? ` (${formatarInteiro(contatos(rotulo))} contatos importados)` : ''}, {formatarInteiro(g.compradores)} compraram ({pct(g.taxaCompra)}), {reais(g.receitaCentavos)} —{' '}
                {reais(g.receitaPorClienteCentavos)} por cliente
              </Text>
            ))}
            {r.contatosEnvio + r.contatosControle > 0 && (
              <Text size="xs" c="dimmed">
                Contatos importados não têm compras: só contam na receita os que viraram clientes (cadastrados depois do início com o mesmo celular ou
                e-mail).
              </Text>
            )}
            <Text size="sm" mt="xs" data-testid="res-lift">
              {r.receitaAtribuidaCentavos === null
                ? 'Sem grupo de controle: não há com o que comparar.'
                : `Diferença: ${r.liftTaxaPontos!.toLocaleString('pt-BR')} pontos percentuais na taxa de compra, ${reais(r.liftReceitaPorClienteCentavos)} por cliente. Receita atribuída à campanha: ${reais(r.receitaAtribuidaCentavos)}.`}
            </Text>
          </Stack>
          <BarChart h={180} data={grafico} dataKey="grupo" series={[{ name: 'receita', label: 'Receita por cliente', color: 'teal.6' }]} valueFormatter={formatarBRL} maxBarWidth={48} />
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
