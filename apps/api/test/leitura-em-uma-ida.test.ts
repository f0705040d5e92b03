import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { UsuarioContexto } from '../src/lib/contexto.js';
import { lerEmUmaIda } from '../src/lib/leitura-em-uma-ida.js';
import { criarAppDeTeste, type AppDeTeste } from './apoio/app-de-teste.js';
import { idDoUsuario } from './apoio/consultas.js';

/** The export's page reads (one round-trip on PostgreSQL): bound to the tenant, and leaving nothing behind on the pool. */

let t: AppDeTeste;
let u: UsuarioContexto;

beforeAll(async () => {
  t = await criarAppDeTeste();
  u = { id: await idDoUsuario(t, 'gerente'), nome: '', username: 'gerente', email: null, empresaId: 1, empresaAtualId: 1, perfilId: null, perfilNome: null, permissoes: [], administradorFaturamento: false };
});
afterAll(() => t.fechar());

describe('lerEmUmaIda', () => {
  it('lê como a empresa do usuário, sob RLS; uma leitura que falha é desfeita e a conexão volta limpa ao pool', async () => {
    // More rounds than the pool has connections (5 in tests): every connection goes through a failure.
    for (let i = 0; i < 12; i++) await expect(lerEmUmaIda(t.banco, u, sql`select 1 / ${0} as x`)).rejects.toThrow();
    for (let i = 0; i < 12; i++) {
      const [l] = await lerEmUmaIda<{ empresa: string; papel: string; outras: number }>(
        t.banco,
        u,
        sql`select current_setting('app.empresa_id') as empresa, current_user as papel, (select count(*)::int from cliente where empresa_id <> ${1}) as outras`,
      );
      expect(l).toEqual({ empresa: '1', papel: 'bonifica_app', outras: 0 });
    }
    // Outside it, the pool's connections are back to the app's own role and no company.
    for (let i = 0; i < 12; i++) {
      const r = (await t.banco.db.execute(sql`select current_user as papel, coalesce(current_setting('app.empresa_id', true), '') as empresa`)) as unknown as {
        rows: { papel: string; empresa: string }[];
      };
      expect(r.rows[0]!.papel).not.toBe('bonifica_app');
      expect(r.rows[0]!.empresa).toBe('');
    }
  });

  it('escreve cada valor como literal sem mudar o sentido da consulta: negativos, aspas, barras, $1 e datas', async () => {
    const quando = new Date('2026-03-01T12:34:56.000Z');
    const [l] = await lerEmUmaIda<{ soma: number; texto: string; marca: string; instante: string }>(
      t.banco,
      u,
      sql`select 10 -${-5} as soma, ${"O'Brien \\ $1 --"}::text as texto, ${'$2'}::text as marca, to_char(${quando}::timestamptz at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as instante`,
    );
    expect(l).toEqual({ soma: 15, texto: "O'Brien \\ $1 --", marca: '$2', instante: '2026-03-01 12:34:56' });
  });
});
