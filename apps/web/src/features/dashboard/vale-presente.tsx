import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardFiltro, DashboardPrepago } from '@bonifica/contracts';
import { api } from '../../lib/api';
import { formatarBRL, formatarInteiro } from '../../lib/format';
import { chavesDashboard } from './api';
import { rotuloPeriodo } from './graficos';

/** POST empresadashboard/vendasprepago: gift cards sold, loaded, used, refunded, lapsed and outstanding. */
function usePrepago(filtro: DashboardFiltro | null) {
  return useQuery({
    queryKey: [...chavesDashboard.raiz, 'prepago', filtro] as const,
    queryFn: async () => (await api.post<DashboardPrepago>('empresadashboard/vendasprepago', filtro)).result ?? null,
    enabled: filtro !== null,
    placeholderData: keepPreviousData,
  });
}

function Numero({ rotulo, valor }: { rotulo: string; valor: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text fw={700} data-testid={`vale-${rotulo}`}>
        {valor}
      </Text>
    </div>
  );
}

/** The dashboard's gift card block (docs/areas/vale-presente.md "Dashboard"). */
export function PainelValePresente({ filtro }: { filtro: DashboardFiltro | null }) {
  const { data } = usePrepago(filtro);
  if (!data) return null;
  const t = data.totais;
  const serie = data.serie.map((s) => ({ rotulo: rotuloPeriodo(s.periodo), Carregado: s.carregado, Usado: s.usado }));
  const vazio = t.valesVendidos === 0 && t.carregado === 0 && t.usado === 0 && t.emAberto === 0;
  return (
    <Card withBorder padding="md" component="section" aria-label="Vale-presente">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md">
          Vale-presente
        </Title>
        <Text size="sm" c="dimmed">
          Em aberto no fim do período: <strong>{formatarBRL(t.emAberto)}</strong>
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="md">
        <Numero rotulo="Vendidos" valor={formatarInteiro(t.valesVendidos)} />
        <Numero rotulo="Carregado" valor={formatarBRL(t.carregado)} />
        <Numero rotulo="Usado em vendas" valor={formatarBRL(t.usado)} />
        <Numero rotulo="Devolvido" valor={formatarBRL(t.devolvido)} />
        <Numero rotulo="Vencido" valor={formatarBRL(t.vencido)} />
        <Numero rotulo="Pré-pago de clientes" valor={formatarBRL(t.creditado)} />
      </SimpleGrid>
      {vazio ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          Nenhum vale-presente no período.
        </Text>
      ) : (
        <BarChart h={200} data={serie} dataKey="rotulo" valueFormatter={(v) => formatarBRL(v)} series={[{ name: 'Carregado', color: 'teal.6' }, { name: 'Usado', color: 'grape.6' }]} />
      )}
    </Card>
  );
}
