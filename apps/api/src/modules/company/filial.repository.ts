import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Filial, FilialDados, FiltroFilial, FusoHorario } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { padraoContem } from '../../lib/busca.js';
import { erro } from '../../lib/erros.js';
import { tipoDaImagem } from '../../lib/imagem.js';
import { tokenAleatorio } from '../../lib/tokens.js';
import { trocarLogoEmpresa, type NovaImagem } from '../arquivo/index.js';
import { fusoDaRedeMudou } from '../empresadashboard/index.js';

const colunas = {
  id: empresa.id,
  tipo: empresa.tipo,
  nome: empresa.nome,
  nomeCurto: empresa.nomeCurto,
  cnpj: empresa.cnpj,
  telefone: empresa.telefone,
  cep: empresa.cep,
  logradouro: empresa.logradouro,
  numero: empresa.numero,
  complemento: empresa.complemento,
  bairro: empresa.bairro,
  cidade: empresa.cidade,
  uf: empresa.uf,
  fusoHorario: empresa.fusoHorario,
  ativa: empresa.ativa,
  temLogo: sql<boolean>`${empresa.logoArquivoId} is not null`,
  criadoEm: empresa.criadoEm,
};

type Linha = Omit<typeof empresa.$inferSelect, 'logoArquivoId' | 'matrizId' | 'slug' | 'tipoServidorWhats' | 'contatoSuporteWhats' | 'experimentalAte'> & {
  temLogo: boolean;
};

function paraFilial(l: Linha): Filial {
  return {
    id: l.id,
    tipo: l.tipo,
    nome: l.nome,
    shortName: l.nomeCurto,
    cnpj: l.cnpj,
    telefone: l.telefone,
    cep: l.cep,
    logradouro: l.logradouro,
    numero: l.numero,
    complemento: l.complemento,
    bairro: l.bairro,
    cidade: l.cidade,
    uf: l.uf,
    fusoHorario: l.fusoHorario as FusoHorario,
    ativa: l.ativa,
    logoUrl: l.temLogo ? `/arquivo/imagem/empresa/${l.id}` : null,
    criadoEm: new Date(l.criadoEm).toISOString(),
  };
}

/** The caller's network only; an administrator without a company sees none here (their screen is another). */
function daRede(u: UsuarioContexto): SQL {
  return u.empresaId === null ? sql`false` : eq(empresa.matrizId, u.empresaId);
}

export async function listarFiliais(tx: Executor, u: UsuarioContexto, f: FiltroFilial, page: number, size: number) {
  const where = and(
    daRede(u),
    f.ativa === undefined ? undefined : eq(empresa.ativa, f.ativa),
    f.busca
      ? sql`(busca_normalizada(${empresa.nomeCurto} || ' ' || ${empresa.nome} || ' ' || coalesce(${empresa.cidade}, '')) like busca_normalizada(${padraoContem(f.busca)}) or ${empresa.cnpj} like ${'%' + f.busca.replace(/[\s./-]/g, '').toUpperCase() + '%'})`
      : undefined,
  );
  const ordem = f.ordenarPor === 'criadoEm' ? empresa.criadoEm : empresa.nomeCurto;
  const [itens, [total]] = await Promise.all([
    tx
      .select(colunas)
      .from(empresa)
      .where(where)
      // The head office first, as everywhere the network is listed.
      .orderBy(desc(sql`${empresa.tipo} = 'MATRIZ'`), f.direcao === 'desc' ? desc(ordem) : asc(ordem), asc(empresa.id))
      .limit(size)
      .offset(page * size),
    tx.select({ n: count() }).from(empresa).where(where),
  ]);
  return { itens: itens.map(paraFilial), total: total?.n ?? 0 };
}

export async function buscarFilial(tx: Executor, u: UsuarioContexto, id: number): Promise<Filial | null> {
  const [l] = await tx.select(colunas).from(empresa).where(and(eq(empresa.id, id), daRede(u))).limit(1);
  return l ? paraFilial(l) : null;
}

/** The bytes must be the image the data URL says (lib/imagem.ts), so the logo route never serves anything else. */
function lerLogo(dataUrl: string, usuarioId: number): NovaImagem {
  const [cabecalho, base64] = dataUrl.split(',', 2) as [string, string];
  const declarado = cabecalho.slice(5, cabecalho.indexOf(';'));
  const dados = Buffer.from(base64, 'base64');
  const tipo = tipoDaImagem(dados);
  if (!tipo || tipo !== declarado) throw erro.requisicao('Logo inválido: envie uma imagem PNG, JPEG ou WebP.');
  return { nome: 'logo', tipo, dados, usuarioId };
}

function slugDe(nome: string): string {
  const base = nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48);
  return `${base || 'filial'}-${tokenAleatorio(4).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 6)}`;
}

export async function gravarFilial(tx: Executor, u: UsuarioContexto, dados: FilialDados, antes: Filial | null): Promise<Filial> {
  if (u.empresaId === null) throw erro.proibido('Operação disponível apenas para usuários de uma empresa.');
  if (antes?.tipo === 'MATRIZ' && !dados.ativa) throw erro.requisicao('A matriz não pode ser desativada.');
  if (dados.cnpj) {
    const [repetido] = await tx
      .select({ id: empresa.id })
      .from(empresa)
      // Compared bare: the head office may keep its CNPJ as typed at sign-up, with the mask.
      .where(and(daRede(u), sql`upper(regexp_replace(${empresa.cnpj}, '[[:space:]./-]', '', 'g')) = ${dados.cnpj}`, antes ? sql`${empresa.id} <> ${antes.id}` : undefined))
      .limit(1);
    if (repetido) throw erro.conflito('Já existe uma empresa da rede com este CNPJ.');
  }
  const logo = dados.logo ? lerLogo(dados.logo, u.id) : null;
  const valores = {
    nome: dados.nome,
    nomeCurto: dados.shortName,
    cnpj: dados.cnpj,
    telefone: dados.telefone,
    cep: dados.cep,
    logradouro: dados.logradouro,
    numero: dados.numero,
    complemento: dados.complemento,
    bairro: dados.bairro,
    cidade: dados.cidade,
    uf: dados.uf,
    fusoHorario: dados.fusoHorario,
    ativa: dados.ativa,
  };
  let id: number;
  if (antes) {
    await tx.update(empresa).set(valores).where(and(eq(empresa.id, antes.id), daRede(u)));
    // The dashboard's daily summaries were cut in the old zone: they go in this transaction (decision 025).
    if (antes.fusoHorario !== dados.fusoHorario) await fusoDaRedeMudou(tx, u.empresaId);
    id = antes.id;
  } else {
    const [nova] = await tx
      .insert(empresa)
      .values({ ...valores, matrizId: u.empresaId, tipo: 'FILIAL', slug: slugDe(dados.shortName) })
      .returning({ id: empresa.id });
    id = nova!.id;
  }
  // Absent keeps the logo; null removes it; a new one replaces it (the old file goes in this transaction).
  if (dados.logo !== undefined) await trocarLogoEmpresa(tx, id, u.empresaId, logo);
  return (await buscarFilial(tx, u, id))!;
}

/** A branch is never deleted: its sales and customers keep pointing at it (docs/areas/filiais.md). */
export async function desativarFilial(tx: Executor, u: UsuarioContexto, id: number, antes: Filial): Promise<'DESATIVAR'> {
  if (antes.tipo === 'MATRIZ') throw erro.requisicao('A matriz não pode ser desativada.');
  await tx.update(empresa).set({ ativa: false }).where(and(eq(empresa.id, id), daRede(u)));
  return 'DESATIVAR';
}
