import { useState } from 'react';
import { Anchor, Stack, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatarNumeroCartao } from '@bonifica/contracts';
import { formatarData } from '../../../lib/format';
import { useCartoesCliente } from '../ficha-api';
import { EstadoConsulta, PaginacaoConsulta } from '../../../components/estado-consulta';
import { BadgeStatusCartao } from '../../../components/badges-situacao';
import { TabelaSimples } from '../../../components/tabela-simples';

/** The customer's cards, newest first, each linking to the card's own page. */
export function SecaoCartoes({ clienteId }: { clienteId: number }) {
  const [pagina, setPagina] = useState(0);
  const consulta = useCartoesCliente(clienteId, pagina);
  const cartoes = consulta.data?.content ?? [];
  return (
    <EstadoConsulta titulo="Cartões" consulta={consulta} vazio={cartoes.length === 0} mensagemVazia="Nenhum cartão vinculado a este cliente.">
      <Stack gap="sm">
        <TabelaSimples minWidth={300} realcarLinha colunas={[{ titulo: 'Número' }, { titulo: 'Situação' }, { titulo: 'Vinculado em', visibleFrom: 'sm' }]}>
          {cartoes.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/app/cartoes/${c.id}`}>
                  {formatarNumeroCartao(c.numero)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <BadgeStatusCartao status={c.status} />
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatarData(c.vinculadoEm ?? c.emitidoEm)}</Table.Td>
            </Table.Tr>
          ))}
        </TabelaSimples>
        <PaginacaoConsulta total={consulta.data?.totalPages ?? 0} pagina={pagina} aoMudar={setPagina} />
      </Stack>
    </EstadoConsulta>
  );
}
