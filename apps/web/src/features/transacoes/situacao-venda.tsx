import { Badge } from '@mantine/core';
import type { StatusTransacao } from '@bonifica/contracts';

export const ROTULOS_SITUACAO_VENDA: Record<StatusTransacao, string> = { CONFIRMADA: 'Confirmada', CANCELADA: 'Cancelada' };

export function SituacaoVenda({ status }: { status: StatusTransacao }) {
  return (
    <Badge color={status === 'CONFIRMADA' ? 'teal' : 'red'} variant="light">
      {ROTULOS_SITUACAO_VENDA[status]}
    </Badge>
  );
}
