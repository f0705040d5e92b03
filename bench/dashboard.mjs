// Dashboard over a year (issue 3 §10 target on PostgreSQL: p95 ≤ 100 ms with 5M sales), on a data set
// made by gerar-dados.mjs:  node bench/dashboard.mjs --pg postgres://…/bonifica_bench | --pglite <pasta>
import { alvoDosArgumentos, entrar, iniciarApi, resumo, rodar } from './dados/medir.mjs';

const alvo = alvoDosArgumentos();
const api = await iniciarApi({ ...alvo, porta: alvo.engine === 'postgres' ? 8364 : 8365 });
try {
  const cabecalhos = await entrar(api.base);
  const periodos = (await (await fetch(`${api.base}/services/empresadashboard/filtroperiodo`, { headers: cabecalhos })).json()).results;
  const ano = periodos.find((p) => p.codigo === 'ULTIMOS_12_MESES');
  const mes = periodos.find((p) => p.codigo === 'ULTIMOS_30_DIAS');
  const url = `${api.base}/services/empresadashboard/completo`;
  // A dashboard is a manager's page, not a counter: one user at a time is the target's case; 8 at once shows the ceiling.
  const casos = [
    ['ano (12 meses), todas as filiais', { de: ano.de, ate: ano.ate }, 1],
    ['ano (12 meses), todas as filiais', { de: ano.de, ate: ano.ate }, 8],
    ['ano (12 meses), uma filial', { de: ano.de, ate: ano.ate, filialId: 2 }, 1],
    ['30 dias, todas as filiais', { de: mes.de, ate: mes.ate }, 1],
  ];
  // The first call of a period summarises its closed days (resumo_venda_dia); timed apart.
  const t0 = Date.now();
  const primeira = await fetch(url, { method: 'POST', headers: cabecalhos, body: JSON.stringify(casos[0][1]) });
  const corpo = await primeira.json();
  console.log(`primeira chamada do ano (monta o resumo diário): ${Date.now() - t0} ms, status ${primeira.status}; vendas ${corpo.result?.vendas.quantidade}, ativos ${corpo.result?.clientes.ativos}`);
  for (const [nome, filtro, conexoes] of casos) {
    const r = await rodar({ url, method: 'POST', headers: cabecalhos, body: JSON.stringify(filtro), connections: conexoes, duration: 10 });
    console.log(JSON.stringify({ engine: alvo.engine, caso: nome, conexoes, ...resumo(r) }));
  }
} finally {
  await api.parar();
}
