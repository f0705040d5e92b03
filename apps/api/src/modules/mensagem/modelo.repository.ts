import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FiltroModeloMensagem, ModeloMensagem, ModeloMensagemDados } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { arquivo, mensagemAutomatica, modeloMensagem } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';
import { violouUnicidade } from '../../lib/recurso.js';

const colunas = {
  id: modeloMensagem.id,
  nome: modeloMensagem.nome,
  canal: modeloMensagem.canal,
  assunto: modeloMensagem.assunto,
  texto: modeloMensagem.texto,
  arquivoId: modeloMensagem.arquivoId,
  arquivoNome: arquivo.nome,
  arquivoTipo: arquivo.tipo,
  ativo: modeloMensagem.ativo,
  criadoEm: modeloMensagem.criadoEm,
  atualizadoEm: modeloMensagem.atualizadoEm,
};

type Linha = Omit<ModeloMensagem, 'criadoEm' | 'atualizadoEm'> & { criadoEm: Date; atualizadoEm: Date };

const paraModelo = (l: Linha): ModeloMensagem => ({ ...l, criadoEm: new Date(l.criadoEm).toISOString(), atualizadoEm: new Date(l.atualizadoEm).toISOString() });

export function tenant(u: UsuarioContexto): number {
  if (u.empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  return u.empresaId;
}

export async function listarModelos(tx: Executor, u: UsuarioContexto, f: FiltroModeloMensagem, page: number, size: number) {
  const where = and(
    eq(modeloMensagem.empresaId, tenant(u)),
    f.canal ? eq(modeloMensagem.canal, f.canal) : undefined,
    f.ativo === undefined ? undefined : eq(modeloMensagem.ativo, f.ativo),
    f.busca ? sql`busca_normalizada(${modeloMensagem.nome} || ' ' || ${modeloMensagem.texto}) like busca_normalizada(${padraoContem(f.busca)})` : undefined,
  );
  const [itens, [total]] = await Promise.all([
    tx
      .select(colunas)
      .from(modeloMensagem)
      .leftJoin(arquivo, eq(arquivo.id, modeloMensagem.arquivoId))
      .where(where)
      .orderBy(asc(modeloMensagem.nome), asc(modeloMensagem.id))
      .limit(size)
      .offset(page * size),
    tx.select({ n: count() }).from(modeloMensagem).where(where),
  ]);
  return { itens: itens.map(paraModelo), total: total?.n ?? 0 };
}

export async function buscarModelo(tx: Executor, u: UsuarioContexto, id: number): Promise<ModeloMensagem | null> {
  if (u.empresaId === null) return null;
  const [l] = await tx
    .select(colunas)
    .from(modeloMensagem)
    .leftJoin(arquivo, eq(arquivo.id, modeloMensagem.arquivoId))
    .where(and(eq(modeloMensagem.id, id), eq(modeloMensagem.empresaId, u.empresaId)))
    .limit(1);
  return l ? paraModelo(l) : null;
}

export async function gravarModelo(tx: Executor, u: UsuarioContexto, d: ModeloMensagemDados, antes: ModeloMensagem | null): Promise<ModeloMensagem> {
  const empresaId = tenant(u);
  if (d.arquivoId !== null) {
    const [a] = await tx
      .select({ id: arquivo.id })
      .from(arquivo)
      .where(and(eq(arquivo.id, d.arquivoId), eq(arquivo.empresaId, empresaId)))
      .limit(1);
    if (!a) throw erro.requisicao('Anexo não encontrado: envie a imagem ou o PDF de novo.');
  }
  const valores = { nome: d.nome, canal: d.canal, assunto: d.canal === 'EMAIL' ? d.assunto : null, texto: d.texto, arquivoId: d.arquivoId, ativo: d.ativo };
  try {
    if (antes) {
      await tx
        .update(modeloMensagem)
        .set({ ...valores, atualizadoEm: sql`now()` })
        .where(and(eq(modeloMensagem.id, antes.id), eq(modeloMensagem.empresaId, empresaId)));
      return (await buscarModelo(tx, u, antes.id))!;
    }
    const [novo] = await tx
      .insert(modeloMensagem)
      .values({ ...valores, empresaId })
      .returning({ id: modeloMensagem.id });
    return (await buscarModelo(tx, u, novo!.id))!;
  } catch (e) {
    if (violouUnicidade(e)) throw erro.conflito('Já existe um modelo com este nome.');
    throw e;
  }
}

/** A template in use (an automatic message, a campaign) is not deleted: the manager switches it off or swaps it first. */
export async function excluirModelo(tx: Executor, u: UsuarioContexto, id: number): Promise<'EXCLUIR' | 'DESATIVAR'> {
  const empresaId = tenant(u);
  const [uso] = await tx
    .select({ n: count() })
    .from(mensagemAutomatica)
    .where(and(eq(mensagemAutomatica.empresaId, empresaId), eq(mensagemAutomatica.modeloId, id)));
  if ((uso?.n ?? 0) > 0) {
    throw erro.conflito('Este modelo está em uso numa mensagem automática: troque o modelo lá antes de excluí-lo.');
  }
  try {
    await tx.delete(modeloMensagem).where(and(eq(modeloMensagem.id, id), eq(modeloMensagem.empresaId, empresaId)));
  } catch (e) {
    // Another table (campaigns) points at it: Postgres foreign-key violation.
    if ((e as { code?: string; cause?: { code?: string } }).code === '23503' || (e as { cause?: { code?: string } }).cause?.code === '23503')
      throw erro.conflito('Este modelo está em uso: desative-o em vez de excluir.');
    throw e;
  }
  return 'EXCLUIR';
}
