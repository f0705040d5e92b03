import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MENSAGENS_PRODUTO } from '@bonifica/contracts';
import { criarAppDeTeste, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { casosDaOperacao, operacoesDoDocumento, vazamento, type Caso, type Operacao } from './apoio/lixo-openapi.js';

/**
 * Issue 12 §4: every operation of the OpenAPI document, as the manager and as the system admin with
 * a valid session and XSRF, gets schema-guided junk; no reply may be a 5xx or show internals. The
 * list comes from the served document, so routes added later are covered by construction.
 */

/**
 * Cases per operation and user, to keep the run near half a minute per engine. The admin holds no
 * company's permissions, so past validation most of its calls stop at a 403: fewer cases suffice.
 */
const CASOS_POR_OPERACAO: Record<string, number> = { gerente: 12, admin: 9 };
/** For deeper runs by hand: LIXO_FATOR=5 multiplies the cases, LIXO_SEMENTE=x draws others (CI: fixed draws). */
const FATOR = Number(process.env.LIXO_FATOR ?? 1);
const SEMENTE = process.env.LIXO_SEMENTE ?? '';

/**
 * Operations that may take the caller's own rights or password away (saving profiles and users,
 * deleting users, changing the password) or wipe customers (delete, anonymise, merge) run last, so
 * that earlier operations run with full rights on live data.
 */
const POR_ULTIMO = [/\/profile\/(save|delete)/, /\/user\/(save|delete|salvarperfil|changePassword)/, /\/client\/(delete|\{id\}\/lgpd\/anonimizar)/, /\/unificacao\/unificar/];

function ordem(op: Operacao): number {
  return POR_ULTIMO.some((re) => re.test(op.caminho)) ? 1 : 0;
}

type Achado = { operacao: string; caso: string; status: number; motivo: string; corpo: string };

let t: AppDeTeste;
let operacoes: Operacao[];

beforeAll(async () => {
  t = await criarAppDeTeste();
  const r = await t.app.inject({ method: 'GET', url: '/services/docs/json' });
  expect(r.statusCode).toBe(200);
  operacoes = operacoesDoDocumento(r.json()).sort((a, b) => ordem(a) - ordem(b));
  // Marketing rows of the demo (templates, audiences, draft campaigns) at the ids the junk draws
  // (3..22), so their operations reach the handlers instead of stopping at "not found".
  await t.app.db.execute(sql`insert into modelo_mensagem (empresa_id, nome, canal, texto) select 1, 'Modelo ' || g, 'WHATSAPP', 'Oi {nome}' from generate_series(1, 22) g`);
  await t.app.db.execute(sql`insert into publico (empresa_id, nome, condicoes) select 1, 'Público ' || g, '{}'::jsonb from generate_series(1, 22) g`);
  await t.app.db.execute(sql`insert into campanha (empresa_id, nome, publico_id, modelo_id) select 1, 'Campanha ' || g, g, g from generate_series(1, 22) g`);
  // The same for prizes, tags and audience blocks.
  await t.app.db.execute(sql`insert into premio (empresa_id, nome, custo_pontos) select 1, 'Prêmio ' || g, 10 * g from generate_series(1, 22) g`);
  // Draws: RASCUNHO rows (save, freeze and delete reach their rules) with a frozen list of 3 numbers
  // on the even ids, so addganhador/manual and the PDFs reach theirs too.
  await t.app.db.execute(sql`insert into sorteio (empresa_id, nome, regulamento, inicio, fim, premios, regra, origem_semente, semente, codigo_publico)
    select 1, 'Sorteio ' || g, 'Regulamento do sorteio ' || g, '2020-01-01', '2020-01-31', '["Bicicleta", "Caneca"]'::jsonb, 'VENDA', 'FIXA', 's' || g, 'lixo-sorteio-' || g from generate_series(1, 22) g`);
  await t.app.db.execute(sql`insert into sorteio_participante (empresa_id, sorteio_id, participante, primeiro, ultimo, cliente_id, cpf_mascarado, nome_abreviado)
    select 1, s, n, n, n, (select min(id) from cliente where empresa_id = 1), '-', 'Cliente ' || n
    from generate_series(2, 22, 2) s, generate_series(1, 3) n`);
  await t.app.db.execute(sql`update sorteio set status = 'CONGELADO', hash_lista = repeat('a', 64), total_numeros = 3, total_participantes = 3, congelado_em = now() where empresa_id = 1 and id % 2 = 0`);
  await t.app.db.execute(sql`insert into etiqueta (empresa_id, nome) select 1, 'Etiqueta ' || g from generate_series(1, 22) g`);
  await t.app.db.execute(sql`insert into cupom_desconto (empresa_id, nome, tipo, beneficio, percentual_bp, quantidade) select 1, 'Cupom ' || g, 'LOTE', 'PERCENTUAL', 500, 5 from generate_series(1, 22) g`);
  // Gift cards (rows only: the junk reaches findbyid, cancelar and imprimir; no valid PIN is drawn).
  await t.app.db.execute(sql`insert into vale_presente (empresa_id, codigo, pin_hash, valor_centavos, valido_ate, lancamento_id)
    select 1, '900000000000' || lpad(g::text, 4, '0'), '00:00', 1000 * g, current_date + 365, 0 from generate_series(1, 22) g`);
  await t.app.db.execute(sql`insert into bloqueio_publico (empresa_id, celular, origem, motivo) select 1, '1190000' || lpad(g::text, 4, '0'), 'MANUAL', 'Lixo' from generate_series(1, 22) g`);
  // Imported contacts (decision 040), for empresa/contato/findbyid and consentimento.
  await t.app.db.execute(sql`insert into contato (empresa_id, nome, email, origem) select 1, 'Contato ' || g, 'contato' || g || '@lixo.exemplo', 'IMPORTACAO' from generate_series(1, 22) g`);
  // A fresh database and the whole OpenAPI document: on a loaded machine this can pass the default minute.
}, 240_000);
afterAll(() => t.fechar());

async function enviar(cliente: Cliente, op: Operacao, caso: Caso) {
  const headers: Record<string, string> = {};
  if (caso.payload !== undefined) headers['content-type'] = caso.contentType ?? 'application/json';
  Object.assign(headers, caso.headers);
  const payload = typeof caso.payload === 'function' ? caso.payload() : caso.payload;
  return cliente.requisitar({ method: op.metodo as 'GET', url: caso.url, payload, headers });
}

function examinar(op: Operacao, caso: Caso, r: { statusCode: number; body: string; headers: Record<string, unknown> }): Achado | null {
  const operacao = `${op.metodo} ${op.caminho}`;
  const corpo = r.body.slice(0, 400);
  if (r.statusCode >= 500) return { operacao, caso: caso.descricao, status: r.statusCode, motivo: '5xx', corpo };
  // SQL words may be data in a successful reply (a customer named "select … from"); in an error they are a leak.
  const v = vazamento(r.body);
  if (v && (r.statusCode >= 400 || v !== 'SQL')) return { operacao, caso: caso.descricao, status: r.statusCode, motivo: v, corpo };
  return null;
}

describe.each(['gerente', 'admin'])('OpenAPI com lixo, como %s', (username) => {
  it('nenhuma operação responde 5xx nem mostra detalhes internos', async () => {
    let cliente = await t.entrar(username);
    const achados: Achado[] = [];
    let relogins = 0;
    let respondidas2xx = 0;
    // Operations closed to this user whatever the input: another role's (403 by permission) or another
    // kind of caller's (the integration API answers 401 to a session). They do not count in the share below.
    let fechadas = 0;
    for (const op of operacoes) {
      const casos = casosDaOperacao(op, `${SEMENTE}${username} ${op.metodo} ${op.caminho}`, CASOS_POR_OPERACAO[username]! * FATOR);
      let algum2xx = false;
      let fechada = false;
      for (const caso of casos) {
        // Logout and login act on the session itself: a session of their own, so the run keeps its one.
        const deUsoUnico = op.caminho === '/logout' || op.caminho === '/login';
        const quem = deUsoUnico ? await t.entrar(username) : cliente;
        let r = await enviar(quem, op, caso);
        if (r.statusCode === 401 && !deUsoUnico && (await cliente.get('/services/user/getUserInformations')).statusCode === 401) {
          // The junk ended the session (e.g. a saved profile); sign in again and retry once.
          relogins++;
          cliente = await t.entrar(username);
          r = await enviar(cliente, op, caso);
        }
        if (r.statusCode < 300) algum2xx = true;
        if (r.statusCode === 403 && r.body.includes(MENSAGENS_PRODUTO.acessoNegado)) fechada = true;
        if (r.statusCode === 401 && !deUsoUnico) fechada = true;
        const achado = examinar(op, caso, r);
        if (achado) achados.push(achado);
      }
      if (algum2xx) respondidas2xx++;
      else if (fechada) fechadas++;
    }
    console.info(`${username}: ${operacoes.length} operações, ${respondidas2xx} com alguma resposta 2xx, ${fechadas} fechadas a este usuário, ${relogins} novos logins`);
    expect(achados.map((a) => `${a.status} ${a.motivo} ${a.operacao} [${a.caso}] ${a.corpo.slice(0, 200)}`)).toEqual([]);
    // The junk reaches handlers, not only validators: most operations take the manager's plausible request
    // (the system admin holds no company's permissions, so most of its calls stop at a 403 after validation).
    if (username === 'gerente') expect(respondidas2xx).toBeGreaterThan((operacoes.length - fechadas) * 0.6);
  }, 180_000);
});

describe('documento OpenAPI', () => {
  it('lista as operações de todos os módulos, inclusive login e arquivo', () => {
    const chaves = operacoes.map((o) => `${o.metodo} ${o.caminho}`);
    expect(chaves.length).toBeGreaterThan(100);
    expect(chaves).toEqual(expect.arrayContaining(['POST /login', 'POST /services/transacao/venda', 'GET /services/user/esqueciminhasenha/{x}', 'GET /arquivo/imagem/empresa/{id}']));
  });
});
