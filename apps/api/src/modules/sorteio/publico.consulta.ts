import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { empresa, sorteio, sorteioGanhador, sorteioParticipante } from '../../db/schema/index.js';
import { linhaDoNumero } from './congelar.js';
import { numeroTexto } from './ganhador.js';

export type GanhadorPublico = { posicao: number; premio: string; numero: string; participante: string; linha: string; manual: boolean; motivo: string | null };
export type SorteioPublico = {
  id: number;
  codigo: string;
  empresa: string;
  nome: string;
  regulamento: string;
  inicio: string;
  fim: string;
  premios: string[];
  umPremioPorCliente: boolean;
  origemSemente: 'LOTERIA' | 'FIXA';
  dataLoteria: string | null;
  semente: string | null;
  sementeEm: string | null;
  status: 'RASCUNHO' | 'CONGELADO' | 'CONCLUIDO';
  hashLista: string | null;
  totalNumeros: number | null;
  totalParticipantes: number | null;
  congeladoEm: string | null;
  ganhadores: GanhadorPublico[];
};

/**
 * Public reading without a session (like the share page): read as the app's owner, by the unguessable
 * code, and only what the rules make public — winners as the masked line of the frozen list (LGPD).
 */
export async function buscarSorteioPublico(db: Db, codigo: string): Promise<SorteioPublico | null> {
  const [s] = await db
    .select({
      id: sorteio.id,
      codigo: sorteio.codigoPublico,
      empresa: empresa.nomeCurto,
      nome: sorteio.nome,
      regulamento: sorteio.regulamento,
      inicio: sorteio.inicio,
      fim: sorteio.fim,
      premios: sorteio.premios,
      umPremioPorCliente: sorteio.umPremioPorCliente,
      origemSemente: sorteio.origemSemente,
      dataLoteria: sorteio.dataLoteria,
      semente: sorteio.semente,
      sementeEm: sorteio.sementeEm,
      status: sorteio.status,
      hashLista: sorteio.hashLista,
      totalNumeros: sorteio.totalNumeros,
      totalParticipantes: sorteio.totalParticipantes,
      congeladoEm: sorteio.congeladoEm,
    })
    .from(sorteio)
    .innerJoin(empresa, eq(empresa.id, sorteio.empresaId))
    .where(eq(sorteio.codigoPublico, codigo))
    .limit(1);
  if (!s) return null;
  const g = await db
    .select({ posicao: sorteioGanhador.posicao, premio: sorteioGanhador.premio, numero: sorteioGanhador.numero, participante: sorteioGanhador.participante, linha: linhaDoNumero(sorteioGanhador.numero), manual: sorteioGanhador.manual, motivo: sorteioGanhador.motivo })
    .from(sorteioGanhador)
    .innerJoin(sorteioParticipante, and(eq(sorteioParticipante.sorteioId, sorteioGanhador.sorteioId), eq(sorteioParticipante.participante, sorteioGanhador.participante)))
    .where(eq(sorteioGanhador.sorteioId, s.id))
    .orderBy(asc(sorteioGanhador.posicao));
  return {
    ...s,
    congeladoEm: s.congeladoEm ? new Date(s.congeladoEm).toISOString() : null,
    sementeEm: s.sementeEm ? new Date(s.sementeEm).toISOString() : null,
    ganhadores: g.map((x) => ({ ...x, numero: numeroTexto(x.numero), participante: numeroTexto(x.participante) })),
  };
}
