/**
 * Calls that arrive together, run together: the sales of many counters of a company go to the
 * database as one batch — one transaction, a fixed number of statements — instead of one
 * transaction each (docs/decisions/017-vendas-em-lote.md). Nothing waits for a timer: a call
 * starts a batch at once when a slot is free, and the calls that arrive while the slots are busy
 * form the next batch, so batches grow only as the load does.
 */
export type OpcoesAgrupador<P, R> = {
  /** Runs a batch; one outcome per call, in order: its reply, or the Error that refuses it. A throw fails every call of the batch. */
  executar(lote: P[]): Promise<(R | Error)[]>;
  /** Calls of different groups never share a batch (the company: a batch is bound to one tenant). */
  grupo(p: P): string;
  /**
   * What two calls running at the same time must not share (a customer, an Idempotency-Key): a
   * call waits for the next batch while another with one of its keys is in this one or in flight.
   */
  chaves(p: P): string[];
  maximoLote: number;
  /** Batches of one group in flight at once (each holds a database connection). */
  maximoEmVoo: number;
};

/** The batcher: a call, and a way to wait until every call it was given has its outcome. */
export type Agrupador<P, R> = ((p: P) => Promise<R>) & {
  /**
   * Resolves once no call is queued or in flight. The app waits for it when it closes, before the
   * database does: a queued sale would otherwise run on a closed pool (issue 12 §8).
   */
  esvaziar(): Promise<void>;
};

type Item<P, R> = { p: P; chaves: string[]; resolver(r: R): void; rejeitar(e: unknown): void };
type Grupo<P, R> = { fila: Item<P, R>[]; emVoo: number; ocupadas: Set<string>; agendado: boolean };

export function criarAgrupador<P, R>(o: OpcoesAgrupador<P, R>): Agrupador<P, R> {
  const grupos = new Map<string, Grupo<P, R>>();
  let esperandoVazio: (() => void)[] = [];

  function avisarSeVazio(): void {
    if (grupos.size > 0 || esperandoVazio.length === 0) return;
    const avisar = esperandoVazio;
    esperandoVazio = [];
    for (const a of avisar) a();
  }

  async function rodar(lote: Item<P, R>[]): Promise<void> {
    let saidas: (R | Error)[];
    try {
      saidas = await o.executar(lote.map((i) => i.p));
    } catch (e) {
      if (lote.length === 1) return lote[0]!.rejeitar(e);
      // A failure of the batch as a whole (a lock timeout, a bug in one call): each call runs
      // again alone, all at once, so it gets its own outcome and none waits behind another.
      await Promise.all(lote.map((i) => rodar([i])));
      return;
    }
    saidas.forEach((s, k) => (s instanceof Error ? lote[k]!.rejeitar(s) : lote[k]!.resolver(s)));
  }

  /** Takes from the queue the next batch: in arrival order, skipping calls whose keys are taken. */
  function proximoLote(g: Grupo<P, R>): Item<P, R>[] {
    const lote: Item<P, R>[] = [];
    const usadas = new Set<string>();
    for (let k = 0; k < g.fila.length && lote.length < o.maximoLote; ) {
      const i = g.fila[k]!;
      if (i.chaves.some((c) => g.ocupadas.has(c) || usadas.has(c))) {
        k++;
        continue;
      }
      g.fila.splice(k, 1);
      lote.push(i);
      for (const c of i.chaves) usadas.add(c);
    }
    return lote;
  }

  function despachar(nome: string, g: Grupo<P, R>): void {
    g.agendado = false;
    while (g.emVoo < o.maximoEmVoo && g.fila.length > 0) {
      const lote = proximoLote(g);
      if (lote.length === 0) return;
      const chaves = lote.flatMap((i) => i.chaves);
      for (const c of chaves) g.ocupadas.add(c);
      g.emVoo++;
      void rodar(lote).finally(() => {
        g.emVoo--;
        for (const c of chaves) g.ocupadas.delete(c);
        if (g.emVoo === 0 && g.fila.length === 0) {
          grupos.delete(nome);
          avisarSeVazio();
        } else despachar(nome, g);
      });
    }
  }

  const chamar = (p: P) =>
    new Promise<R>((resolver, rejeitar) => {
      const nome = o.grupo(p);
      let g = grupos.get(nome);
      if (!g) grupos.set(nome, (g = { fila: [], emVoo: 0, ocupadas: new Set(), agendado: false }));
      g.fila.push({ p, chaves: o.chaves(p), resolver, rejeitar });
      // After the current turn of the event loop: the requests read from the sockets in the same
      // turn join one batch instead of the first of them leaving alone.
      if (!g.agendado) {
        g.agendado = true;
        const grupo = g;
        setImmediate(() => despachar(nome, grupo));
      }
    });
  return Object.assign(chamar, {
    esvaziar: () => (grupos.size === 0 ? Promise.resolve() : new Promise<void>((ok) => esperandoVazio.push(ok))),
  });
}
