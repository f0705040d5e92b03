// Sales over HTTP (issue 3 target: ≥ 1,500/s with p99 ≤ 50 ms on PostgreSQL), on the demo customers.
import autocannon from 'autocannon';
import { iniciarServidor } from './servidor-bench.mjs';

function rodar(opcoes) {
  return new Promise((ok, falha) => autocannon(opcoes, (e, r) => (e ? falha(e) : ok(r))));
}

export async function benchVendas(engine, baseUrl) {
  const s = await iniciarServidor({ engine, porta: engine === 'postgres' ? 8305 : 8304, baseUrl });
  try {
    const login = await fetch(`${s.url}/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('gerente:demo1234').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=bonifica-backoffice-web',
    });
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '';
    const cabecalhos = { cookie: cookies.join('; '), 'x-xsrf-token': xsrf, 'content-type': 'application/json' };
    const pagina = await fetch(`${s.url}/services/client/filterpaginated/0/100`, { method: 'POST', headers: cabecalhos, body: '{}' });
    const clientes = (await pagina.json()).result.content.filter((c) => c.status === 'ATIVO').map((c) => c.id);
    let i = 0;
    const r = await rodar({
      url: `${s.url}/services/transacao/venda`,
      method: 'POST',
      connections: 32,
      duration: 10,
      headers: cabecalhos,
      requests: [
        {
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ clienteId: clientes[i++ % clientes.length], valor: 50 + (i % 200) / 4 }) }),
        },
      ],
    });
    return { engine, reqPorSeg: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, erros: r.errors + r.non2xx };
  } finally {
    await s.parar();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  for (const engine of (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',')) console.log(JSON.stringify(await benchVendas(engine, pgUrl)));
}
