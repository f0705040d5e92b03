import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { CANAIS_CONSENTIMENTO_CONTATO, somenteDigitos, type Contato, type ContatoResumo, type FiltroContato } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { contato } from '../../db/schema/index.js';
import { padraoContem } from '../../lib/busca.js';
import { historicoDoContato, ultimosConsentimentosDeContatos, type ConsentimentoVigente } from './consentimento.js';

const colunas = {
  id: contato.id,
  nome: contato.nome,
  celular: contato.celular,
  email: contato.email,
  origem: contato.origem,
  clienteId: contato.clienteId,
  criadoEm: contato.criadoEm,
  observacoes: contato.observacoes,
};

type Linha = Awaited<ReturnType<typeof linhas>>[number];

function comConsentimentos(l: Linha, atuais: Map<string, ConsentimentoVigente>): ContatoResumo {
  const consentimentos = Object.fromEntries(
    CANAIS_CONSENTIMENTO_CONTATO.map((canal) => {
      const a = atuais.get(`${l.id}:${canal}`);
      return [canal, a ? { concedido: a.concedido, origem: a.origem, data: a.criadoEm.toISOString() } : null];
    }),
  ) as ContatoResumo['consentimentos'];
  return { id: l.id, nome: l.nome, celular: l.celular, email: l.email, origem: l.origem, clienteId: l.clienteId, criadoEm: l.criadoEm.toISOString(), consentimentos };
}

function linhas(tx: Executor, where: SQL | undefined) {
  return tx.select(colunas).from(contato).where(where);
}

/** Name, e-mail or the digits of the mobile; newest first (the import just made is on top). */
export async function listarContatos(tx: Executor, empresaId: number, f: FiltroContato, page: number, size: number): Promise<{ itens: ContatoResumo[]; total: number }> {
  const digitos = f.busca ? somenteDigitos(f.busca) : '';
  const where = and(
    eq(contato.empresaId, empresaId),
    f.busca
      ? or(
          sql`busca_normalizada(${contato.nome} || ' ' || coalesce(${contato.email}, '')) like busca_normalizada(${padraoContem(f.busca)})`,
          digitos.length >= 4 ? sql`${contato.celular} like ${padraoContem(digitos)}` : undefined,
        )
      : undefined,
  );
  const itens = await linhas(tx, where).orderBy(desc(contato.criadoEm), desc(contato.id)).limit(size).offset(page * size);
  const [t] = await tx.select({ total: count() }).from(contato).where(where);
  const atuais = await ultimosConsentimentosDeContatos(
    tx,
    empresaId,
    itens.map((i) => i.id),
  );
  return { itens: itens.map((i) => comConsentimentos(i, atuais)), total: t?.total ?? 0 };
}

/** Null for an id of another company (404, nothing leaked). */
export async function buscarContato(tx: Executor, empresaId: number, id: number): Promise<Contato | null> {
  const [l] = await linhas(tx, and(eq(contato.empresaId, empresaId), eq(contato.id, id))).limit(1);
  if (!l) return null;
  const atuais = await ultimosConsentimentosDeContatos(tx, empresaId, [id]);
  const historico = await historicoDoContato(tx, empresaId, id);
  return {
    ...comConsentimentos(l, atuais),
    observacoes: l.observacoes,
    historico: historico.map((h) => ({ canal: h.canal, concedido: h.concedido, origem: h.origem, data: h.criadoEm.toISOString(), usuarioNome: h.usuarioNome })),
  };
}
