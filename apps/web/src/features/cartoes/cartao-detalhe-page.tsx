import type { ReactNode } from 'react';
import { Anchor, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatarNumeroCartao, PODE_GERENCIAR_CARTOES, PODE_GERENCIAR_VALE_PRESENTE } from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { Indicador } from '../../components/indicador';
import { PaginaErro } from '../../components/pagina-erro';
import { notificar } from '../../components/notificar';
import { can } from '../../lib/access';
import { formatarBRL, formatarData, formatarDataHora, formatarInteiro } from '../../lib/format';
import { useCartao, useVidaCartao, type PedidoPdf } from './api';
import { abrirPdf } from '../../lib/arquivo';
import { BadgeStatusCartao } from '../../components/badges-situacao';

function Dado({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {rotulo}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** Cartões › Cartão: who holds it, its history and what it was used for (card/{id}/estatistica/vida). */
export function Component() {
  const id = Number(useParams().id);
  const usuario = useUsuarioLogado();
  const cartao = useCartao(id);
  const vida = useVidaCartao(id);
  if (cartao.isPending || vida.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Carregando cartão" />
      </Center>
    );
  }
  if (cartao.isError || vida.isError) {
    return (
      <PaginaErro
        titulo="Cartão não encontrado"
        descricao={(cartao.error ?? vida.error)?.message ?? 'Confira o endereço ou volte para a lista.'}
        acao={{ rotulo: 'Voltar para os cartões', para: '/app/cartoes/lista' }}
      />
    );
  }
  const c = cartao.data;
  const v = vida.data;
  const imprimir = (pedido: PedidoPdf) => abrirPdf(pedido).catch((e: unknown) => notificar.erro(e instanceof Error ? e.message : 'Não foi possível gerar o PDF.'));
  const podeImprimir = can(usuario, PODE_GERENCIAR_CARTOES) && (c.status === 'ATIVO' || c.status === 'DISPONIVEL');

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/app/cartoes/lista" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Voltar para os cartões
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz="h2" ff="monospace">
            {formatarNumeroCartao(c.numero)}
          </Title>
          <Group gap="xs" mt={4}>
            <BadgeStatusCartao status={c.status} />
            {c.motivoStatus && (
              <Text size="sm" c="dimmed">
                {c.motivoStatus}
              </Text>
            )}
          </Group>
        </div>
        {podeImprimir && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => void imprimir({ caminho: 'card/print', corpo: { id: c.id } })}>
              Frente (PDF)
            </Button>
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => void imprimir({ caminho: 'card/print/back', corpo: { id: c.id } })}>
              Verso (PDF)
            </Button>
          </Group>
        )}
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Indicador rotulo="Compras com o cartão" valor={formatarInteiro(v.vendas)} />
        <Indicador rotulo="Valor comprado" valor={formatarBRL(v.valorVendas)} />
        <Indicador rotulo="Cashback acumulado" valor={formatarBRL(v.cashback)} />
        <Indicador rotulo="Pontos acumulados" valor={formatarInteiro(v.pontos)} />
      </SimpleGrid>

      <Card withBorder padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          <Dado rotulo="Cliente">{c.clienteId ? c.clienteNome : c.status === 'VALE_PRESENTE' ? 'Nenhum: cartão ao portador de um vale-presente' : 'Sem cliente (disponível para vincular)'}</Dado>
          {c.valePresenteId !== null && (
            <Dado rotulo="Vale-presente">
              {c.valePresenteCancelado ? 'Cancelado: o cartão fica inutilizado' : 'Suporte do vale (não vira cartão fidelidade)'}
              {can(usuario, PODE_GERENCIAR_VALE_PRESENTE) && (
                <>
                  {' · '}
                  <Anchor component={Link} to={`/app/cartoes/vales-presente?codigo=${c.numero}`}>
                    Ver o vale
                  </Anchor>
                </>
              )}
            </Dado>
          )}
          <Dado rotulo="Filial">{c.filialNome ?? '—'}</Dado>
          <Dado rotulo="Emitido em">
            {formatarData(c.emitidoEm)}
            {c.emitidoPorNome ? ` por ${c.emitidoPorNome}` : ''}
          </Dado>
          <Dado rotulo="Vinculado em">{c.vinculadoEm ? `${formatarData(c.vinculadoEm)}${v.diasEmUso !== null ? ` (${v.diasEmUso} dias em uso)` : ''}` : '—'}</Dado>
          <Dado rotulo="Bloqueado em">{c.bloqueadoEm ? formatarDataHora(c.bloqueadoEm) : '—'}</Dado>
          <Dado rotulo="Primeiro e último uso">{v.primeiroUso ? `${formatarData(v.primeiroUso)} — ${formatarData(v.ultimoUso)}` : 'Ainda não usado'}</Dado>
          <Dado rotulo="Impressões">{v.impressoes === 0 ? 'Nunca impresso' : `${v.impressoes} ${v.impressoes === 1 ? 'vez' : 'vezes'}`}</Dado>
          {c.substituidoPorId && (
            <Dado rotulo="Substituído por">
              <Anchor component={Link} to={`/app/cartoes/${c.substituidoPorId}`}>
                {formatarNumeroCartao(c.substituidoPorNumero)}
              </Anchor>
            </Dado>
          )}
          {c.substituiId && (
            <Dado rotulo="Substitui o cartão">
              <Anchor component={Link} to={`/app/cartoes/${c.substituiId}`}>
                {formatarNumeroCartao(c.substituiNumero)}
              </Anchor>
            </Dado>
          )}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
