import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { cliente } from '../../src/db/schema/index.js';
import type { AppDeTeste, Cliente } from './app-de-teste.js';
import { linhasDe } from './consultas-sql.js';

/**
 * Customers of the demo network with balance, for the tests of what spends it (prizes, partner
 * redemptions): `contexto` is read at call time, after the file's beforeAll opened the app.
 */
export function apoioDeSaldos(contexto: () => { t: AppDeTeste; gerente: Cliente }, prefixo: string) {
  const linhas = linhasDe(() => contexto().t.banco.db);
  let seq = 0;
  return {
    linhas,
    async novoCliente(extra: { celular?: string | null; documento?: string; email?: string } = {}): Promise<number> {
      const [c] = await contexto()
        .t.banco.db.insert(cliente)
        .values({ empresaId: 1, nome: `${prefixo} ${++seq}`, ...extra })
        .returning({ id: cliente.id });
      return c!.id;
    },
    /** A manual credit (account/lancamento/ajuste) by the manager: a balanced posting, as in production. */
    async creditar(clienteId: number, unidade: 'CASHBACK' | 'PONTOS', valor: number) {
      const r = await contexto().gerente.post('/services/account/lancamento/ajuste', { clienteId, unidade, valor, motivo: 'Crédito de teste' });
      expect(r.statusCode, r.body).toBe(200);
    },
    /** Centavos or points, as the account row keeps it. */
    async saldo(clienteId: number, unidade: 'CASHBACK' | 'PONTOS'): Promise<number> {
      const [l] = await linhas<{ saldo: string }>(sql`select saldo from conta where cliente_id = ${clienteId} and tipo = ${unidade}`);
      return Number(l?.saldo ?? 0);
    },
  };
}
