import { useState } from 'react';
import { Anchor, Stack, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatarNumeroCartao } from '@bonifica/contracts';
import { formatarData } from '../../../lib/format';
import { useCartoesCliente } from '../ficha-api';
import { EstadoConsulta, PaginacaoConsulta } from '../../../components/estado-consulta';
import { BadgeStatusCartao } from '../../../components/badges-situacao';

/** The customer's cards, newest first, each linking to the card's own page. */
export function SecaoCartoes({ clienteId }: { clienteId: number }) {
  const [pagina, setPagina] = useState(0);
  const consulta = useCartoesCliente(clienteId, pagina);
  const cartoes = consulta.data?.content ?? [];
  return (
    <EstadoConsulta titulo="Cartões" consulta={consulta} vazio={cartoes.length === 0} mensagemVazia="Nenhum cartão vinculado a este cliente.">
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={300}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Número</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th visibleFrom="sm">Vinculado em</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PaginacaoConsulta total={consulta.data?.totalPages ?? 0} pagina={pagina} aoMudar={setPagina} />
      </Stack>
    </EstadoConsulta>
  );
}
