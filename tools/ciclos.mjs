#!/usr/bin/env node
/**
 * Import cycles between files of the API, the web and the contracts, type-only imports included
 * (docs/decisions/022-fronteiras-entre-modulos.md). A cycle makes the load order matter and ties two
 * modules into one; part of `npm run lint`. Reads relative specifiers only (packages are leaves);
 * no dependency, a second or less on the whole repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const raiz = path.resolve(import.meta.dirname, '..');
const PASTAS = ['apps/api/src', 'apps/web/src', 'packages/contracts/src'];
const ESPECIFICADOR = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"](\.[^'"]+)['"]/g;
const DINAMICO = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function arquivos(pasta) {
  return readdirSync(pasta).flatMap((n) => {
    const p = path.join(pasta, n);
    if (statSync(p).isDirectory()) return n === 'node_modules' || n === 'dist' ? [] : arquivos(p);
    return /\.(ts|tsx)$/.test(n) && !/\.d\.ts$/.test(n) ? [p] : [];
  });
}

function resolver(de, especificador) {
  const base = path.resolve(path.dirname(de), especificador).replace(/\.(js|jsx|mjs)$/, '');
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(c) && statSync(c).isFile() && /\.(ts|tsx)$/.test(c)) return c;
  }
  return null;
}

const grafo = new Map();
for (const pasta of PASTAS) {
  for (const a of arquivos(path.join(raiz, pasta))) {
    const texto = readFileSync(a, 'utf8');
    const alvos = new Set();
    for (const re of [ESPECIFICADOR, DINAMICO]) {
      for (const m of texto.matchAll(re)) {
        const r = resolver(a, m[1]);
        if (r) alvos.add(r);
      }
    }
    grafo.set(a, [...alvos]);
  }
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let indice = 0;
const pilha = [];
const info = new Map();
const ciclos = [];
function visitar(v) {
  info.set(v, { indice, baixo: indice, naPilha: true });
  indice++;
  pilha.push(v);
  for (const w of grafo.get(v) ?? []) {
    if (!info.has(w)) {
      visitar(w);
      info.get(v).baixo = Math.min(info.get(v).baixo, info.get(w).baixo);
    } else if (info.get(w).naPilha) info.get(v).baixo = Math.min(info.get(v).baixo, info.get(w).indice);
  }
  if (info.get(v).baixo === info.get(v).indice) {
    const componente = [];
    let w;
    do {
      w = pilha.pop();
      info.get(w).naPilha = false;
      componente.push(w);
    } while (w !== v);
    if (componente.length > 1 || (grafo.get(v) ?? []).includes(v)) ciclos.push(componente);
  }
}
for (const v of grafo.keys()) if (!info.has(v)) visitar(v);

if (ciclos.length > 0) {
  console.error(`Ciclos de importação (${ciclos.length}); quebre-os movendo o que é comum para um arquivo que ambos importem (decisão 022):`);
  for (const c of ciclos) console.error(`  - ${c.map((a) => path.relative(raiz, a)).sort().join('  ↔  ')}`);
  process.exit(1);
}
console.log(`Sem ciclos de importação (${grafo.size} arquivos).`);
