import type { PoliticaDuplicados, UnidadeSaldoInicial } from '@bonifica/contracts';

/** What every batch writer of an import needs to know, and what it reports back. */
export type ContextoLote = {
  tarefaId: string;
  empresaId: number;
  usuarioId: number | null;
  /** Origin branch of new customers: where the user who ran the import works. */
  filialId: number | null;
  duplicados: PoliticaDuplicados;
  unidadeSaldo: UnidadeSaldoInicial;
};

export type ContagemLote = {
  inseridos: number;
  mesclados: number;
  ignorados: number;
  saldosLancados: number;
  saldoTotal: number;
  saldosIgnorados: number;
};

export function somarContagens(a: ContagemLote, b: ContagemLote): ContagemLote {
  return {
    inseridos: a.inseridos + b.inseridos,
    mesclados: a.mesclados + b.mesclados,
    ignorados: a.ignorados + b.ignorados,
    saldosLancados: a.saldosLancados + b.saldosLancados,
    saldoTotal: a.saldoTotal + b.saldoTotal,
    saldosIgnorados: a.saldosIgnorados + b.saldosIgnorados,
  };
}

export const CONTAGEM_ZERO: ContagemLote = { inseridos: 0, mesclados: 0, ignorados: 0, saldosLancados: 0, saldoTotal: 0, saldosIgnorados: 0 };
