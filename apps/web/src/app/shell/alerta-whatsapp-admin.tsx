import { PERMISSOES } from '@bonifica/contracts';
import { AlertaMonitoramento } from '../../features/whatsapp-admin/alerta-monitoramento';
import { can } from '../../lib/access';
import { useUsuarioLogado } from '../session/usuario';

/**
 * "WhatsApp com problema" on every screen of the system administrator (docs/areas/mensageria.md
 * "Monitoramento"): mounted once in the layout, so navigating does not ask again — one light call
 * (`monitoramento/alerta`, the latest finished run) when the layout opens and once a minute after.
 */
export function AlertaWhatsappAdmin() {
  const usuario = useUsuarioLogado();
  if (!usuario || usuario.empresaId !== null || !can(usuario, [PERMISSOES.admin])) return null;
  return <AlertaMonitoramento />;
}
