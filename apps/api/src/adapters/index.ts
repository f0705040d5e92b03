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

/** One WhatsApp gateway per server type: each server row says which one talks to it. */
export type GatewaysWhatsapp = Partial<Record<'evolution' | 'sandbox', WhatsappGateway>>;

export type Adaptadores = { cep: CepAdapter; email: EmailAdapter; whatsapp: GatewaysWhatsapp };

export function criarAdaptadores(config: Config, _db: Db): Adaptadores {
  return {
    cep: config.cep.provider === 'sandbox' ? cepSandbox() : cepHttp(config.cep.baseUrl, config.cep.timeoutMs),
    email: config.smtp.url
      ? emailSmtp(config.smtp.url, config.smtp.from)
      : config.smtp.pastaSandbox
        ? emailArquivo(config.smtp.pastaSandbox)
        : emailCaixaDeSaida(),
    whatsapp: {},
  };
}
