import { Badge } from '@mantine/core';
import type { StatusEmail } from './api';

export const ROTULOS_STATUS_EMAIL: Record<StatusEmail, { rotulo: string; cor: string }> = {
  PENDENTE: { rotulo: 'Pendente', cor: 'yellow' },
  ENVIADO: { rotulo: 'Enviado', cor: 'teal' },
  FALHOU: { rotulo: 'Falhou', cor: 'red' },
};

export function BadgeStatusEmail({ status }: { status: StatusEmail }) {
  const { rotulo, cor } = ROTULOS_STATUS_EMAIL[status];
  return (
    <Badge color={cor} variant="light">
      {rotulo}
    </Badge>
  );
}
