// Customer list with search over HTTP (issue 3 §10 target on PostgreSQL: p95 ≤ 25 ms), on a data set made
// by gerar-dados.mjs:  node bench/clientes-busca.mjs --pg postgres://…/bonifica_bench | --pglite <pasta>
// The terms are what a counter types: part of a name, CPF digits, phone digits, an e-mail. Each case runs
// with one connection (one attendant searching: the latency a person sees) and with 8 (a busy office).
import { alvoDosArgumentos, entrar, iniciarApi, resumo, rodar } from './dados/medir.mjs';

const TERMOS = ['maria silva', 'joão pereira', 'Conceição', 'luiza gomes', '200012', '2004567', '987654', '91234', 'ana.souza12', 'otavio'];

const alvo = alvoDosArgumentos();
const api = await iniciarApi({ ...alvo, porta: alvo.engine === 'postgres' ? 8366 : 8367 });
try {
  const cabecalhos = await entrar(api.base);
  const url = `${api.base}/services/client/filterpaginated/0/20`;
  for (const termo of TERMOS) {
    const t0 = Date.now();
    const r = await (await fetch(url, { method: 'POST', headers: cabecalhos, body: JSON.stringify({ busca: termo }) })).json();
    console.log(`  "${termo}": ${r.result?.totalElements ?? r.messageError} clientes, ${Date.now() - t0} ms (frio)`);
  }
  let i = 0;
  const casos = [
    ['busca (termos alternados)', { requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ busca: TERMOS[i++ % TERMOS.length] }) }) }] }],
    ['lista sem busca (1ª página)', { body: '{}' }],
  ];
  for (const [nome, extra] of casos) {
    for (const conexoes of [1, 8]) {
      const r = await rodar({ url, method: 'POST', headers: cabecalhos, connections: conexoes, duration: 10, ...extra });
      console.log(JSON.stringify({ engine: alvo.engine, caso: nome, conexoes, ...resumo(r) }));
    }
  }
} finally {
  await api.parar();
}
