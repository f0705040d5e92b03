import { SimpleGrid } from '@mantine/core';
import { IconCash, IconCoin, IconReceipt, IconShoppingCart, IconStar, IconUserPlus, IconUsers, IconWallet } from '@tabler/icons-react';
import type { DashboardCompleto } from '@bonifica/contracts';
import { Indicador, type IndicadorProps } from '../../components/indicador';
import { formatarBRL, formatarInteiro } from '../../lib/format';

function canceladas(n: number): string {
  if (n === 0) return 'Nenhuma cancelada';
  // Cancelled sales are left out of every figure of the period; the line says so.
  return `${formatarInteiro(n)} ${n === 1 ? 'cancelada, fora da conta' : 'canceladas, fora da conta'}`;
}

/** The cards of the period: sales, money, balances issued and used, customers. */
export function Indicadores({ d }: { d: DashboardCompleto }) {
  const itens: IndicadorProps[] = [
    { rotulo: 'Vendas', valor: formatarInteiro(d.vendas.quantidade), detalhe: canceladas(d.vendas.canceladas), icone: <IconShoppingCart size={20} />, cor: 'blue' },
    { rotulo: 'Valor vendido', valor: formatarBRL(d.vendas.valor), detalhe: `Ticket médio ${formatarBRL(d.vendas.ticketMedio)}`, icone: <IconCash size={20} />, cor: 'green' },
    {
      rotulo: 'Cashback emitido',
      valor: formatarBRL(d.cashback.emitido),
      detalhe: `Resgatado ${formatarBRL(d.cashback.resgatado)} · expirado ${formatarBRL(d.cashback.expirado)}`,
      icone: <IconCoin size={20} />,
      cor: 'teal',
    },
    {
      rotulo: 'Pontos emitidos',
      valor: formatarInteiro(d.pontos.emitidos),
      detalhe: `Resgatados ${formatarInteiro(d.pontos.resgatados)} · expirados ${formatarInteiro(d.pontos.expirados)}`,
      icone: <IconStar size={20} />,
      cor: 'yellow',
    },
    { rotulo: 'Pré-pago creditado', valor: formatarBRL(d.prepago.creditado), detalhe: `Utilizado ${formatarBRL(d.prepago.utilizado)}`, icone: <IconWallet size={20} />, cor: 'grape' },
    { rotulo: 'Novos clientes', valor: formatarInteiro(d.clientes.novos), detalhe: 'Cadastrados no período', icone: <IconUserPlus size={20} />, cor: 'indigo' },
    {
      rotulo: 'Clientes ativos',
      valor: `${d.clientes.ativosAproximado ? '≈ ' : ''}${formatarInteiro(d.clientes.ativos)}`,
      detalhe: 'Compraram no período',
      icone: <IconUsers size={20} />,
      cor: 'cyan',
      dica: d.clientes.ativosAproximado ? 'Estimativa (margem de cerca de 3%): em períodos com muitas vendas a contagem exata seria lenta demais.' : undefined,
    },
    {
      rotulo: 'Cashback resgatado',
      valor: formatarBRL(d.cashback.resgatado),
      detalhe: d.cashback.emitido > 0 ? `${Math.round((d.cashback.resgatado / d.cashback.emitido) * 100)}% do emitido no período` : 'Nada emitido no período',
      icone: <IconReceipt size={20} />,
      cor: 'orange',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {itens.map((i) => (
        <Indicador key={i.rotulo} {...i} />
      ))}
    </SimpleGrid>
  );
}
