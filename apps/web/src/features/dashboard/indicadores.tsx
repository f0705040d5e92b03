import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCash, IconCoin, IconReceipt, IconShoppingCart, IconStar, IconUserPlus, IconUsers, IconWallet } from '@tabler/icons-react';
import type { DashboardCompleto } from '@bonifica/contracts';
import { formatarBRL } from '../../lib/format';

const inteiro = new Intl.NumberFormat('pt-BR');

type Indicador = { titulo: string; valor: string; detalhe?: ReactNode; icone: ReactNode; cor: string; dica?: string };

function CartaoIndicador({ titulo, valor, detalhe, icone, cor, dica }: Indicador) {
  const corpo = (
    <Card withBorder padding="sm" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {titulo}
          </Text>
          <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} mt={4}>
            {valor}
          </Text>
        </div>
        <ThemeIcon variant="light" color={cor} size="lg" radius="md" aria-hidden visibleFrom="sm">
          {icone}
        </ThemeIcon>
      </Group>
      {detalhe && (
        <Text size="xs" c="dimmed" mt={6}>
          {detalhe}
        </Text>
      )}
    </Card>
  );
  return dica ? <Tooltip label={dica} multiline w={260}>{corpo}</Tooltip> : corpo;
}

/** The cards of the period: sales, money, balances issued and used, customers. */
export function Indicadores({ d }: { d: DashboardCompleto }) {
  const itens: Indicador[] = [
    {
      titulo: 'Vendas',
      valor: inteiro.format(d.vendas.quantidade),
      detalhe: d.vendas.canceladas > 0 ? `${inteiro.format(d.vendas.canceladas)} cancelada(s) fora da conta` : 'Nenhuma cancelada',
      icone: <IconShoppingCart size={20} />,
      cor: 'blue',
    },
    { titulo: 'Valor vendido', valor: formatarBRL(d.vendas.valor), detalhe: `Ticket médio ${formatarBRL(d.vendas.ticketMedio)}`, icone: <IconCash size={20} />, cor: 'green' },
    {
      titulo: 'Cashback emitido',
      valor: formatarBRL(d.cashback.emitido),
      detalhe: `Resgatado ${formatarBRL(d.cashback.resgatado)} · expirado ${formatarBRL(d.cashback.expirado)}`,
      icone: <IconCoin size={20} />,
      cor: 'teal',
    },
    {
      titulo: 'Pontos emitidos',
      valor: inteiro.format(d.pontos.emitidos),
      detalhe: `Resgatados ${inteiro.format(d.pontos.resgatados)} · expirados ${inteiro.format(d.pontos.expirados)}`,
      icone: <IconStar size={20} />,
      cor: 'yellow',
    },
    { titulo: 'Pré-pago', valor: formatarBRL(d.prepago.creditado), detalhe: `Creditado · utilizado ${formatarBRL(d.prepago.utilizado)}`, icone: <IconWallet size={20} />, cor: 'grape' },
    { titulo: 'Novos clientes', valor: inteiro.format(d.clientes.novos), detalhe: 'Cadastrados no período', icone: <IconUserPlus size={20} />, cor: 'indigo' },
    {
      titulo: 'Clientes ativos',
      valor: `${d.clientes.ativosAproximado ? '≈ ' : ''}${inteiro.format(d.clientes.ativos)}`,
      detalhe: 'Compraram no período',
      icone: <IconUsers size={20} />,
      cor: 'cyan',
      dica: d.clientes.ativosAproximado ? 'Estimativa (margem de cerca de 3%): em períodos com muitas vendas a contagem exata seria lenta demais.' : undefined,
    },
    {
      titulo: 'Cashback resgatado',
      valor: formatarBRL(d.cashback.resgatado),
      detalhe: d.cashback.emitido > 0 ? `${Math.round((d.cashback.resgatado / d.cashback.emitido) * 100)}% do emitido no período` : 'Nada emitido no período',
      icone: <IconReceipt size={20} />,
      cor: 'orange',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {itens.map((i) => (
        <CartaoIndicador key={i.titulo} {...i} />
      ))}
    </SimpleGrid>
  );
}
