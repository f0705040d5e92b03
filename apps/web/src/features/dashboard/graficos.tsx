import type { ReactNode } from 'react';
import { AreaChart, BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { DashboardCompleto } from '@bonifica/contracts';
import { formatarBRL, formatarInteiro } from '../../lib/format';

const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
// Axis ticks short ("R$ 1,8 mil") so they fit one line; the tooltip shows the full amount.
const brlCompacto = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });
const eixoBRL = (v: number) => brlCompacto.format(v);

/** Axis label of a bucket: 21/11 for a day, nov/26 for a month. */
export function rotuloPeriodo(periodo: string): string {
  const [a, m, d] = periodo.split('-');
  return d ? `${d}/${m}` : `${MESES[Number(m) - 1]}/${a!.slice(2)}`;
}

export function Painel({ titulo, children, vazio }: { titulo: string; children: ReactNode; vazio: boolean }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} fz="md" mb="sm">
        {titulo}
      </Title>
      {vazio ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          Nada no período.
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}

/** Sales, cashback issued × used, new customers and the branches that sell most. */
export function Graficos({ d }: { d: DashboardCompleto }) {
  const serie = d.serie.map((s) => ({ ...s, rotulo: rotuloPeriodo(s.periodo) }));
  const porDia = d.periodo.agrupamento === 'DIA' ? 'por dia' : 'por mês';
  const semVendas = d.vendas.quantidade === 0;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
      <Painel titulo={`Vendas ${porDia}`} vazio={semVendas}>
        <AreaChart
          h={240}
          data={serie}
          dataKey="rotulo"
          series={[{ name: 'valor', label: 'Valor vendido', color: 'blue.6' }]}
          valueFormatter={formatarBRL}
          curveType="monotone"
          withDots={serie.length <= 31}
          yAxisProps={{ width: 72, tickFormatter: eixoBRL }}
        />
      </Painel>
      <Painel titulo={`Cashback emitido × resgatado ${porDia}`} vazio={semVendas && d.cashback.expirado === 0}>
        <BarChart
          h={240}
          data={serie}
          dataKey="rotulo"
          series={[
            { name: 'cashbackEmitido', label: 'Emitido', color: 'teal.6' },
            { name: 'cashbackResgatado', label: 'Resgatado', color: 'orange.6' },
            { name: 'cashbackExpirado', label: 'Expirado', color: 'gray.5' },
          ]}
          valueFormatter={formatarBRL}
          withLegend
          maxBarWidth={28}
          yAxisProps={{ width: 72, tickFormatter: eixoBRL }}
        />
      </Painel>
      <Painel titulo={`Novos clientes ${porDia}`} vazio={d.clientes.novos === 0}>
        <BarChart
          h={240}
          data={serie}
          dataKey="rotulo"
          series={[{ name: 'novosClientes', label: 'Novos clientes', color: 'indigo.6' }]}
          valueFormatter={formatarInteiro}
          maxBarWidth={28}
          yAxisProps={{ allowDecimals: false }}
        />
      </Painel>
      <Painel titulo="Filiais que mais vendem" vazio={d.topFiliais.length === 0}>
        <BarChart
          h={240}
          data={d.topFiliais}
          dataKey="nome"
          orientation="vertical"
          series={[{ name: 'valor', label: 'Valor vendido', color: 'green.6' }]}
          valueFormatter={formatarBRL}
          maxBarWidth={36}
          xAxisProps={{ tickFormatter: eixoBRL }}
          yAxisProps={{ width: 130 }}
        />
      </Painel>
    </SimpleGrid>
  );
}
