import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { CepAdapter } from './cep/cep.js';
import { cepHttp } from './cep/cep-http.js';
import { cepSandbox } from './cep/cep-sandbox.js';
import type { EmailAdapter } from './email/email.js';
import { emailSmtp } from './email/email-smtp.js';
import { emailCaixaDeSaida } from './email/email-caixa.js';
import { emailArquivo } from './email/email-arquivo.js';
import type { WhatsappGateway } from './whatsapp/gateway.js';
import { whatsappEvolution } from './whatsapp/whatsapp-evolution.js';
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
  /** The Evolution API v2 client; each call names the server (base URL and key) it goes to. */
  whatsappEvolution: WhatsappGateway;
};

/** The gateway that answers for a server of this type (docs/areas/mensageria.md "Gateways"). */
export function gatewayDo(a: Pick<Adaptadores, 'whatsappSandbox' | 'whatsappEvolution'>, tipo: TipoGateway): WhatsappGateway {
  return tipo === 'evolution' ? a.whatsappEvolution : a.whatsappSandbox;
}

export function criarAdaptadores(config: Config, db: Db): Adaptadores {
  const sandbox = whatsappSandbox(db, {
    atrasoMs: config.whatsapp.sandbox.atrasoMs,
    taxaFalha: config.whatsapp.sandbox.taxaFalha,
    // With jobs run by hand (tests), webhook calls wait for `entregarPendentes()` too: deterministic.
    automatico: config.tarefas.modo === 'pgboss',
  });
  const evolution = whatsappEvolution({ timeoutMs: config.whatsapp.timeoutMs });
  return {
    cep: config.cep.provider === 'sandbox' ? cepSandbox() : cepHttp(config.cep.baseUrl, config.cep.timeoutMs),
    email: config.smtp.url
      ? emailSmtp(config.smtp.url, config.smtp.from)
      : config.smtp.pastaSandbox
        ? emailArquivo(config.smtp.pastaSandbox)
        : emailCaixaDeSaida(),
    whatsapp: gatewayDo({ whatsappSandbox: sandbox, whatsappEvolution: evolution }, config.whatsapp.gateway),
    whatsappSandbox: sandbox,
    whatsappEvolution: evolution,
  };
}
