import { sql } from 'drizzle-orm';
import { cpfValido, somenteDigitos } from '@bonifica/contracts';
import type { Db, Executor } from '../../db/client.js';
import { ofertaDoCupom } from './impressao.js';
import { sortearCodigos } from './gerar-codigos.js';
import { enfileirarParaCliente } from '../mensagem/index.js';
import { sqlUsosLivres } from './contador.js';

/** Origin of the consent row and of the WhatsApp message of an online claim. */
export const ORIGEM_CUPOM_ONLINE = 'CUPOM_ONLINE';

type Linhas<T> = { rows: T[] };
const linhas = async <T>(tx: Executor, q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as Linhas<T>).rows;

/** What the public page shows of an online coupon: the offer and the store, nothing of its customers. */
export type CupomPublico = { id: number; empresaId: number; nome: string; loja: string; oferta: string; regras: string[]; aberto: boolean };

export async function buscarCupomPublico(db: Db, token: string): Promise<CupomPublico | null> {
  const [c] = await linhas<{
    id: number;
    empresa_id: number;
    nome: string;
    loja: string;
    beneficio: 'PERCENTUAL' | 'VALOR' | 'BONUS_PERCENTUAL' | 'BONUS_VALOR';
    percentual_bp: number | null;
    valor_centavos: string | null;
    compra_minima_centavos: string;
    data_vencimento: string | null;
    aberto: boolean;
  }>(
    db,
    sql`select c.id, c.empresa_id, c.nome, e.nome_curto as loja, c.beneficio, c.percentual_bp, c.valor_centavos, c.compra_minima_centavos,
          to_char(c.data_vencimento, 'DD/MM/YYYY') as data_vencimento,
          (c.ativo and e.ativa and (c.data_vencimento is null or c.data_vencimento >= (now() at time zone 'America/Sao_Paulo')::date)
            and ${sqlUsosLivres}) as aberto
        from cupom_desconto c join empresa e on e.id = c.empresa_id
        where c.token = ${token} and c.tipo = 'ONLINE'`,
  );
  if (!c) return null;
  const oferta = ofertaDoCupom({ beneficio: c.beneficio, percentual: c.percentual_bp === null ? null : c.percentual_bp / 100, valor: c.valor_centavos === null ? null : Number(c.valor_centavos) / 100 });
  const regras: string[] = [];
  const minimo = Number(c.compra_minima_centavos);
  if (minimo > 0) regras.push(`Compra mínima de ${(minimo / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })}.`);
  if (c.data_vencimento) regras.push(`Válido até ${c.data_vencimento}.`);
  return { id: c.id, empresaId: c.empresa_id, nome: c.nome, loja: c.loja, oferta, regras, aberto: c.aberto };
}

export type Pedido = { identificacao: string; nome: string; consentimento: boolean };
export type RespostaPedido = { ok: true; codigo: string; whatsapp: boolean } | { ok: false; mensagem: string };

/**
 * A customer claims the online coupon with CPF or mobile (docs/areas/cupons.md "Cupom online"):
 * found in the company (or signed up with the name given), the consent recorded in their history
 * (a new row, never an edit), one code of their own — the same code if they ask again — and the code
 * sent by WhatsApp through the outbox. One transaction, as the app's owner on the coupon's company only.
 */
export async function pedirCupom(db: Db, c: CupomPublico, p: Pedido): Promise<RespostaPedido> {
  if (!c.aberto) return { ok: false, mensagem: 'Este cupom não está mais disponível.' };
  if (!p.consentimento) return { ok: false, mensagem: 'Marque a autorização para receber o cupom pelo WhatsApp.' };
  const digitos = somenteDigitos(p.identificacao);
  const cpf = digitos.length === 11 && cpfValido(digitos) ? digitos : null;
  const celular = !cpf && /^[1-9]{2}9\d{8}$/.test(digitos) ? digitos : null;
  if (!cpf && !celular) return { ok: false, mensagem: 'Informe um CPF válido ou um celular com DDD (11 dígitos).' };
  const nome = p.nome.trim().slice(0, 160);
  return db.transaction(async (tx) => {
    const onde = cpf ? sql`documento = ${cpf}` : sql`celular = ${celular}`;
    let [cli] = await linhas<{ id: number; status: string }>(tx, sql`select id, status from cliente where empresa_id = ${c.empresaId} and ${onde} order by id limit 1`);
    if (cli && cli.status !== 'ATIVO') return { ok: false, mensagem: 'Não foi possível gerar o cupom para este cadastro. Procure a loja.' };
    if (!cli) {
      if (nome.length < 2) return { ok: false, mensagem: 'Primeira vez por aqui? Informe também o seu nome.' };
      [cli] = await linhas<{ id: number; status: string }>(
        tx,
        sql`insert into cliente (empresa_id, nome, documento, tipo_documento, celular, celular_whatsapp)
            values (${c.empresaId}, ${nome}, ${cpf}, ${cpf ? 'CPF' : null}, ${celular}, ${celular !== null}) returning id, status`,
      );
    }
    await tx.execute(sql`insert into cliente_consentimento (empresa_id, cliente_id, canal, concedido, origem) values (${c.empresaId}, ${cli!.id}, 'WHATSAPP', true, ${ORIGEM_CUPOM_ONLINE})`);
    // One code per customer and coupon: the lock on the coupon serialises two claims of the same person.
    await tx.execute(sql`select 1 from cupom_desconto where id = ${c.id} for update`);
    const [ja] = await linhas<{ codigo: string }>(tx, sql`select codigo from cupom_desconto_codigo where empresa_id = ${c.empresaId} and cupom_id = ${c.id} and cliente_id = ${cli!.id} limit 1`);
    let codigo = ja?.codigo;
    while (!codigo) {
      const [novo] = sortearCodigos('ALFANUMERICO', '', 8, 1);
      const r = await linhas<{ codigo: string }>(
        tx,
        sql`insert into cupom_desconto_codigo (empresa_id, cupom_id, codigo, cliente_id) values (${c.empresaId}, ${c.id}, ${novo}, ${cli!.id})
            on conflict (empresa_id, codigo) do nothing returning codigo`,
      );
      codigo = r[0]?.codigo;
    }
    if (!ja) await tx.execute(sql`update cupom_desconto set codigos_gerados = codigos_gerados + 1 where id = ${c.id}`);
    let whatsapp = false;
    try {
      const texto = `*${c.loja}* — seu cupom: ${c.oferta}\nCódigo: *${codigo}*\nApresente este código no caixa.${c.regras.length ? `\n${c.regras.join(' ')}` : ''}`;
      whatsapp = (await enfileirarParaCliente(tx, { empresaId: c.empresaId, clienteId: cli!.id, texto, origem: ORIGEM_CUPOM_ONLINE, origemId: c.id, marketing: false })) > 0;
    } catch (e) {
      // A company without a WhatsApp number still hands the code out on the page.
      if (!(e instanceof Error && e.name === 'SemInstanciaWhatsapp')) throw e;
    }
    return { ok: true, codigo, whatsapp };
  });
}
