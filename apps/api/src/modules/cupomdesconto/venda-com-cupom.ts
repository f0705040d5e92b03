import type { FastifyRequest } from 'fastify';
import { centavosParaReais, type ResultadoVenda } from '@bonifica/contracts';
import { erro } from '../../lib/erros.js';
import { comIdempotencia } from '../../lib/idempotencia.js';
import { transacaoDoUsuario } from '../../lib/tenant.js';
import { registrarVenda, saldosWire, type NovaVenda } from '../transacao/index.js';
import { beneficioDoCupom, encontrarCupom, registrarUso, verificarCupom } from './uso.js';

/**
 * A counter sale with a coupon (POST transacao/venda with `cupom`; docs/areas/cupons.md). It leaves
 * the sales batcher: the coupon's rows are locked first (uso.ts), then the sale is written for what
 * the customer pays — the sale's value less the discount, on which cashback accrues — and the use
 * with it, one transaction. The Idempotency-Key is honoured as for any sale.
 */
export async function venderComCupom(request: FastifyRequest, v: NovaVenda, codigo: string): Promise<ResultadoVenda> {
  return transacaoDoUsuario(request, (tx) =>
    comIdempotencia<ResultadoVenda>(tx, request, v.empresaId, async () => {
      const e = await encontrarCupom(tx, v.empresaId, codigo, true);
      await verificarCupom(tx, e, { clienteId: v.clienteId, filialId: v.filialId, valorCentavos: v.valorCentavos });
      const u = { empresaId: v.empresaId, clienteId: v.clienteId, filialId: v.filialId, usuarioId: v.usuarioId, valorBrutoCentavos: v.valorCentavos };
      const { desconto } = beneficioDoCupom(e.campanha, v.valorCentavos);
      const aPagar = v.valorCentavos - desconto;
      if (v.resgateCentavos > aPagar) throw erro.requisicao('O resgate não pode ser maior que o valor a pagar com o desconto do cupom.');
      const r = await registrarVenda(tx, { ...v, valorCentavos: aPagar });
      const { bonus } = await registrarUso(tx, e, { ...u, transacaoId: r.transacaoId });
      return {
        transacaoId: r.transacaoId,
        cashback: centavosParaReais(r.cashbackCentavos + bonus),
        pontos: r.pontos,
        resgate: centavosParaReais(r.resgateCentavos),
        saldos: saldosWire({ ...r.saldos, CASHBACK: r.saldos.CASHBACK + bonus }),
        contasBloqueadas: r.contasBloqueadas,
        cupom: { cupomId: e.campanha.id, nome: e.campanha.nome, codigo: e.texto, desconto: centavosParaReais(desconto), bonus: centavosParaReais(bonus), valorAPagar: centavosParaReais(aPagar) },
      };
    }),
  );
}
