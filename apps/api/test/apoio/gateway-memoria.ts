import { FalhaGateway, type EstadoConexao, type EventoGateway, type WhatsappGateway } from '../../src/adapters/whatsapp/gateway.js';

/**
 * A gateway kept in memory for the API tests that need to steer it (an unreachable server, a lost
 * instance). Its webhook format is the normalised event itself; `fora` makes every call fail.
 */
export function gatewayMemoria() {
  const instancias = new Map<string, { estado: EstadoConexao; webhook: string }>();
  const g: WhatsappGateway & { instancias: typeof instancias; fora: Set<string>; chamadas: string[] } = {
    tipo: 'sandbox',
    instancias,
    fora: new Set(),
    chamadas: [],
    async criarInstancia(s, nome, webhookUrl) {
      checar(s.baseUrl, 'criar');
      instancias.set(`${s.baseUrl}|${nome}`, { estado: 'DESCONECTADA', webhook: webhookUrl });
    },
    async conectar(s, nome) {
      const i = pegar(s.baseUrl, nome, 'conectar');
      i.estado = 'CONECTANDO';
      return { qrCode: `data:image/png;base64,QR-${nome}`, codigoPareamento: null };
    },
    async estado(s, nome) {
      return pegar(s.baseUrl, nome, 'estado').estado;
    },
    async reiniciar(s, nome) {
      pegar(s.baseUrl, nome, 'reiniciar');
    },
    async desconectar(s, nome) {
      pegar(s.baseUrl, nome, 'desconectar').estado = 'DESCONECTADA';
    },
    async excluir(s, nome) {
      pegar(s.baseUrl, nome, 'excluir');
      instancias.delete(`${s.baseUrl}|${nome}`);
    },
    async enviar() {
      return { idGateway: `m${Date.now()}` };
    },
    async verificarNumeros(_s, _n, numeros) {
      return numeros.map((numero) => ({ numero, existe: true }));
    },
    async situacao() {
      return 'DESCONHECIDA';
    },
    interpretarWebhook(corpo) {
      const e = corpo as EventoGateway & { em?: string };
      if (!e || typeof e !== 'object' || typeof e.tipo !== 'string') return null;
      return 'em' in e && typeof e.em === 'string' ? ({ ...e, em: new Date(e.em) } as EventoGateway) : e;
    },
  };
  function checar(baseUrl: string, op: string) {
    g.chamadas.push(`${op}@${baseUrl}`);
    if (g.fora.has(baseUrl)) throw new FalhaGateway('TEMPO_ESGOTADO', 'sem resposta', true);
  }
  function pegar(baseUrl: string, nome: string, op: string) {
    checar(baseUrl, op);
    const i = instancias.get(`${baseUrl}|${nome}`);
    if (!i) throw new FalhaGateway('INSTANCIA_INEXISTENTE', 'não existe', false, 404);
    return i;
  }
  return g;
}
