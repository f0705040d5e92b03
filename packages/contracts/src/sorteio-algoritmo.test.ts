import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { indiceSorteado, lerLista, sha256Hex, sortearPosicao, type GanhadorAnterior } from './sorteio-algoritmo.js';

/** Deterministic pseudo-random generator (mulberry32): reproducible cases without a dependency. */
function gerador(semente: number) {
  let a = semente >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A canonical list as the freeze writes it: participants with 1..4 consecutive numbers. */
function listaAleatoria(r: () => number): string {
  let numero = 0;
  let texto = '';
  const participantes = 1 + Math.floor(r() * 40);
  for (let p = 1; p <= participantes; p++) {
    const qtd = 1 + Math.floor(r() * 4);
    for (let i = 0; i < qtd; i++) texto += `${String(++numero).padStart(7, '0')};${String(p).padStart(7, '0')};***.${Math.floor(r() * 900 + 100)}.123-**;José Ç.\n`;
  }
  return texto;
}

async function sortearTudo(texto: string, semente: string, premios: number, umPorCliente: boolean) {
  const linhas = lerLista(texto);
  const hash = await sha256Hex(texto);
  const anteriores: GanhadorAnterior[] = [];
  for (let k = 1; k <= premios; k++) {
    const restantes = linhas.filter((l) => !anteriores.some((a) => a.numero === l.numero || (umPorCliente && a.participante === l.participante)));
    if (!restantes.length) break;
    const g = await sortearPosicao(linhas, hash, semente, k, anteriores, umPorCliente);
    anteriores.push(g);
  }
  return { hash, ganhadores: anteriores.map((a) => a.numero) };
}

describe('algoritmo do sorteio (decisão 037)', () => {
  it('SHA-256 igual ao do node:crypto, em UTF-8', async () => {
    for (const t of ['', 'abc', '0000001;0000001;***.456.789-**;João Ç.\n']) expect(await sha256Hex(t)).toBe(createHash('sha256').update(t, 'utf8').digest('hex'));
  });

  it('propriedade: a mesma lista e a mesma semente dão sempre os mesmos ganhadores; a semente muda o resultado', async () => {
    const r = gerador(42);
    let diferentes = 0;
    for (let caso = 0; caso < 40; caso++) {
      const texto = listaAleatoria(r);
      const semente = String(Math.floor(r() * 100000)).padStart(5, '0');
      const um = r() < 0.5;
      const a = await sortearTudo(texto, semente, 5, um);
      const b = await sortearTudo(texto, semente, 5, um);
      expect(b).toEqual(a);
      expect(new Set(a.ganhadores).size).toBe(a.ganhadores.length);
      const c = await sortearTudo(texto, semente + '1', 5, um);
      if (c.ganhadores.join() !== a.ganhadores.join()) diferentes++;
    }
    expect(diferentes).toBeGreaterThan(30);
  });

  it('propriedade: mudar um participante (um caractere de uma linha) muda o SHA-256', async () => {
    const r = gerador(7);
    for (let caso = 0; caso < 40; caso++) {
      const texto = listaAleatoria(r);
      const linhas = texto.split('\n');
      const i = Math.floor(r() * (linhas.length - 1));
      linhas[i] = linhas[i]!.replace(/;[^;]*$/, ';Maria S.');
      const outro = linhas.join('\n');
      if (outro === texto) continue;
      expect(await sha256Hex(outro)).not.toBe(await sha256Hex(texto));
    }
  });

  it('um prêmio por cliente: quem ganhou não volta; sem a regra, só o número sorteado sai', async () => {
    const texto = listaAleatoria(gerador(3));
    const linhas = lerLista(texto);
    const participantes = new Set(linhas.map((l) => l.participante)).size;
    const { ganhadores } = await sortearTudo(texto, '12345', participantes + 3, true);
    expect(ganhadores).toHaveLength(participantes);
    const donos = ganhadores.map((n) => linhas.find((l) => l.numero === n)!.participante);
    expect(new Set(donos).size).toBe(participantes);
    expect((await sortearTudo(texto, '12345', linhas.length, false)).ganhadores).toHaveLength(linhas.length);
  });

  it('índice sempre dentro do intervalo e sem viés visível (qui-quadrado folgado)', async () => {
    const contagem = [0, 0, 0, 0, 0, 0, 0];
    for (let k = 1; k <= 3500; k++) {
      const i = await indiceSorteado('h', 's', k, 7);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(i).toBeLessThan(7);
      contagem[i]!++;
    }
    const esperado = 500;
    const qui = contagem.reduce((s, c) => s + (c - esperado) ** 2 / esperado, 0);
    expect(qui).toBeLessThan(30);
    await expect(indiceSorteado('h', 's', 1, 0)).rejects.toThrow();
  });
});
