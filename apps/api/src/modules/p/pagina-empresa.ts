import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { html, pagina } from '../../lib/pagina-publica.js';

/** The network of the share URL's slug: the store's name and the stores of its network. */
export type RedePublica = { nome: string; lojas: string[] };

/**
 * Public reading without a session: no tenant yet, so it reads as the app's owner (like login),
 * and only what the page shows — names of active stores, nothing of customers or billing.
 */
export async function buscarRedePublica(db: Db, slug: string): Promise<RedePublica | null> {
  const [loja] = await db
    .select({ nome: empresa.nomeCurto, matrizId: empresa.matrizId })
    .from(empresa)
    .where(and(eq(empresa.slug, slug), eq(empresa.ativa, true)))
    .limit(1);
  if (!loja) return null;
  const lojas = await db
    .select({ nome: empresa.nomeCurto })
    .from(empresa)
    .where(and(eq(empresa.matrizId, loja.matrizId), eq(empresa.ativa, true)))
    // The head office first (MATRIZ sorts after FILIAL), then the branches by name.
    .orderBy(desc(empresa.tipo), asc(empresa.nomeCurto));
  return { nome: loja.nome, lojas: lojas.map((l) => l.nome) };
}

/** The page of a network's share URL (`/p/<slug>`): who runs the programme and how to join today. */
export function paginaDaRede(r: RedePublica): string {
  const lojas = r.lojas.map((l) => `<li>${html(l)}</li>`).join('');
  return pagina(
    `${r.nome} — programa de fidelidade`,
    `<div class="cartao">
  <h1>${html(r.nome)}</h1>
  <p class="sub">Programa de fidelidade com cashback e pontos</p>
  <h2>Como participar</h2>
  <ol>
    <li>Numa compra em uma das lojas abaixo, diga no caixa que quer participar do programa.</li>
    <li>Informe seu CPF e seu celular: o cadastro é feito ali mesmo, na hora.</li>
    <li>A partir daí, cada compra identificada pelo CPF ou pelo cartão do programa acumula cashback e pontos,
      que você usa como desconto nas próximas compras.</li>
  </ol>
  <h2>Lojas participantes</h2>
  <ul>${lojas}</ul>
  <h2>Cadastro pela internet</h2>
  <p>Em breve você poderá se cadastrar e indicar amigos por esta página. Por enquanto, o cadastro é feito nas lojas.</p>
</div>`,
  );
}

export function paginaNaoEncontrada(): string {
  return pagina(
    'Página não encontrada',
    `<div class="cartao"><h1>Página não encontrada</h1>
  <p>Este endereço não corresponde a nenhum programa de fidelidade ativo. Confira o link que você recebeu com a loja.</p></div>`,
  );
}
