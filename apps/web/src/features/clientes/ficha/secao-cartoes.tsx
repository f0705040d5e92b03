import { useState } from 'react';
import { Anchor, Badge, Stack, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatarNumeroCartao, ROTULOS_STATUS_CARTAO, type StatusCartao } from '@bonifica/contracts';
import { formatarData } from '../../../lib/format';
import { useCartoesCliente } from '../ficha-api';
import { EstadoSecao, PaginacaoSecao } from './estado-secao';

// The same colours as Cartões › Lista (features do not import each other).
const COR: Record<StatusCartao, string> = { DISPONIVEL: 'blue', ATIVO: 'teal', BLOQUEADO: 'red', SUBSTITUIDO: 'gray' };

/** The customer's cards, newest first, each linking to the card's own page. */
export function SecaoCartoes({ clienteId }: { clienteId: number }) {
  const [pagina, setPagina] = useState(0);
  const consulta = useCartoesCliente(clienteId, pagina);
  const cartoes = consulta.data?.content ?? [];
  return (
    <EstadoSecao titulo="Cartões" consulta={consulta} vazio={cartoes.length === 0} mensagemVazia="Nenhum cartão vinculado a este cliente.">
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={420}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Número</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Vinculado em</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cartoes.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td ff="monospace">
                    <Anchor component={Link} to={`/app/cartoes/${c.id}`}>
                      {formatarNumeroCartao(c.numero)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={COR[c.status]}>
                      {ROTULOS_STATUS_CARTAO[c.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatarData(c.vinculadoEm ?? c.emitidoEm)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PaginacaoSecao total={consulta.data?.totalPages ?? 0} pagina={pagina} aoMudar={setPagina} />
      </Stack>
    </EstadoSecao>
  );
}
