import { asc, eq } from 'drizzle-orm';
import { VERSAO_ALGORITMO_SORTEIO, type GanhadorSorteio, type Sorteio } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { sorteioParticipante } from '../../db/schema/index.js';
import { erro } from '../../lib/erros.js';
import { relatorioPdf } from '../../lib/pdf.js';
import { numeroTexto } from './ganhador.js';

/** Above this the PDF would be hundreds of pages: the complete list is the TXT of the public page. */
export const MAXIMO_PARTICIPANTES_PDF = 5000;

const data = (d: string) => d.split('-').reverse().join('/');
const resumoDoSorteio = (s: Sorteio): [string, string][] => [
  ['Período', `${data(s.inicio)} a ${data(s.fim)}`],
  ['Participantes', String(s.totalParticipantes ?? 0)],
  ['Números da sorte', String(s.totalNumeros ?? 0)],
];
const rodapeHash = (s: Sorteio) => `SHA-256 da lista: ${s.hashLista} · semente: ${s.semente ?? 'a informar'} · algoritmo ${VERSAO_ALGORITMO_SORTEIO}`;

/** GET sorteio/participantes/impressao/{id}: one row per participant with their range of lucky numbers (consecutive). */
export async function participantesPdf(tx: Executor, s: Sorteio, empresaNome: string): Promise<Buffer> {
  if (s.status === 'RASCUNHO') throw erro.requisicao('Congele a lista de participantes antes de imprimi-la.');
  if ((s.totalParticipantes ?? 0) > MAXIMO_PARTICIPANTES_PDF) throw erro.requisicao(`Mais de ${MAXIMO_PARTICIPANTES_PDF} participantes: baixe a lista completa (TXT) na página pública do sorteio.`);
  const linhas = await tx
    .select({ participante: sorteioParticipante.participante, cpf: sorteioParticipante.cpfMascarado, nome: sorteioParticipante.nomeAbreviado, de: sorteioParticipante.primeiro, ate: sorteioParticipante.ultimo })
    .from(sorteioParticipante)
    .where(eq(sorteioParticipante.sorteioId, s.id))
    .orderBy(asc(sorteioParticipante.participante));
  return relatorioPdf({
    titulo: `Participantes — ${s.nome}`,
    empresa: empresaNome,
    subtitulo: rodapeHash(s),
    resumo: resumoDoSorteio(s),
    colunas: [
      { titulo: 'Participante', valor: (p) => numeroTexto(p.participante), largura: 'auto' },
      { titulo: 'CPF', valor: (p) => p.cpf, largura: 'auto' },
      { titulo: 'Nome', valor: (p) => p.nome },
      { titulo: 'Números', valor: (p) => String(p.ate - p.de + 1), largura: 'auto', alinhamento: 'right' },
      { titulo: 'Da sorte', valor: (p) => (p.de === p.ate ? numeroTexto(p.de) : `${numeroTexto(p.de)} a ${numeroTexto(p.ate)}`), largura: 'auto' },
    ],
    linhas,
  });
}

/** GET sorteio/ganhadores/impressao/{id}: the winners with the list's hash and the seed, manual ones flagged. */
export function ganhadoresPdf(s: Sorteio, ganhadores: GanhadorSorteio[], empresaNome: string): Promise<Buffer> {
  type Linha = { premio: string; numero: string; ganhador: string; como: string };
  const linhas: Linha[] = ganhadores.map((g) => ({
    premio: `${g.posicao}º — ${g.premio}`,
    numero: g.numero,
    ganhador: `${g.clienteNome} (${g.cpfMascarado})`,
    como: g.manual ? `MANUAL: ${g.motivo}` : 'Sorteado pelo algoritmo',
  }));
  // A draw closed with prizes left (sorteio/encerrar): those prizes are listed without a winner.
  if (s.status === 'CONCLUIDO') {
    s.premios.slice(ganhadores.length).forEach((p, i) => linhas.push({ premio: `${ganhadores.length + i + 1}º — ${p}`, numero: '—', ganhador: 'Sem ganhador', como: 'Não restavam participantes' }));
  }
  return relatorioPdf({
    titulo: `Ganhadores — ${s.nome}`,
    empresa: empresaNome,
    subtitulo: rodapeHash(s),
    resumo: resumoDoSorteio(s),
    colunas: [
      { titulo: 'Prêmio', valor: (l: Linha) => l.premio },
      { titulo: 'Número', valor: (l: Linha) => l.numero, largura: 'auto' },
      { titulo: 'Ganhador', valor: (l: Linha) => l.ganhador },
      { titulo: 'Como', valor: (l: Linha) => l.como, largura: 120 },
    ],
    linhas,
  });
}
