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
