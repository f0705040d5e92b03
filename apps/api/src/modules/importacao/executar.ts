import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Codificacao, Mapeamento, PoliticaDuplicados, ResultadoImportacao, TipoImportacao, UnidadeSaldoInicial } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { erro } from '../../lib/erros.js';
import { analisarTabelas, linhasEstimadas } from '../../lib/estatisticas.js';
import { gerarPlanilha, lerTudo, TIPOS_MIME } from '../../lib/planilha.js';
import { registrarTipoTarefa, type FimTarefa, type TarefaEmExecucao } from '../../lib/tarefas.js';
import { comTenant } from '../../lib/tenant.js';
import { gravarLoteClientes, prepararImportacaoClientes } from './gravacao-clientes.js';
import { gravarLoteContatos } from './gravacao-contatos.js';
import { MENSAGEM_ARQUIVO_VAZIO, MENSAGEM_SO_CABECALHO, registros, textoEmPedacos, type Separador } from './leitura.js';
import { erroLimiteLinhas, LIMITES_IMPORTACAO } from './limites.js';
import { CONTAGEM_ZERO, somarContagens, type ContagemLote, type ContextoLote } from './lote.js';
import { validarLinha, type ErroLinha, type LinhaValida } from './validacao.js';

export const TAREFA_IMPORTACAO: Record<TipoImportacao, string> = { CLIENTE: 'IMPORTACAO_CLIENTE', CONTATO: 'IMPORTACAO_CONTATO' };

/** Rows per transaction: big enough for multi-row statements to pay off, small enough to keep locks short. */
export const LINHAS_POR_LOTE = 1_000;

/** Rows checked between two turns of the event loop while a batch is being written. */
const CEDER_A_CADA = 100;

/** Batches written at the same time on PostgreSQL: one per core of the machine this was measured on (bench/importacao.mjs). */
const ESCRITAS_SIMULTANEAS = 2;
const LIMITE_ESPERA_TRAVA = '30s';
/** Rows inserted between two ANALYZEs, as a multiple of the table's estimated size (3: the table about quadruples). */
const CRESCIMENTO_ENTRE_ANALISES = 3;

/** The table each import fills (whose growth times the ANALYZEs) and the tables its statements read or write. */
const TABELAS_ESCRITAS: Record<TipoImportacao, { principal: string; tabelas: readonly string[] }> = {
  CLIENTE: { principal: 'cliente', tabelas: ['cliente', 'cliente_palavra', 'conta', 'partida'] },
  CONTATO: { principal: 'contato', tabelas: ['contato', 'contato_consentimento'] },
};

/** What the upload stored (file facts) and what importar added (the user's choices). */
export type ParametrosImportacao = {
  tipo: TipoImportacao;
  arquivoNome: string;
  codificacao: Codificacao;
  separador: Separador;
  cabecalhos: string[];
  totalLinhas: number;
  mapeamento?: Mapeamento;
  duplicados?: PoliticaDuplicados;
  unidadeSaldo?: UnidadeSaldoInicial;
};

/**
 * How each import writes its batches. `simultaneo`: two batches may write at once — true only when
 * no two batches can lock the same row: customers are matched by their unique document (a file
 * repeating one is refused), new rows and their accounts are the batch's own, and the one shared
 * row a batch would create — the system account of the opening balances — is made by `preparar`
 * first. A contact may be matched by the mobile in one row and by the e-mail in another, so
 * contacts go one batch at a time. `preparar` runs once, before the batches, in its own transaction.
 */
type Gravador = {
  gravar: (tx: Executor, ctx: ContextoLote, lote: LinhaValida[]) => Promise<ContagemLote>;
  preparar?: (tx: Executor, ctx: ContextoLote, p: ParametrosImportacao) => Promise<void>;
  simultaneo: boolean;
};
const GRAVADORES: Record<TipoImportacao, Gravador> = {
  CLIENTE: { gravar: gravarLoteClientes, preparar: (tx, ctx, p) => prepararImportacaoClientes(tx, ctx, typeof p.mapeamento?.saldo === 'number'), simultaneo: true },
  CONTATO: { gravar: gravarLoteContatos, simultaneo: false },
};

/**
 * The same person twice in one file is an error of the file: the later row is refused and
 * names the earlier one, instead of silently merging them.
 */
function chavesDeDuplicidade(tipo: TipoImportacao, l: LinhaValida): { coluna: 'documento' | 'celular' | 'email'; valor: string }[] {
  if (tipo === 'CLIENTE') return l.documento ? [{ coluna: 'documento', valor: l.documento }] : [];
  return [
    ...(l.celular ? [{ coluna: 'celular' as const, valor: l.celular }] : []),
    ...(l.email ? [{ coluna: 'email' as const, valor: l.email }] : []),
  ];
}

const ROTULO_CHAVE = { documento: 'CPF/CNPJ', celular: 'celular', email: 'e-mail' } as const;

function verificarLinha(tipo: TipoImportacao, l: LinhaValida, vistos: Map<string, number>, p: ParametrosImportacao): ErroLinha[] {
  const colunaDe = (campo: 'nome' | 'documento' | 'celular' | 'email') => {
    const i = p.mapeamento?.[campo];
    return typeof i === 'number' ? (p.cabecalhos[i] ?? campo) : campo;
  };
  if (tipo === 'CONTATO' && !l.celular && !l.email) {
    return [{ linha: l.linha, coluna: colunaDe('celular'), valor: '', mensagem: 'Informe o celular ou o e-mail do contato.' }];
  }
  for (const { coluna, valor } of chavesDeDuplicidade(tipo, l)) {
    const anterior = vistos.get(`${coluna}:${valor}`);
    if (anterior !== undefined) {
      return [{ linha: l.linha, coluna: colunaDe(coluna), valor, mensagem: `${ROTULO_CHAVE[coluna]} repetido no arquivo (já está na linha ${anterior}), a linha não foi importada.` }];
    }
  }
  for (const { coluna, valor } of chavesDeDuplicidade(tipo, l)) vistos.set(`${coluna}:${valor}`, l.linha);
  return [];
}

async function relatorioDeErros(erros: ErroLinha[], arquivoNome: string) {
  async function* linhas() {
    for (const e of erros) yield [e.linha, e.coluna, e.valor, e.mensagem];
  }
  const colunas = [{ titulo: 'Linha', tipo: 'inteiro' as const }, { titulo: 'Coluna' }, { titulo: 'Valor' }, { titulo: 'Erro' }];
  const base = arquivoNome.replace(/\.[^.]*$/, '');
  return { conteudo: await lerTudo(gerarPlanilha('CSV', colunas, linhas())), nome: `erros-${base}.csv`, tipo: TIPOS_MIME.CSV };
}

type Parcial = ContagemLote & { comErro: number };

/**
 * The import job. Each batch — its rows, the progress and the running counts — commits in one
 * transaction, so a run that dies resumes after the last committed batch and no row is written
 * twice; the rows before that point are only re-read to rebuild the error list.
 */
async function executarImportacao(app: FastifyInstance, t: TarefaEmExecucao, tipo: TipoImportacao): Promise<FimTarefa> {
  const p = t.parametros as unknown as ParametrosImportacao;
  if (!p.mapeamento) throw erro.requisicao('Importação sem mapeamento de colunas.');
  const ctx: ContextoLote = {
    tarefaId: t.id,
    empresaId: t.empresaId,
    usuarioId: t.usuario.id || null,
    filialId: t.usuario.empresaAtualId,
    duplicados: p.duplicados ?? 'IGNORAR',
    unidadeSaldo: p.unidadeSaldo ?? 'CASHBACK',
  };
  await t.definirTotal(p.totalLinhas);
  const gravador = GRAVADORES[tipo];
  if (gravador.preparar) await comTenant(app.db, t.usuario, (tx) => gravador.preparar!(tx, ctx, p));
  const jaFeitas = t.processados;
  let contagem: Parcial = { ...CONTAGEM_ZERO, comErro: 0, ...((t.resultadoParcial as Parcial | null) ?? {}) };
  const erros: ErroLinha[] = [];
  const vistos = new Map<string, number>();
  let lote: LinhaValida[] = [];
  let errosDoLote = 0;
  let lidas = 0;
  const { principal, tabelas } = TABELAS_ESCRITAS[tipo];

  // Each time the job has about quadrupled the table it fills, the planner's statistics catch up
  // (lib/estatisticas.ts), beside the batches: ANALYZE does not block their writes. A failure
  // costs speed, never the import. Four times, not twice: a plan chosen for a quarter of the rows
  // is still an index plan, and each ANALYZE of four tables costs ~0.4 s of a core (100k: 4 instead of 7).
  const aProximaAnalise = async () => contagem.inseridos + Math.max(LINHAS_POR_LOTE, CRESCIMENTO_ENTRE_ANALISES * (await linhasEstimadas(app.db, principal)));
  let proximaAnalise = await aProximaAnalise();
  let analise: Promise<void> | null = null;
  const talvezAnalisar = () => {
    if (analise || contagem.inseridos < proximaAnalise) return;
    analise = (async () => {
      await analisarTabelas(app.db, tabelas);
      proximaAnalise = await aProximaAnalise();
    })()
      .catch((e: unknown) => app.log.warn({ err: e, tarefa: t.id }, 'ANALYZE da importação falhou'))
      .finally(() => {
        analise = null;
      });
  };

  /**
   * One batch in its transaction. Its rows are written as soon as it starts, but it records its
   * progress and commits only after the batch before it has committed (`anterior`): batches land
   * in file order, so a resumed run starts after the last committed one, and no batch commits if
   * the one before it failed.
   */
  const escrever = async (validos: LinhaValida[], comErro: number, ate: number, anterior: Promise<void>) => {
    await comTenant(app.db, t.usuario, async (tx) => {
      // Two batches waiting on each other (one on a row lock in the database, the other here on
      // `anterior`) would be a deadlock the database cannot see: past this wait the batch fails and
      // the job ends with an error instead of hanging. (None is expected: see GRAVADORES.)
      await tx.execute(sql`select set_config('lock_timeout', ${LIMITE_ESPERA_TRAVA}, true)`);
      const c = validos.length ? await gravador.gravar(tx, ctx, validos) : CONTAGEM_ZERO;
      await anterior;
      const nova = { ...somarContagens(contagem, c), comErro: contagem.comErro + comErro };
      await t.avancar(ate, tx, nova);
      contagem = nova;
    });
    talvezAnalisar();
  };

  // While batches are written the next one is read and checked, so the job's JavaScript and the
  // database work side by side. On PostgreSQL two batches write at once, on two connections (the
  // database does most of the work: search words, indexes, foreign keys); PGlite has one.
  const simultaneas = app.banco.engine === 'postgres' && gravador.simultaneo ? ESCRITAS_SIMULTANEAS : 1;
  const emEscrita: Promise<void>[] = [];
  let ultimo: Promise<void> = Promise.resolve();
  const gravar = async () => {
    const validos = lote;
    const comErro = errosDoLote;
    lote = [];
    errosDoLote = 0;
    while (emEscrita.length >= simultaneas) await emEscrita.shift();
    ultimo = escrever(validos, comErro, lidas, ultimo);
    // Awaited later (here, by the next batch, or at the end); until then a failure is not "unhandled".
    ultimo.catch(() => undefined);
    emEscrita.push(ultimo);
  };
  const terminarEscritas = async () => {
    const pendentes = emEscrita.splice(0);
    const r = await Promise.allSettled(pendentes);
    await analise;
    const falha = r.find((x) => x.status === 'rejected');
    if (falha) throw falha.reason;
  };

  // The file is read part by part and parsed in pieces that give the event loop back (decision 020).
  let cabecalho: string[] | null = null;
  let partesLidas = 0;
  const partes = async function* () {
    for await (const parte of t.entrada()) {
      partesLidas++;
      yield parte;
    }
  };
  try {
    for await (const r of registros(textoEmPedacos(partes(), p.codificacao), p.separador)) {
      if (!cabecalho) {
        cabecalho = r.campos;
        continue;
      }
      lidas++;
      // The upload counted lines, an upper bound of the records: this only guards a file it could not count.
      if (lidas > LIMITES_IMPORTACAO.linhasPorArquivo) throw erroLimiteLinhas();
      // Lets the batch in flight send its next statement as soon as the previous one answers.
      if (lidas % CEDER_A_CADA === 0) await new Promise((ok) => setImmediate(ok));
      const v = validarLinha(r.linha, r.campos, p.mapeamento, p.cabecalhos, ctx.unidadeSaldo);
      const errosDaLinha = v.ok ? verificarLinha(tipo, v.valores, vistos, p) : v.erros;
      erros.push(...errosDaLinha);
      if (lidas <= jaFeitas) continue;
      if (errosDaLinha.length > 0) errosDoLote++;
      else if (v.ok) lote.push(v.valores);
      if (lidas - jaFeitas > 0 && (lidas - jaFeitas) % LINHAS_POR_LOTE === 0) await gravar();
    }
    if (!cabecalho) {
      // No part at all: the input is gone (or was an upload of before decision 020, kept in `tarefa.entrada`).
      if (partesLidas === 0) throw erro.requisicao('O arquivo desta importação não está mais disponível. Envie-o novamente.');
      throw erro.requisicao(MENSAGEM_ARQUIVO_VAZIO);
    }
    if (lidas === 0) throw erro.requisicao(MENSAGEM_SO_CABECALHO);
    if (lote.length > 0 || errosDoLote > 0) await gravar();
  } finally {
    // Also when reading fails: a job never ends with a batch still writing behind it.
    await terminarEscritas();
  }

  // A long file's total was the upload's count of lines: from here on it is the count of records.
  if (lidas !== p.totalLinhas) await t.definirTotal(lidas);
  const resultado: ResultadoImportacao = {
    inseridos: contagem.inseridos,
    mesclados: contagem.mesclados,
    ignorados: contagem.ignorados,
    comErro: contagem.comErro,
    saldosLancados: contagem.saldosLancados,
    saldoTotal: ctx.unidadeSaldo === 'PONTOS' ? contagem.saldoTotal : contagem.saldoTotal / 100,
    saldosIgnorados: contagem.saldosIgnorados,
    unidadeSaldo: typeof p.mapeamento.saldo === 'number' ? ctx.unidadeSaldo : null,
    erros: erros.length,
  };
  return { resultado, arquivo: erros.length ? await relatorioDeErros(erros, p.arquivoNome) : null };
}

registrarTipoTarefa(TAREFA_IMPORTACAO.CLIENTE, (app, t) => executarImportacao(app, t, 'CLIENTE'));
registrarTipoTarefa(TAREFA_IMPORTACAO.CONTATO, (app, t) => executarImportacao(app, t, 'CONTATO'));
