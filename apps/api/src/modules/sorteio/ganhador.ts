import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { indiceSorteado, MENSAGEM_SEM_PARTICIPANTES, type GanhadorSorteio, type Sorteio } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { cliente, sorteio, sorteioGanhador, sorteioParticipante } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { enfileirarParaCliente, SemInstanciaWhatsapp } from '../mensagem/index.js';
import { nomeDaEmpresa } from '../company/index.js';

export const numeroTexto = (n: number) => String(n).padStart(7, '0');

type Anterior = { numero: number; participante: number };

/**
 * The numbers out of the draw as sorted, disjoint ranges: the numbers already drawn and, with one prize per
 * customer, every number of a participant who won (one range each, read by the participant key). Same rule
 * as `aindaConcorre` of the algorithm module.
 */
async function foraDoSorteio(tx: Executor, s: Sorteio, anteriores: Anterior[]): Promise<[number, number][]> {
  const faixas: [number, number][] = anteriores.map((a) => [a.numero, a.numero]);
  if (s.umPremioPorCliente && anteriores.length) {
    const r = await tx
      .select({ de: sorteioParticipante.primeiro, ate: sorteioParticipante.ultimo })
      .from(sorteioParticipante)
      .where(and(eq(sorteioParticipante.sorteioId, s.id), sql`${sorteioParticipante.participante} = any(${`{${anteriores.map((a) => a.participante).join(',')}}`}::integer[])`));
    faixas.push(...r.map((x): [number, number] => [x.de, x.ate]));
  }
  faixas.sort((a, b) => a[0] - b[0]);
  const unidas: [number, number][] = [];
  for (const [de, ate] of faixas) {
    const ultima = unidas[unidas.length - 1];
    if (ultima && de <= ultima[1] + 1) ultima[1] = Math.max(ultima[1], ate);
    else unidas.push([de, ate]);
  }
  return unidas;
}

/**
 * The lucky numbers are exactly 1..total, so the i-th (0-based) number still in the draw is found by
 * walking the ranges out of it — no scan of the list, whatever its size (bench/RESULTS.md "Sorteios").
 */
export function numeroNaPosicao(indice: number, fora: readonly [number, number][]): number {
  let x = indice + 1;
  for (const [de, ate] of fora) {
    if (de > x) break;
    x += ate - de + 1;
  }
  return x;
}

async function anterioresDo(tx: Executor, sorteioId: number): Promise<Anterior[]> {
  return tx.select({ numero: sorteioGanhador.numero, participante: sorteioGanhador.participante }).from(sorteioGanhador).where(eq(sorteioGanhador.sorteioId, sorteioId)).orderBy(asc(sorteioGanhador.posicao));
}

function conferirPodeSortear(s: Sorteio) {
  if (s.status === 'RASCUNHO') throw erro.requisicao('Congele a lista de participantes antes de sortear.');
  if (s.ganhadores >= s.premios.length) throw erro.requisicao('Todos os prêmios deste sorteio já têm ganhador.');
  if (s.status === 'CONCLUIDO') throw erro.requisicao('Este sorteio foi encerrado: os prêmios restantes ficaram sem ganhador.');
}

type Escolhido = { numero: number; participante: number; clienteId: number };

/** Whose lucky number it is: the participant with the greatest first number up to it, if their range reaches it. */
async function donoDoNumero(tx: Executor, sorteioId: number, numero: number): Promise<Escolhido | null> {
  const [p] = await tx
    .select({ participante: sorteioParticipante.participante, clienteId: sorteioParticipante.clienteId, ultimo: sorteioParticipante.ultimo })
    .from(sorteioParticipante)
    .where(and(eq(sorteioParticipante.sorteioId, sorteioId), lte(sorteioParticipante.primeiro, numero)))
    .orderBy(desc(sorteioParticipante.primeiro))
    .limit(1);
  return p && p.ultimo >= numero ? { numero, participante: p.participante, clienteId: p.clienteId } : null;
}

/** Records the winner of the next position, queues the WhatsApp notice and closes the draw at the last prize. */
async function registrar(tx: Executor, s: Sorteio, empresaId: number, usuarioId: number, e: Escolhido, motivo: string | null): Promise<number> {
  const posicao = s.ganhadores + 1;
  const premio = s.premios[posicao - 1]!;
  const texto = `*${await nomeDaEmpresa(tx, empresaId)}* — ${s.nome}\nParabéns! Seu número da sorte ${numeroTexto(e.numero)} foi contemplado com o ${posicao}º prêmio: ${premio}.\nProcure a loja para combinar a entrega.`;
  let notificado = false;
  try {
    notificado = (await enfileirarParaCliente(tx, { empresaId, clienteId: e.clienteId, texto, origem: 'SORTEIO', origemId: s.id, marketing: false })) > 0;
  } catch (x) {
    // No WhatsApp number: the winner is still recorded; the screen shows "not notified".
    if (!(x instanceof SemInstanciaWhatsapp)) throw x;
  }
  const [g] = await tx
    .insert(sorteioGanhador)
    .values({ empresaId, sorteioId: s.id, posicao, premio, numero: e.numero, participante: e.participante, clienteId: e.clienteId, manual: motivo !== null, motivo, notificado, usuarioId })
    .returning({ id: sorteioGanhador.id });
  if (posicao >= s.premios.length) await tx.update(sorteio).set({ status: 'CONCLUIDO', atualizadoEm: new Date() }).where(and(eq(sorteio.id, s.id), eq(sorteio.empresaId, empresaId)));
  return g!.id;
}

/** The numbers out of the draw and how many still compete for the next prize. */
async function quemConcorre(tx: Executor, s: Sorteio): Promise<{ anteriores: Anterior[]; fora: [number, number][]; restantes: number }> {
  const anteriores = await anterioresDo(tx, s.id);
  const fora = await foraDoSorteio(tx, s, anteriores);
  return { anteriores, fora, restantes: s.totalNumeros! - fora.reduce((n, [de, ate]) => n + ate - de + 1, 0) };
}

/** GET sorteio/addganhador/{id}: the algorithm over (frozen list, seed) for the next position. */
export async function sortearProximo(tx: Executor, s: Sorteio, empresaId: number, usuarioId: number, posicao?: number): Promise<number> {
  // The draw row is locked by the caller, so `ganhadores` is current: a repeated click sees its own winner.
  if (posicao !== undefined && posicao <= s.ganhadores) throw erro.conflito(`O ${posicao}º prêmio já foi sorteado.`);
  if (posicao !== undefined && posicao !== s.ganhadores + 1) throw erro.requisicao(`O próximo prêmio a sortear é o ${s.ganhadores + 1}º.`);
  conferirPodeSortear(s);
  if (!s.semente) throw erro.requisicao('Informe a semente (o resultado da Loteria Federal) antes de sortear.');
  const { anteriores, fora, restantes } = await quemConcorre(tx, s);
  if (restantes <= 0) throw erro.requisicao(MENSAGEM_SEM_PARTICIPANTES);
  const numero = numeroNaPosicao(await indiceSorteado(s.hashLista!, s.semente, anteriores.length + 1, restantes), fora);
  return registrar(tx, s, empresaId, usuarioId, (await donoDoNumero(tx, s.id, numero))!, null);
}

/**
 * POST sorteio/encerrar: closes a draw whose prizes outnumber who can still win (one prize per customer and
 * fewer participants than prizes). Only then: stopping while someone still competes would let the company
 * skip prizes after seeing the winners. The prizes left show "sem ganhador" everywhere.
 */
export async function encerrarSemParticipantes(tx: Executor, s: Sorteio, empresaId: number): Promise<number> {
  conferirPodeSortear(s);
  if ((await quemConcorre(tx, s)).restantes > 0) throw erro.requisicao('Ainda há participantes concorrendo: sorteie os prêmios restantes.');
  await tx.update(sorteio).set({ status: 'CONCLUIDO', atualizadoEm: new Date() }).where(and(eq(sorteio.id, s.id), eq(sorteio.empresaId, empresaId)));
  return s.premios.length - s.ganhadores;
}

/** POST sorteio/addganhadormanual: a lucky number of the frozen list, still in the draw, with the reason. */
export async function ganhadorManual(tx: Executor, s: Sorteio, empresaId: number, usuarioId: number, numero: number, motivo: string): Promise<number> {
  conferirPodeSortear(s);
  const e = await donoDoNumero(tx, s.id, numero);
  if (!e) throw erro.requisicao('Número da sorte não encontrado na lista congelada deste sorteio.');
  const anteriores = await anterioresDo(tx, s.id);
  if (anteriores.some((a) => a.numero === numero)) throw erro.requisicao('Este número da sorte já foi contemplado.');
  if (s.umPremioPorCliente && anteriores.some((a) => a.participante === e.participante)) throw erro.requisicao('Este participante já ganhou um prêmio (regra: um prêmio por cliente).');
  return registrar(tx, s, empresaId, usuarioId, e, motivo);
}

const mascararCpf = (doc: string | null) => (doc && doc.length === 11 ? `***.${doc.slice(3, 6)}.${doc.slice(6, 9)}-**` : '-');

export async function ganhadoresDo(tx: Executor, sorteioId: number, empresaId: number): Promise<GanhadorSorteio[]> {
  const l = await tx
    .select({
      id: sorteioGanhador.id,
      posicao: sorteioGanhador.posicao,
      premio: sorteioGanhador.premio,
      numero: sorteioGanhador.numero,
      participante: sorteioGanhador.participante,
      clienteId: sorteioGanhador.clienteId,
      clienteNome: cliente.nome,
      documento: cliente.documento,
      manual: sorteioGanhador.manual,
      motivo: sorteioGanhador.motivo,
      notificado: sorteioGanhador.notificado,
      criadoEm: sorteioGanhador.criadoEm,
    })
    .from(sorteioGanhador)
    .innerJoin(cliente, eq(cliente.id, sorteioGanhador.clienteId))
    .where(and(eq(sorteioGanhador.sorteioId, sorteioId), eq(sorteioGanhador.empresaId, empresaId)))
    .orderBy(asc(sorteioGanhador.posicao));
  return l.map(({ documento, ...g }) => ({
    ...g,
    numero: numeroTexto(g.numero),
    participante: numeroTexto(g.participante),
    cpfMascarado: mascararCpf(documento),
    criadoEm: new Date(g.criadoEm).toISOString(),
  }));
}
