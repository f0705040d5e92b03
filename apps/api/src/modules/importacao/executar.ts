import type { FastifyInstance } from 'fastify';
import type { Codificacao, Mapeamento, PoliticaDuplicados, ResultadoImportacao, TipoImportacao, UnidadeSaldoInicial } from '@bonifica/contracts';
import { erro } from '../../lib/erros.js';
import { gerarPlanilha, lerTudo, TIPOS_MIME } from '../../lib/planilha.js';
import { registrarTipoTarefa, type FimTarefa, type TarefaEmExecucao } from '../../lib/tarefas.js';
import { comTenant } from '../../lib/tenant.js';
import { gravarLoteClientes } from './gravacao-clientes.js';
import { gravarLoteContatos } from './gravacao-contatos.js';
import { decodificar, registros, type Separador } from './leitura.js';
import { CONTAGEM_ZERO, somarContagens, type ContagemLote, type ContextoLote } from './lote.js';
import { validarLinha, type ErroLinha, type LinhaValida } from './validacao.js';

export const TAREFA_IMPORTACAO: Record<TipoImportacao, string> = { CLIENTE: 'IMPORTACAO_CLIENTE', CONTATO: 'IMPORTACAO_CONTATO' };

/** Rows per transaction: big enough for multi-row statements to pay off, small enough to keep locks short. */
export const LINHAS_POR_LOTE = 1_000;

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

const GRAVADORES = { CLIENTE: gravarLoteClientes, CONTATO: gravarLoteContatos } as const;

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
  if (!t.entrada) throw erro.requisicao('O arquivo desta importação não está mais disponível. Envie-o novamente.');
  const ctx: ContextoLote = {
    tarefaId: t.id,
    empresaId: t.empresaId,
    usuarioId: t.usuario.id || null,
    filialId: t.usuario.empresaAtualId,
    duplicados: p.duplicados ?? 'IGNORAR',
    unidadeSaldo: p.unidadeSaldo ?? 'CASHBACK',
  };
  await t.definirTotal(p.totalLinhas);
  const jaFeitas = t.processados;
  let contagem: Parcial = { ...CONTAGEM_ZERO, comErro: 0, ...((t.resultadoParcial as Parcial | null) ?? {}) };
  const erros: ErroLinha[] = [];
  const vistos = new Map<string, number>();
  let lote: LinhaValida[] = [];
  let errosDoLote = 0;
  let lidas = 0;

  const gravar = async () => {
    const validos = lote;
    const comErro = errosDoLote;
    lote = [];
    errosDoLote = 0;
    await comTenant(app.db, t.usuario, async (tx) => {
      const c = validos.length ? await GRAVADORES[tipo](tx, ctx, validos) : CONTAGEM_ZERO;
      const nova = { ...somarContagens(contagem, c), comErro: contagem.comErro + comErro };
      await t.avancar(lidas, tx, nova);
      contagem = nova;
    });
  };

  const { texto } = decodificar(t.entrada);
  let cabecalho = true;
  for await (const r of registros(texto, p.separador)) {
    if (cabecalho) {
      cabecalho = false;
      continue;
    }
    lidas++;
    const v = validarLinha(r.linha, r.campos, p.mapeamento, p.cabecalhos, ctx.unidadeSaldo);
    const errosDaLinha = v.ok ? verificarLinha(tipo, v.valores, vistos, p) : v.erros;
    erros.push(...errosDaLinha);
    if (lidas <= jaFeitas) continue;
    if (errosDaLinha.length > 0) errosDoLote++;
    else if (v.ok) lote.push(v.valores);
    if (lidas - jaFeitas > 0 && (lidas - jaFeitas) % LINHAS_POR_LOTE === 0) await gravar();
  }
  if (lote.length > 0 || errosDoLote > 0 || lidas === 0) await gravar();

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
