import { Badge } from '@mantine/core';
import type { ExecucaoMonitoramento, SituacaoVerificacao } from '@bonifica/contracts';

const COR: Record<ExecucaoMonitoramento['status'] | SituacaoVerificacao, string> = { EXECUTANDO: 'blue', OK: 'green', ALERTA: 'orange', FALHA: 'red' };
const ROTULO: Record<ExecucaoMonitoramento['status'] | SituacaoVerificacao, string> = { EXECUTANDO: 'Executando', OK: 'OK', ALERTA: 'Alerta', FALHA: 'Falha' };

export function BadgeSituacao({ s }: { s: ExecucaoMonitoramento['status'] | SituacaoVerificacao }) {
  return (
    <Badge color={COR[s]} variant="light">
      {ROTULO[s]}
    </Badge>
  );
}
