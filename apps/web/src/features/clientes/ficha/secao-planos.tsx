import { useState } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import { ROTULOS_PERIODICIDADE } from '@bonifica/contracts';
import { formatarBRL, formatarData } from '../../../lib/format';
import { useFormasPagamento, usePlanosCliente } from '../ficha-api';
import { EstadoConsulta, PaginacaoConsulta } from '../../../components/estado-consulta';
import { BadgeSituacaoPlano } from '../../../components/badges-situacao';
import { TabelaSimples } from '../../../components/tabela-simples';

/** What the customer pays now: one line per VIGENTE plan (billing of plans comes in a later issue). */
function FormasPagamento({ clienteId }: { clienteId: number }) {
  const consulta = useFormasPagamento(clienteId);
  const formas = consulta.data ?? [];
  return (
    <Stack gap="xs">
      <Title order={4}>Cobranças ativas</Title>
      <EstadoConsulta titulo="Cobranças ativas" consulta={consulta} vazio={formas.length === 0} mensagemVazia="Nenhum plano vigente: nada a cobrar deste cliente.">
        <Stack gap={4}>
          {formas.map((f) => (
            <Text key={f.clientePlanoId} size="sm">
              {f.planoNome}: {formatarBRL(f.valor)} ({ROTULOS_PERIODICIDADE[f.periodicidade as keyof typeof ROTULOS_PERIODICIDADE]?.toLowerCase() ?? f.periodicidade}), próximo vencimento em {formatarData(f.proximoVencimento)}. Meio de
              pagamento: a definir com a cobrança de planos.
            </Text>
          ))}
        </Stack>
      </EstadoConsulta>
    </Stack>
  );
}

/** The customer's plan contracts, newest first. */
export function SecaoPlanos({ clienteId }: { clienteId: number }) {
  const [pagina, setPagina] = useState(0);
  const consulta = usePlanosCliente(clienteId, pagina, true);
  const contratos = consulta.data?.content ?? [];
  return (
    <Stack gap="lg">
      <EstadoConsulta titulo="Planos" consulta={consulta} vazio={contratos.length === 0} mensagemVazia="Este cliente não contratou nenhum plano.">
        <Stack gap="sm">
          <TabelaSimples minWidth={300} colunas={[{ titulo: 'Plano' }, { titulo: 'Preço', ta: 'right' }, { titulo: 'Período', visibleFrom: 'sm' }, { titulo: 'Situação' }]}>
            {contratos.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {c.planoNome}
                  <Text size="xs" c="dimmed">
                    {ROTULOS_PERIODICIDADE[c.periodicidade]}
                    <Text span size="xs" hiddenFrom="sm">
                      {' '}
                      · {formatarData(c.inicio)} a {formatarData(c.fim)}
                    </Text>
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatarBRL(c.preco)}</Table.Td>
                <Table.Td visibleFrom="sm">
                  {formatarData(c.inicio)} a {formatarData(c.fim)}
                </Table.Td>
                <Table.Td>
                  <BadgeSituacaoPlano situacao={c.situacao} />
                </Table.Td>
              </Table.Tr>
            ))}
          </TabelaSimples>
          <PaginacaoConsulta total={consulta.data?.totalPages ?? 0} pagina={pagina} aoMudar={setPagina} />
        </Stack>
      </EstadoConsulta>
      <FormasPagamento clienteId={clienteId} />
    </Stack>
  );
}
