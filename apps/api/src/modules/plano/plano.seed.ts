import { and, eq, inArray } from 'drizzle-orm';
import { hojeISO } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, clientePlano, conta, plano, usuario } from '../../db/schema/index.js';
import { contaCliente } from '../account/index.js';
import { fimDoPeriodo, somarDias } from './periodo.js';

/**
 * Demo plans (docs/areas/planos.md): two monthly clubs, three contracts — two in force, one
 * cancelled — and one blocked cashback account. Runs after the demo sales, so their history keeps
 * the programme's 5%; from today on the club members accrue at their plan's rate.
 */
export async function semearPlanos(tx: Executor, empresaId: number): Promise<void> {
  const [ouro, prata] = await tx
    .insert(plano)
    .values([
      {
        empresaId,
        nome: 'Clube Ouro',
        descricao: '10% de cashback em todas as compras enquanto a assinatura estiver em dia.',
        precoCentavos: 2_990,
        periodicidade: 'MENSAL' as const,
        cashbackPercentualBp: 1_000,
      },
      {
        empresaId,
        nome: 'Clube Prata',
        descricao: '7% de cashback nas compras, para quem compra toda semana.',
        precoCentavos: 1_490,
        periodicidade: 'MENSAL' as const,
        cashbackPercentualBp: 700,
      },
    ])
    .returning({ id: plano.id, precoCentavos: plano.precoCentavos });
  const nomes = ['Ana Beatriz Gonçalves', 'Camila Oliveira Rocha', 'Thiago Mendonça Pires', 'Letícia Albuquerque Santos'];
  const clientes = await tx
    .select({ id: cliente.id, nome: cliente.nome })
    .from(cliente)
    .where(and(eq(cliente.empresaId, empresaId), inArray(cliente.nome, nomes)));
  const id = (nome: string) => clientes.find((c) => c.nome === nome)!.id;
  const [gerente] = await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.username, 'gerente')).limit(1);
  const hoje = hojeISO();
  const contrato = (clienteId: number, p: { id: number; precoCentavos: number }, diasAtras: number) => {
    const inicio = somarDias(hoje, -diasAtras);
    return {
      empresaId,
      clienteId,
      planoId: p.id,
      precoCentavos: p.precoCentavos,
      inicio,
      fim: fimDoPeriodo(inicio, 'MENSAL'),
      filialId: empresaId,
      usuarioId: gerente?.id ?? null,
      criadoEm: new Date(`${inicio}T13:00:00Z`),
    };
  };
  await tx.insert(clientePlano).values([
    contrato(id('Ana Beatriz Gonçalves'), ouro!, 10),
    contrato(id('Camila Oliveira Rocha'), prata!, 20),
    {
      ...contrato(id('Thiago Mendonça Pires'), prata!, 75),
      status: 'CANCELADO' as const,
      canceladoEm: new Date(`${somarDias(hoje, -50)}T15:30:00Z`),
      canceladoPorId: gerente?.id ?? null,
      motivoCancelamento: 'Cliente pediu o cancelamento pelo WhatsApp.',
    },
  ]);
  const contaId = await contaCliente(tx, empresaId, id('Letícia Albuquerque Santos'), 'CASHBACK');
  await tx
    .update(conta)
    .set({ bloqueada: true, motivoBloqueio: 'Suspeita de fraude: resgates seguidos em lojas diferentes no mesmo dia.', bloqueadaEm: new Date(`${somarDias(hoje, -3)}T18:20:00Z`) })
    .where(eq(conta.id, contaId));
}
