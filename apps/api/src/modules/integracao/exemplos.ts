/**
 * Examples in pt-BR for the OpenAPI of the integration API (docs/integracao.md has the same). In the
 * description, not as response schemas: those would make Fastify serialize every reply through them.
 */
const json = (v: unknown) => `\n\n\`\`\`json\n${JSON.stringify(v, null, 2)}\n\`\`\``;
const envelope = (result: unknown) => ({ hasError: false, messageError: null, result, results: null });

const ERROS =
  '\n\nErros: 400 entrada inválida ou sem `Idempotency-Key`; 401 token ausente, inválido, revogado ou vencido; 403 token sem o escopo; 404 não encontrado; 409 mesma chave com outro corpo; 429 limite de chamadas do token (veja `Retry-After`).';

export const exemplos = {
  cliente: {
    description: `Exemplo: \`GET /services/integracao/v1/clientes?cpf=529.982.247-25\` com \`Authorization: Bearer bnf_…\`. Resposta:${json(
      envelope({ id: 42, nome: 'Maria da Silva', status: 'ATIVO', saldos: { CASHBACK: 12.5, PONTOS: 340 } }),
    )}${ERROS}`,
  },
  venda: {
    description: `Mesma validação, razão e lotes do terminal. Resgate exige também o escopo \`resgates:lancar\`. Exemplo de corpo, com \`Idempotency-Key: cupom-000123\`:${json({
      clienteId: 42,
      valor: 150,
      resgate: 10,
    })}\nResposta:${json(envelope({ transacaoId: 9001, cashback: 7, pontos: 140, resgate: 10, saldos: { CASHBACK: 9.5, PONTOS: 480 }, contasBloqueadas: [] }))}${ERROS}`,
  },
  cancelamento: {
    description: `Estorna o cashback e os pontos da venda e devolve o resgate. Exemplo de corpo, com \`Idempotency-Key: cancela-000123\`:${json({
      motivo: 'Cupom cancelado no PDV',
    })}\nResposta:${json(envelope({ transacaoId: 9001, estornoLancamentoId: 5123, saldos: { CASHBACK: 12.5, PONTOS: 340 } }))}${ERROS}`,
  },
};

/** The partner store's routes (token of a partner, scope `parceiro:resgatar`). */
export const exemplosParceiro = {
  cliente: {
    description: `Só para o token de um parceiro da rede credenciada (escopo \`parceiro:resgatar\`). Exemplo: \`GET /services/integracao/v1/parceiro/clientes?cpf=529.982.247-25\`. Mostra só o nome e o saldo disponível agora nos saldos que o parceiro aceita:${json(
      envelope({ id: 42, nome: 'Maria da Silva', disponivel: { CASHBACK: 12.5 } }),
    )}${ERROS}`,
  },
  resgate: {
    description: `Lança um resgate do saldo do cliente no parceiro do token, com as regras do parceiro (ativo, saldo aceito, resgate máximo por venda em reais para o cashback). \`valor\` em reais para CASHBACK e em pontos inteiros para PONTOS; \`documento\` é o nº do cupom ou pedido do parceiro (um resgate vivo por documento). Exemplo de corpo, com \`Idempotency-Key: parceiro-cupom-4471\`:${json({
      clienteId: 42,
      unidade: 'CASHBACK',
      valor: 10,
      documento: '4471',
    })}\nResposta:${json(
      envelope({
        resgate: { id: 315, redeCredenciadaId: 3, clienteId: 42, clienteNome: 'Maria da Silva', unidade: 'CASHBACK', valor: 10, documento: '4471', situacao: 'LANCADO', lancamentoId: 8812 },
        saldoDisponivel: 2.5,
      }),
    )}\nRecusas (409): "Saldo insuficiente para esta operação.", "O resgate máximo por venda em Ótica Central é R$ 50,00.", "Ótica Central não aceita este saldo: aceita só cashback.", conta bloqueada, saldo em carência (com a data de liberação).${ERROS}`,
  },
  cancelamento: {
    description: `Estorna um resgate deste parceiro: o saldo volta ao cliente uma única vez (uma segunda chamada com outra chave responde 409 "Este resgate já foi estornado."). Exemplo de corpo, com \`Idempotency-Key: cancela-4471\`:${json({
      motivo: 'Compra devolvida na loja',
    })}${ERROS}`,
  },
};
