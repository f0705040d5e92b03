import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ACOES_MANUTENCAO, type AcaoManutencao, type DefinicaoManutencao, type LinhaLogManutencao, type NivelLogManutencao } from '@bonifica/contracts';
import { empresa } from '../../db/schema/index.js';
import { ErroApi } from '../../lib/erros.js';
import { limparSessoesVencidas } from '../../lib/sessao-store.js';
import { registrarTarefaDoSistema, type AndamentoTarefaDoSistema } from '../../lib/tarefas.js';
import { limparTentativasAntigas } from '../../lib/tentativas-login.js';
import { divergenciasDeSaldo } from '../account/index.js';
import { reindexarBusca } from '../client/index.js';
import { refazerResumos } from '../empresadashboard/index.js';

/** The catalogue of maintenance actions (docs/areas/manutencao.md): what the screen lists and the API accepts. */
export const ACOES: Record<AcaoManutencao, DefinicaoManutencao> = {
  REFAZER_RESUMOS: {
    acao: 'REFAZER_RESUMOS',
    titulo: 'Refazer os resumos do dashboard',
    descricao:
      'Apaga e recalcula, a partir das vendas e dos clientes, os resumos diários e do dia em aberto do dashboard de uma empresa. Use quando os números do dashboard não batem com o relatório de vendas.',
    destrutiva: true,
    empresa: 'OBRIGATORIA',
  },
  CONFERIR_SALDOS: {
    acao: 'CONFERIR_SALDOS',
    titulo: 'Conferir saldos com o razão',
    descricao:
      'Compara o saldo guardado de cada conta de cliente com a soma das suas partidas e com o restante dos seus lotes de crédito, e lista as contas que divergem. Só lê: nada é corrigido.',
    destrutiva: false,
    empresa: 'OPCIONAL',
  },
  LIMPAR_SESSOES: {
    acao: 'LIMPAR_SESSOES',
    titulo: 'Apagar sessões vencidas e tentativas de login antigas',
    descricao:
      'Apaga as sessões que já venceram (pelo prazo total ou por inatividade) e os registros de tentativas de login mais antigos do que os limites de tentativas consultam. Ninguém conectado é desconectado.',
    destrutiva: true,
    empresa: 'NENHUMA',
  },
  REINDEXAR_BUSCA: {
    acao: 'REINDEXAR_BUSCA',
    titulo: 'Reindexar a busca de clientes',
    descricao:
      'Refaz as palavras pelas quais os clientes são encontrados na busca (nome, e-mail, documento, celular) a partir do cadastro, acrescentando as que faltam e tirando as que sobram.',
    destrutiva: false,
    empresa: 'OPCIONAL',
  },
};

export const tipoTarefaManutencao = (acao: AcaoManutencao) => `MANUTENCAO_${acao}`;

export function acaoDoTipo(tipo: string): AcaoManutencao | null {
  const a = tipo.replace(/^MANUTENCAO_/, '');
  return (ACOES_MANUTENCAO as readonly string[]).includes(a) ? (a as AcaoManutencao) : null;
}

/** What a maintenance run leaves in `tarefa.resultado`: the log as it goes, and the summary at the end. */
export type ResultadoManutencao = { log: LinhaLogManutencao[]; resumo: unknown };

/** Keeps a run's log short enough to read and to store: past this, lines are counted, not kept. */
const MAXIMO_LINHAS_LOG = 1_000;

/** The log of a run, written to the job's row with each step so the screen shows it while it runs. */
function criarDiario(andamento: AndamentoTarefaDoSistema) {
  const log: LinhaLogManutencao[] = [];
  let omitidas = 0;
  let processados = 0;
  const escrever = (nivel: NivelLogManutencao, texto: string) => {
    if (log.length < MAXIMO_LINHAS_LOG) log.push({ em: new Date().toISOString(), nivel, texto });
    else omitidas++;
  };
  const fechar = () => (omitidas > 0 ? [...log, { em: new Date().toISOString(), nivel: 'AVISO' as const, texto: `Mais ${omitidas} linha(s) omitidas do log.` }] : log);
  return {
    escrever,
    /** Records progress and the log so far (never inside a transaction: see AndamentoTarefaDoSistema). */
    passo: async (feitos: number, nivel?: NivelLogManutencao, texto?: string) => {
      if (texto) escrever(nivel ?? 'INFO', texto);
      processados = feitos;
      await andamento.avancar(processados, { log: fechar(), resumo: null } satisfies ResultadoManutencao);
    },
    fim: (resumo: unknown): ResultadoManutencao => ({ log: fechar(), resumo }),
    falha: async (texto: string) => {
      escrever('ERRO', texto);
      await andamento.avancar(processados, { log: fechar(), resumo: null } satisfies ResultadoManutencao);
    },
  };
}

type Diario = ReturnType<typeof criarDiario>;
type Alvo = { id: number; nome: string };

/** The companies (networks: a matriz and its branches share the tenant) an action runs over. */
async function empresasAlvo(app: FastifyInstance, empresaId: number | null): Promise<Alvo[]> {
  return app.db
    .select({ id: empresa.id, nome: empresa.nome })
    .from(empresa)
    .where(and(sql`${empresa.id} = ${empresa.matrizId}`, empresaId === null ? undefined : eq(empresa.id, empresaId)))
    .orderBy(asc(empresa.id));
}

type Execucao = (app: FastifyInstance, empresas: Alvo[], d: Diario, andamento: AndamentoTarefaDoSistema) => Promise<unknown>;

const EXECUCOES: Record<AcaoManutencao, Execucao> = {
  async REFAZER_RESUMOS(app, [e], d, andamento) {
    const r = await refazerResumos(app.db, e!.id, async (p) => {
      await andamento.definirTotal(p.total);
      await d.passo(p.feitos, 'INFO', p.texto);
    });
    d.escrever('INFO', `Concluído: ${r.dias} dia(s) fechados refeitos para ${e!.nome}.`);
    return r;
  },

  async CONFERIR_SALDOS(app, empresas, d, andamento) {
    await andamento.definirTotal(empresas.length);
    let contas = 0;
    const divergentes = [];
    for (const [i, e] of empresas.entries()) {
      const r = await divergenciasDeSaldo(app.db, e.id);
      contas += r.contas;
      divergentes.push(...r.divergencias);
      for (const x of r.divergencias) {
        d.escrever(
          'AVISO',
          `${e.nome}: conta ${x.contaId} (cliente ${x.clienteId}, ${x.tipo}) com saldo ${x.saldo}, soma das partidas ${x.somaPartidas}, soma dos lotes ${x.somaLotes}.`,
        );
      }
      await d.passo(i + 1, r.divergencias.length ? 'AVISO' : 'INFO', `${e.nome}: ${r.contas} conta(s) conferida(s), ${r.divergencias.length} divergente(s).`);
    }
    d.escrever(divergentes.length ? 'AVISO' : 'INFO', divergentes.length ? `${divergentes.length} conta(s) divergente(s) em ${contas} conferida(s).` : `Nenhuma divergência em ${contas} conta(s).`);
    return { contas, divergencias: divergentes };
  },

  async LIMPAR_SESSOES(app, _empresas, d, andamento) {
    await andamento.definirTotal(2);
    const sessoes = await limparSessoesVencidas(app.db, app.config.sessionIdleMs);
    await d.passo(1, 'INFO', `${sessoes} sessão(ões) vencida(s) apagada(s).`);
    const tentativas = await limparTentativasAntigas(app.db, app.config.tentativas.janelaMs);
    await d.passo(2, 'INFO', `${tentativas} tentativa(s) de login antiga(s) apagada(s).`);
    return { sessoes, tentativas };
  },

  async REINDEXAR_BUSCA(app, empresas, d, andamento) {
    await andamento.definirTotal(empresas.length);
    const totais = { clientes: 0, palavrasFaltando: 0, palavrasSobrando: 0 };
    for (const [i, e] of empresas.entries()) {
      const r = await reindexarBusca(app.db, e.id);
      totais.clientes += r.clientes;
      totais.palavrasFaltando += r.palavrasFaltando;
      totais.palavrasSobrando += r.palavrasSobrando;
      const mudou = r.palavrasFaltando + r.palavrasSobrando > 0;
      await d.passo(i + 1, mudou ? 'AVISO' : 'INFO', `${e.nome}: ${r.clientes} cliente(s); ${r.palavrasFaltando} palavra(s) acrescentada(s), ${r.palavrasSobrando} retirada(s).`);
    }
    return totais;
  },
};

async function executarManutencao(app: FastifyInstance, parametros: Record<string, unknown>, andamento: AndamentoTarefaDoSistema): Promise<ResultadoManutencao> {
  const acao = parametros.acao as AcaoManutencao;
  const empresaId = typeof parametros.empresaId === 'number' ? parametros.empresaId : null;
  const d = criarDiario(andamento);
  try {
    const empresas = ACOES[acao].empresa === 'NENHUMA' ? [] : await empresasAlvo(app, empresaId);
    if (empresaId !== null && empresas.length === 0) throw new ErroApi(404, 'Empresa não encontrada.');
    await d.passo(0, 'INFO', `Início: ${ACOES[acao].titulo}${empresaId !== null ? ` (${empresas[0]!.nome})` : ACOES[acao].empresa === 'OPCIONAL' ? ' (todas as empresas)' : ''}.`);
    const resumo = await EXECUCOES[acao](app, empresas, d, andamento);
    return d.fim(resumo);
  } catch (e) {
    await d.falha(e instanceof ErroApi ? e.message : 'Falha inesperada; detalhes no log do servidor.');
    throw e;
  }
}

for (const acao of ACOES_MANUTENCAO) registrarTarefaDoSistema(tipoTarefaManutencao(acao), executarManutencao, { manterParametros: true });
