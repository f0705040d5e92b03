import type { FastifyInstance } from 'fastify';
import { MENSAGEM_GATEWAY_FALHOU, type TipoGateway } from '@bonifica/contracts';
import { FalhaGateway, type ServidorGateway, type WhatsappGateway } from '../../adapters/whatsapp/gateway.js';
import { gatewayDo as gatewayDoTipo } from '../../adapters/index.js';
import { ErroApi } from '../../lib/erros.js';

/** The gateway that talks to servers of this type (adapters/index.ts); an unwired type fails as INDISPONIVEL. */
export function gatewayDo(app: FastifyInstance, tipo: TipoGateway): WhatsappGateway {
  return gatewayDoTipo(app.adaptadores, tipo);
}

export function enderecoDo(s: { baseUrl: string; chave: string }): ServidorGateway {
  return { baseUrl: s.baseUrl, chave: s.chave };
}

/** A gateway failure as the user reads it (pt-BR, no stack): 502, the gateway is the one who failed. */
export function erroDoGateway(e: unknown): ErroApi {
  if (e instanceof ErroApi) return e;
  if (e instanceof FalhaGateway) return new ErroApi(502, `${MENSAGEM_GATEWAY_FALHOU} (${descreverFalha(e)})`);
  return new ErroApi(502, MENSAGEM_GATEWAY_FALHOU);
}

export function descreverFalha(e: unknown): string {
  if (e instanceof FalhaGateway) {
    const motivos: Record<FalhaGateway['motivo'], string> = {
      TEMPO_ESGOTADO: 'tempo esgotado',
      NAO_AUTORIZADO: 'chave recusada',
      INSTANCIA_INEXISTENTE: 'instância inexistente no servidor',
      INSTANCIA_DESCONECTADA: 'instância desconectada',
      NUMERO_INVALIDO: 'número inválido',
      LIMITE: 'limite do servidor',
      INDISPONIVEL: 'servidor indisponível',
      RECUSADO: 'pedido recusado',
    };
    return motivos[e.motivo];
  }
  return 'erro inesperado';
}

/** Runs a gateway call, turning its failure into the reply's error. */
export async function chamarGateway<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw erroDoGateway(e);
  }
}
