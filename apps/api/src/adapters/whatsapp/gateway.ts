/**
 * The WhatsApp gateway adapter (issue 14 §1): what Bonifica needs from a gateway server, whatever runs
 * it. Two implementations: `whatsapp-evolution.ts` (Evolution API v2 over HTTP, the gateway Brazilian
 * companies run) and `whatsapp-sandbox.ts` (the default without a real server: pairing, sending and
 * acks happen offline and are visible).
 *
 * A gateway server hosts many instances (one WhatsApp number each). Every call names the server it
 * goes to, because the platform runs several servers and moves instances between them.
 */

/** Where a gateway server answers and the global key it expects (Evolution: the `apikey` header). */
export type ServidorGateway = { baseUrl: string; chave: string };

/** Connection state of an instance, as the gateway reports it. */
export type EstadoConexao = 'CONECTADA' | 'CONECTANDO' | 'DESCONECTADA';

/** What pairing needs on screen: a QR code (PNG data URL) and/or a pairing code typed on the phone. */
export type Pareamento = { qrCode: string | null; codigoPareamento: string | null };

/** Fate of a sent message as the gateway knows it (used to reconcile after a worker crash). */
export type SituacaoMensagem = 'DESCONHECIDA' | 'PENDENTE' | 'ENVIADA' | 'ENTREGUE' | 'LIDA' | 'FALHOU';

export type Midia = {
  tipo: 'imagem' | 'video' | 'documento' | 'audio';
  /** An https URL the gateway downloads, or base64 without the data: prefix. */
  conteudo: string;
  mimetype: string;
  nomeArquivo: string;
};

export type EnvioMensagem = {
  /** Destination number, digits only with country code (5511987654321). */
  para: string;
  texto: string;
  midia?: Midia;
  /**
   * Bonifica's own id of the message (outbox row). The gateway keeps it beside its own id so that,
   * after a worker crash between handing a message over and recording the gateway's id, `situacao`
   * can still answer by the local id (docs/decisions/029). Evolution has no such field: its client
   * answers DESCONHECIDA for a local id and the message goes to review.
   */
  idLocal?: string;
};

/**
 * Why a call failed. `repetivel` says whether trying again later may work (timeouts, 5xx, instance
 * reconnecting) or never will without a person (401, number not on WhatsApp, instance deleted).
 */
export type MotivoFalha =
  | 'TEMPO_ESGOTADO'
  | 'NAO_AUTORIZADO'
  | 'INSTANCIA_INEXISTENTE'
  | 'INSTANCIA_DESCONECTADA'
  | 'NUMERO_INVALIDO'
  | 'LIMITE'
  | 'INDISPONIVEL'
  | 'RECUSADO';

export class FalhaGateway extends Error {
  constructor(
    readonly motivo: MotivoFalha,
    mensagem: string,
    readonly repetivel: boolean,
    readonly status?: number,
  ) {
    super(mensagem);
    this.name = 'FalhaGateway';
  }
}

/** Events a gateway pushes (webhook), already normalised. Unknown events are `null` from `interpretarWebhook`. */
export type EventoGateway =
  | { tipo: 'QRCODE'; instancia: string; qrCode: string | null; codigoPareamento: string | null }
  | { tipo: 'CONEXAO'; instancia: string; estado: EstadoConexao; numero: string | null }
  | { tipo: 'MENSAGEM_RECEBIDA'; instancia: string; de: string; texto: string; idGateway: string; em: Date }
  | { tipo: 'SITUACAO_MENSAGEM'; instancia: string; idGateway: string; situacao: SituacaoMensagem; em: Date };

export type WhatsappGateway = {
  readonly tipo: 'evolution' | 'sandbox';
  /** Creates the instance on the server and points its webhook at `webhookUrl`. */
  criarInstancia(servidor: ServidorGateway, instancia: string, webhookUrl: string): Promise<void>;
  /** Starts pairing; with `numero` the gateway also returns a pairing code. */
  conectar(servidor: ServidorGateway, instancia: string, numero?: string): Promise<Pareamento>;
  estado(servidor: ServidorGateway, instancia: string): Promise<EstadoConexao>;
  reiniciar(servidor: ServidorGateway, instancia: string): Promise<void>;
  desconectar(servidor: ServidorGateway, instancia: string): Promise<void>;
  excluir(servidor: ServidorGateway, instancia: string): Promise<void>;
  /** Hands one message over; returns the gateway's id of it (the key acks and reconciliation use). */
  enviar(servidor: ServidorGateway, instancia: string, mensagem: EnvioMensagem): Promise<{ idGateway: string }>;
  verificarNumeros(servidor: ServidorGateway, instancia: string, numeros: string[]): Promise<{ numero: string; existe: boolean }[]>;
  /**
   * What the gateway knows of a message it was handed (DESCONHECIDA when it has no record of it).
   * `id` is the gateway's id or, when that never reached the outbox, the `idLocal` sent with the message.
   */
  situacao(servidor: ServidorGateway, instancia: string, idGateway: string): Promise<SituacaoMensagem>;
  /** Normalises a webhook body (already authenticated by the route); null for events we ignore. */
  interpretarWebhook(corpo: unknown): EventoGateway | null;
};
