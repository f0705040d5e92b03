import { useCallback } from 'react';
import { ActionIcon, Badge, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { UsoCupom } from '@bonifica/contracts';
import { confirmarEExecutar } from '../../components/confirmar';
import { ListPage, type FiltroDef } from '../../components/list-page';
import { formatarBRL, formatarDataHora } from '../../lib/format';
import { buscarResgatados, cancelarUso, chavesCupons } from './api';

const COLUNAS: DataTableColumn<UsoCupom>[] = [
  { accessor: 'codigo', title: 'Código', render: (u) => <strong>{u.codigo}</strong> },
  { accessor: 'cupomNome', title: 'Cupom' },
  { accessor: 'clienteNome', title: 'Cliente' },
  { accessor: 'transacaoId', title: 'Venda', textAlign: 'right' },
  { accessor: 'valorBruto', title: 'Venda (bruto)', textAlign: 'right', render: (u) => formatarBRL(u.valorBruto) },
  { accessor: 'desconto', title: 'Desconto', textAlign: 'right', render: (u) => formatarBRL(u.desconto) },
  { accessor: 'bonus', title: 'Bônus', textAlign: 'right', render: (u) => formatarBRL(u.bonus) },
  { accessor: 'criadoEm', title: 'Usado em', render: (u) => formatarDataHora(u.criadoEm) },
  { accessor: 'status', title: 'Situação', render: (u) => <Badge color={u.status === 'USADO' ? 'teal' : 'gray'} variant="light">{u.status === 'USADO' ? 'Usado' : 'Cancelado'}</Badge> },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Código, cupom ou cliente' },
  { nome: 'status', rotulo: 'Situação', tipo: 'selecao', opcoes: [{ value: 'USADO', label: 'Usados' }, { value: 'CANCELADO', label: 'Cancelados' }] },
  { nome: 'de', rotulo: 'De', tipo: 'data' },
  { nome: 'ate', rotulo: 'Até', tipo: 'data' },
];

/** Cupons › Cupons usados: every coupon applied in a sale; cancelling one cancels its sale and gives the use back. */
export function Component() {
  const queryClient = useQueryClient();
  const acoesLinha = useCallback(
    (u: UsoCupom) =>
      u.status === 'USADO' ? (
        <Tooltip label="Cancelar a venda">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Cancelar a venda ${u.transacaoId}`}
            onClick={() =>
              void confirmarEExecutar({
                mensagem: `Cancelar a venda ${u.transacaoId}? O cashback da venda é estornado e o cupom ${u.codigo} volta a valer.`,
                destrutiva: true,
                acao: async () => {
                  await cancelarUso(u.id, 'Cancelamento pelo cupom');
                  await queryClient.invalidateQueries({ queryKey: chavesCupons.todos });
                },
                sucesso: 'Venda cancelada: o uso do cupom foi devolvido.',
              })
            }
          >
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null,
    [queryClient],
  );
  return (
    <ListPage<UsoCupom>
      titulo="Cupons usados"
      descricao="Os cupons aplicados nas vendas do terminal, com o desconto e o bônus de cada um."
      colunas={COLUNAS}
      buscar={buscarResgatados}
      chaveConsulta={chavesCupons.resgatados}
      filtros={FILTROS}
      acoesLinha={acoesLinha}
      mensagemVazia="Nenhum cupom usado ainda."
    />
  );
}
