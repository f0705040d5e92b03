import { MENSAGENS, MENSAGENS_PRODUTO } from '@bonifica/contracts';

/** An expected failure: its message is shown to the user as it is. */
export class ErroApi extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A page for a person (public pages opened in a browser), sent instead of the envelope. */
    readonly html?: string,
  ) {
    super(message);
    this.name = 'ErroApi';
  }
}

export const erro = {
  requisicao: (m: string = MENSAGENS_PRODUTO.dadosInvalidos) => new ErroApi(400, m),
  naoAutenticado: () => new ErroApi(401, MENSAGENS.naoAutenticado),
  proibido: (m: string = MENSAGENS_PRODUTO.acessoNegado) => new ErroApi(403, m),
  naoEncontrado: (m: string = MENSAGENS_PRODUTO.naoEncontrado) => new ErroApi(404, m),
  conflito: (m: string = MENSAGENS_PRODUTO.conflito) => new ErroApi(409, m),
  muitas: (m: string) => new ErroApi(429, m),
  indisponivel: (m: string) => new ErroApi(503, m),
};
