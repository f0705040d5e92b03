import { describe, expect, it } from 'vitest';
import { criarAgrupador, type OpcoesAgrupador } from '../src/lib/agrupador.js';

/** A call of the tests: a name and the keys it must not share with a call running at the same time. */
type Chamada = { nome: string; chaves?: string[]; falha?: boolean };

/** The batcher over an `executar` that records every batch it was given, and answers each call with its name. */
function agrupadorDeTeste(opcoes: Partial<OpcoesAgrupador<Chamada, string>> & { esperaMs?: number } = {}) {
  const lotes: string[][] = [];
  let emVoo = 0;
  let maximoVisto = 0;
  const chamar = criarAgrupador<Chamada, string>({
    async executar(lote) {
      lotes.push(lote.map((c) => c.nome));
      maximoVisto = Math.max(maximoVisto, ++emVoo);
      await new Promise((ok) => setTimeout(ok, opcoes.esperaMs ?? 5));
      emVoo--;
      return lote.map((c) => (c.falha ? new Error(`recusada: ${c.nome}`) : `ok: ${c.nome}`));
    },
    grupo: () => 'empresa 1',
    chaves: (c) => c.chaves ?? [],
    maximoLote: 64,
    maximoEmVoo: 1,
    ...opcoes,
  });
  return { chamar, lotes, maximoEmVoo: () => maximoVisto };
}

describe('agrupador (lib/agrupador.ts, decisão 017)', () => {
  it('chamadas que chegam juntas vão num lote, na ordem, e cada uma recebe a sua resposta', async () => {
    const a = agrupadorDeTeste();
    const respostas = await Promise.all(['a', 'b', 'c', 'd'].map((nome) => a.chamar({ nome })));
    expect(respostas).toEqual(['ok: a', 'ok: b', 'ok: c', 'ok: d']);
    expect(a.lotes).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('uma recusa recusa só a sua chamada', async () => {
    const a = agrupadorDeTeste();
    const r = await Promise.allSettled([a.chamar({ nome: 'a' }), a.chamar({ nome: 'b', falha: true }), a.chamar({ nome: 'c' })]);
    expect(r.map((x) => (x.status === 'fulfilled' ? x.value : (x.reason as Error).message))).toEqual(['ok: a', 'recusada: b', 'ok: c']);
    expect(a.lotes).toHaveLength(1);
  });

  it('duas chamadas com a mesma chave (o mesmo cliente) nunca vão juntas nem ao mesmo tempo', async () => {
    const a = agrupadorDeTeste({ maximoEmVoo: 2 });
    await Promise.all([
      a.chamar({ nome: 'a', chaves: ['cliente:1'] }),
      a.chamar({ nome: 'b', chaves: ['cliente:1'] }),
      a.chamar({ nome: 'c', chaves: ['cliente:2'] }),
    ]);
    // 'b' waits for the batch of 'a' to finish, although a second slot was free.
    expect(a.lotes).toEqual([['a', 'c'], ['b']]);
    expect(a.maximoEmVoo()).toBe(1);
  });

  it('respeita o tamanho do lote e os lotes em voo', async () => {
    const a = agrupadorDeTeste({ maximoLote: 3, maximoEmVoo: 2 });
    const nomes = Array.from({ length: 10 }, (_, i) => `v${i}`);
    expect(await Promise.all(nomes.map((nome) => a.chamar({ nome })))).toEqual(nomes.map((n) => `ok: ${n}`));
    expect(a.lotes.map((l) => l.length)).toEqual([3, 3, 3, 1]);
    expect(a.maximoEmVoo()).toBe(2);
  });

  it('se o lote inteiro falha, cada chamada roda de novo sozinha e recebe o próprio resultado', async () => {
    const lotes: string[][] = [];
    const chamar = criarAgrupador<Chamada, string>({
      async executar(lote) {
        lotes.push(lote.map((c) => c.nome));
        // A statement that breaks the whole batch when the bad call is in it with others (a lock timeout, a bug).
        if (lote.length > 1 && lote.some((c) => c.falha)) throw new Error('lote desfeito');
        if (lote[0]!.falha) throw new Error(`falhou sozinha: ${lote[0]!.nome}`);
        return lote.map((c) => `ok: ${c.nome}`);
      },
      grupo: () => 'empresa 1',
      chaves: () => [],
      maximoLote: 64,
      maximoEmVoo: 1,
    });
    const r = await Promise.allSettled([chamar({ nome: 'a' }), chamar({ nome: 'b', falha: true }), chamar({ nome: 'c' })]);
    expect(r.map((x) => (x.status === 'fulfilled' ? x.value : (x.reason as Error).message))).toEqual(['ok: a', 'falhou sozinha: b', 'ok: c']);
    expect(lotes).toEqual([['a', 'b', 'c'], ['a'], ['b'], ['c']]);
  });

  it('grupos diferentes (empresas) nunca partilham um lote', async () => {
    const lotes: string[][] = [];
    const chamar = criarAgrupador<Chamada & { empresa: number }, string>({
      async executar(lote) {
        lotes.push(lote.map((c) => c.nome));
        return lote.map((c) => c.nome);
      },
      grupo: (c) => String(c.empresa),
      chaves: () => [],
      maximoLote: 64,
      maximoEmVoo: 1,
    });
    await Promise.all([chamar({ nome: 'a1', empresa: 1 }), chamar({ nome: 'b2', empresa: 2 }), chamar({ nome: 'c1', empresa: 1 })]);
    expect(lotes.sort()).toEqual([['a1', 'c1'], ['b2']]);
  });

  it('esvaziar espera as chamadas na fila e em voo (o app fecha antes do banco)', async () => {
    const a = agrupadorDeTeste({ esperaMs: 20 });
    await a.chamar.esvaziar();
    const feitas: string[] = [];
    const chamadas = ['a', 'b', 'c'].map((nome, i) => a.chamar({ nome, chaves: ['cliente:1'] }).then((r) => feitas.push(r), () => i));
    await a.chamar.esvaziar();
    expect(feitas).toEqual(['ok: a', 'ok: b', 'ok: c']);
    await Promise.all(chamadas);
  });
});
