// Benchmark of issue 2: POST /login and an authenticated GET, req/s and p95, on PGlite and PostgreSQL.
import autocannon from 'autocannon';
import { iniciarServidor } from './servidor-bench.mjs';

const TOKEN = 'bonifica-backoffice-web';
const basic = `Basic ${Buffer.from('gerente:demo1234').toString('base64')}`;

function rodar(opcoes) {
  return new Promise((ok, falha) => autocannon(opcoes, (e, r) => (e ? falha(e) : ok(r))));
}

async function sessao(url) {
  const r = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', 'remember-me': 'false' },
    body: `token=${TOKEN}`,
  });
  const cookies = r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return cookies;
}

function resumo(r) {
  return { reqPorSeg: Math.round(r.requests.average), p50ms: r.latency.p50, p95ms: r.latency.p97_5 === undefined ? r.latency.p90 : percentil(r), p99ms: r.latency.p99, erros: r.errors + r.non2xx };
}
// autocannon reports p90, p97_5 and p99; p95 is interpolated between p90 and p97.5.
function percentil(r) {
  return Math.round((r.latency.p90 + (r.latency.p97_5 - r.latency.p90) * (5 / 7.5)) * 100) / 100;
}

export async function benchAuth(engine, baseUrl) {
  const s = await iniciarServidor({ engine, porta: engine === 'postgres' ? 8302 : 8301, baseUrl });
  try {
    const login = await rodar({
      url: `${s.url}/login`,
      method: 'POST',
      connections: 8,
      duration: 10,
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', 'remember-me': 'false' },
      body: `token=${TOKEN}`,
    });
    const cookie = await sessao(s.url);
    const get = await rodar({ url: `${s.url}/services/user/getUserInformations`, connections: 16, duration: 10, headers: { cookie } });
    return { engine, login: resumo(login), getAutenticado: resumo(get) };
  } finally {
    await s.parar();
  }
}
