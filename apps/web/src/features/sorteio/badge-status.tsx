import { Badge } from '@mantine/core';
import { ROTULOS_STATUS_SORTEIO, type StatusSorteio } from '@bonifica/contracts';

const COR: Record<StatusSorteio, string> = { RASCUNHO: 'blue', CONGELADO: 'orange', CONCLUIDO: 'teal' };

export function BadgeStatusSorteio({ status }: { status: StatusSorteio }) {
  return (
    <Badge color={COR[status]} variant="light">
      {ROTULOS_STATUS_SORTEIO[status]}
    </Badge>
  );
}
