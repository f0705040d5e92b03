import { Badge } from '@mantine/core';
import type { StatusCampanha } from '@bonifica/contracts';

export const ROTULO_STATUS: Record<StatusCampanha, string> = {
  RASCUNHO: 'Rascunho',
  AGENDADA: 'Agendada',
  ENVIANDO: 'Enviando',
  PAUSADA: 'Pausada',
  CONCLUIDA: 'Concluída',
  CANCELADA: 'Cancelada',
};

const COR: Record<StatusCampanha, string> = { RASCUNHO: 'gray', AGENDADA: 'indigo', ENVIANDO: 'blue', PAUSADA: 'yellow', CONCLUIDA: 'teal', CANCELADA: 'red' };

export function BadgeStatus({ status }: { status: StatusCampanha }) {
  return (
    <Badge color={COR[status]} variant="light">
      {ROTULO_STATUS[status]}
    </Badge>
  );
}

export const ROTULO_AGENDA = { AGORA: 'Agora', DATA: 'Data e hora', ESPALHADA: 'Espalhada por dias' } as const;
