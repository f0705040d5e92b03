import { FalhaGateway, type EnvioMensagem, type SituacaoMensagem, type WhatsappGateway } from '../../src/adapters/whatsapp/gateway.js';

/**
 * A recording gateway for the outbox tests that need refusals in a set order (backoff, a call that
 * never returns, a timeout) — the sandbox fails at a random rate. Keeps every message it was handed
 * (with the local id) and answers `situacao` from them. Pacing across workers is tested on the sandbox.
 */
export class GatewayDeTeste implements WhatsappGateway {
  readonly tipo = 'sandbox' as const;
  enviadas: { instancia: string; para: string; texto: string; idLocal?: string; idGateway: string; em: number; midia?: EnvioMensagem['midia'] }[] = [];
  /** Next calls to `enviar` throw these, in order (then it accepts again). */
  falhar: FalhaGateway[] = [];
  constructor(private agora: () => Date = () => new Date()) {}

  async enviar(_s: unknown, instancia: string, m: EnvioMensagem) {
    const f = this.falhar.shift();
    if (f) throw f;
    const idGateway = `GW${this.enviadas.length + 1}`;
    this.enviadas.push({ instancia, para: m.para, texto: m.texto, idLocal: m.idLocal, idGateway, em: this.agora().getTime(), ...(m.midia ? { midia: m.midia } : {}) });
    return { idGateway };
  }
  async situacao(_s: unknown, _i: string, id: string): Promise<SituacaoMensagem> {
    return this.enviadas.some((e) => e.idGateway === id || e.idLocal === id) ? 'ENVIADA' : 'DESCONHECIDA';
  }
  async criarInstancia() {}
  async conectar() {
    return { qrCode: null, codigoPareamento: null };
  }
  async estado() {
    return 'CONECTADA' as const;
  }
  async reiniciar() {}
  async desconectar() {}
  async excluir() {}
  async verificarNumeros(_s: unknown, _i: string, numeros: string[]) {
    return numeros.map((numero) => ({ numero, existe: true }));
  }
  interpretarWebhook() {
    return null;
  }
}
