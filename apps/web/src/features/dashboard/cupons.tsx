import { BarChart } from '@mantine/charts';
import { Group, Text } from '@mantine/core';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { DashboardCupom, DashboardFiltro } from '@bonifica/contracts';
import { api } from '../../lib/api';
import { formatarBRL, formatarInteiro } from '../../lib/format';
import { chavesDashboard } from './api';
import { Painel, rotuloPeriodo } from './graficos';

/** Sales with a coupon (POST empresadashboard/vendascupom; docs/areas/cupons.md): how many, and the discount given, per day. */
export function PainelCupons({ filtro }: { filtro: DashboardFiltro }) {
  const q = useQuery({
    queryKey: [...chavesDashboard.raiz, 'cupons', filtro],
    queryFn: async () => (await api.post<DashboardCupom>('empresadashboard/vendascupom', filtro)).result,
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const porDia = d?.periodo.agrupamento === 'MES' ? 'por mês' : 'por dia';
  return (
    <Painel titulo={`Vendas com cupom ${porDia}`} vazio={!d || d.totais.vendas === 0}>
      {d && (
        <>
          <Group gap="lg" mb="xs">
            <Text size="sm">
              <strong>{formatarInteiro(d.totais.vendas)}</strong> vendas com cupom
            </Text>
            <Text size="sm">
              <strong>{formatarBRL(d.totais.valor)}</strong> vendidos
            </Text>
            <Text size="sm">
              <strong>{formatarBRL(d.totais.desconto)}</strong> de desconto
            </Text>
          </Group>
          <BarChart
            h={200}
            data={d.serie.map((s) => ({ ...s, rotulo: rotuloPeriodo(s.periodo) }))}
            dataKey="rotulo"
            series={[{ name: 'desconto', label: 'Desconto dado', color: 'grape.6' }]}
            valueFormatter={formatarBRL}
            maxBarWidth={28}
          />
        </>
      )}
    </Painel>
  );
}
