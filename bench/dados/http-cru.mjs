// A minimal HTTP/1.1 keep-alive client for the open-loop load generator (medir.mjs, postarEmTaxa).
// Why not node:http: on the 2-core bench machine the generator shares the CPU with the API and
// PostgreSQL, and http.request cost 0.15–0.23 ms of CPU per call (ClientRequest, IncomingMessage,
// header objects, the agent's queue) — at 1,500/s a quarter of a core taken from the server being
// measured, which a counter on another machine never takes (bench/RESULTS.md, 29/11). This one
// writes each request as one string and reads the reply's status, Content-Length and body; nothing
// else of HTTP is needed to talk to our own API.
import net from 'node:net';

const FIM_CABECALHO = Buffer.from('\r\n\r\n');

/**
 * `conexoes` sockets to `url`'s host, opened as needed. `enviar(cabecalhos, corpo)` resolves with
 * `{ status, corpo }` once the reply has arrived, or rejects when the socket fails; a call waits
 * for a free socket (one request in flight per socket, no pipelining — as a browser or a counter).
 */
export function clienteCru(url, conexoes) {
  const u = new URL(url);
  const porta = Number(u.port || 80);
  const inicio = `POST ${u.pathname}${u.search} HTTP/1.1\r\nhost: ${u.host}\r\n`;
  const livres = [];
  const fila = [];
  const todos = new Set();

  const abrir = () => {
    const s = net.connect({ host: u.hostname, port: porta, noDelay: true });
    const c = { s, pedido: null, partes: [], tamanho: 0 };
    todos.add(c);
    s.on('data', (d) => receber(c, d));
    const falhar = (e) => {
      todos.delete(c);
      const livre = livres.indexOf(c);
      if (livre >= 0) livres.splice(livre, 1);
      if (c.pedido) c.pedido.falha(e ?? new Error('conexão fechada pelo servidor'));
      c.pedido = null;
      // Whoever was waiting gets a new socket in its place.
      if (fila.length > 0) despachar(abrir());
    };
    s.on('error', falhar);
    s.on('close', () => todos.has(c) && falhar());
    return c;
  };

  const despachar = (c) => {
    const p = fila.shift();
    if (!p) {
      livres.push(c);
      return;
    }
    c.pedido = p;
    c.s.write(`${inicio}${p.cabecalhos}content-length: ${Buffer.byteLength(p.corpo)}\r\n\r\n${p.corpo}`);
  };

  const receber = (c, d) => {
    c.partes.push(d);
    c.tamanho += d.length;
    const b = c.partes.length === 1 ? d : Buffer.concat(c.partes, c.tamanho);
    const fim = b.indexOf(FIM_CABECALHO);
    if (fim < 0) return;
    const cabecalho = b.toString('latin1', 0, fim);
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(cabecalho);
    if (!m) {
      c.s.destroy(new Error(`resposta sem Content-Length: ${cabecalho.slice(0, 200)}`));
      return;
    }
    const total = fim + 4 + Number(m[1]);
    if (b.length < total) {
      c.partes = [b];
      return;
    }
    c.partes = b.length > total ? [b.subarray(total)] : [];
    c.tamanho = b.length - total;
    const p = c.pedido;
    c.pedido = null;
    p.ok({ status: Number(cabecalho.slice(9, 12)), corpo: b.toString('utf8', fim + 4, total) });
    despachar(c);
  };

  return {
    /** `cabecalhos`: lines "name: value\r\n", already joined (the fixed ones are joined once by the caller). */
    enviar(cabecalhos, corpo) {
      return new Promise((ok, falha) => {
        fila.push({ cabecalhos, corpo, ok, falha });
        const livre = livres.pop();
        if (livre) despachar(livre);
        else if (todos.size < conexoes) despachar(abrir());
      });
    },
    fechar() {
      for (const c of todos) c.s.destroy();
      todos.clear();
    },
  };
}

/** Headers as the lines `enviar` takes. */
export function linhasDeCabecalho(cabecalhos) {
  return Object.entries(cabecalhos)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
}
