import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatarDataHora } from '../../lib/format';
import { useAlertaMonitoramento } from './api';

/** The banner of every system-administrator screen (app/shell/alerta-whatsapp-admin.tsx): the latest monitoring run found something down. */
export function AlertaMonitoramento() {
  const { data } = useAlertaMonitoramento();
  if (!data) return null;
  return (
    <Alert color={data.falhas ? 'red' : 'orange'} icon={<IconAlertTriangle size={18} />} title="WhatsApp com problema">
      O monitoramento de {formatarDataHora(data.em)} encontrou {data.falhas} falha(s) e {data.alertas} alerta(s).{' '}
      <Anchor component={Link} to={`/app/sistema/monitoramento/detalhes/${data.execucaoId}`} size="sm">
        Ver detalhes
      </Anchor>
    </Alert>
  );
}
