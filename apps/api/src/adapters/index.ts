import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { CepAdapter } from './cep/cep.js';
import { cepHttp } from './cep/cep-http.js';
import { cepSandbox } from './cep/cep-sandbox.js';
import type { EmailAdapter } from './email/email.js';
import { emailSmtp } from './email/email-smtp.js';
import { emailCaixaDeSaida } from './email/email-caixa.js';
import { emailArquivo } from './email/email-arquivo.js';
import { FalhaGateway, type WhatsappGateway } from './whatsapp/gateway.js';
import { whatsappSandbox, type WhatsappSandbox } from './whatsapp/whatsapp-sandbox.js';

export type TipoGateway = 'sandbox' | 'evolution';

export type Adaptadores = {
  cep: CepAdapter;
  email: EmailAdapter;
  /**
   * The gateway of WHATSAPP_GATEWAY (default: sandbox). A registered server carries its own type
   * (`servidor_whatsapp.tipo`): calls to it go through `gatewayDo(app.adaptadores, servidor.tipo)`.
   */
  whatsapp: WhatsappGateway;
  /** The sandbox itself: `simularLeitura`, `simularRecebida`, `mensagens` for a development route and tests. */
  whatsappSandbox: WhatsappSandbox;
  /** The Evolution API v2 client (null until it is wired). */
  whatsappEvolution: WhatsappGateway | null;
};

/** The gateway that answers for a server of this type (docs/areas/mensageria.md "Gateways"). */
export function gatewayDo(a: Pick<Adaptadores, 'whatsappSandbox' | 'whatsappEvolution'>, tipo: TipoGateway): WhatsappGateway {
  if (tipo === 'sandbox') return a.whatsappSandbox;
  if (!a.whatsappEvolution) throw new FalhaGateway('INDISPONIVEL', 'Cliente Evolution não configurado.', false);
  return a.whatsappEvolution;
}

export function criarAdaptadores(config: Config, db: Db): Adaptadores {
  const sandbox = whatsappSandbox(db, {
    atrasoMs: config.whatsapp.sandbox.atrasoMs,
    taxaFalha: config.whatsapp.sandbox.taxaFalha,
    // With jobs run by hand (tests), webhook calls wait for `entregarPendentes()` too: deterministic.
    automatico: config.tarefas.modo === 'pgboss',
  });
  const evolution: WhatsappGateway | null = null;
  return {
    cep: config.cep.provider === 'sandbox' ? cepSandbox() : cepHttp(config.cep.baseUrl, config.cep.timeoutMs),
    email: config.smtp.url
      ? emailSmtp(config.smtp.url, config.smtp.from)
      : config.smtp.pastaSandbox
        ? emailArquivo(config.smtp.pastaSandbox)
        : emailCaixaDeSaida(),
    whatsapp: gatewayDo({ whatsappSandbox: sandbox, whatsappEvolution: evolution }, config.whatsapp.gateway === 'evolution' && evolution ? 'evolution' : 'sandbox'),
    whatsappSandbox: sandbox,
    whatsappEvolution: evolution,
  };
}
