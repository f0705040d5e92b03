import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Pagina, UsuarioResumo } from '@bonifica/contracts';
import type { Email, EmailAdapter } from '../src/adapters/email/email.js';
import { senhaReset, tarefa } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe, emailsPara, executarTarefasDoSistema, idDoUsuario, totalDeEmails } from './apoio/consultas.js';

/** GET user/esqueciminhasenha, the change by the e-mailed link and the limits on both (issue 12 §6, decision 021). */

const SENHA_INICIAL = 'senhaInicial1';
const MENSAGEM_ESQUECI = 'Se o usuário estiver cadastrado com um e-mail, enviaremos em instantes as instruções para criar uma nova senha.';
const MENSAGEM_LINK_INVALIDO = 'Link inválido ou expirado. Peça um novo em "Esqueci minha senha".';
const TIPO = 'esqueci-senha';

/** An SMTP stand-in that keeps what it was handed: the only place a real reset link should ever reach. */
const enviados: Email[] = [];
let smtpFora = false;
const emailGravador: EmailAdapter = {
  tipo: 'smtp',
  async enviar(e) {
    enviados.push(e);
    if (smtpFora) throw new Error('SMTP fora do ar');
  },
};

let t: AppDeTeste;
let gerente: Cliente;
let admin: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste({ adaptadores: { email: emailGravador } });
  [gerente, admin] = await Promise.all([t.entrar('gerente'), t.entrar('admin')]);
});
afterAll(() => t.fechar());

async function criarUsuario(dados: Record<string, unknown>): Promise<UsuarioResumo> {
  const r = await gerente.post('/services/user/save', { perfilId: 4, senha: SENHA_INICIAL, ...dados });
  expect(r.statusCode, r.body).toBe(200);
  return env<UsuarioResumo>(r).result;
}

function pedir(x: string, ip: string) {
  return t.cliente(ip).get(`/services/user/esqueciminhasenha/${encodeURIComponent(x)}`);
}

/** The token in the last message the adapter was handed for this address. */
function tokenEnviadoPara(para: string): string {
  const e = enviados.filter((m) => m.para === para).at(-1);
  const m = e && /\/auth\/alterar-senha\?token=(\S+)/.exec(e.corpo);
  if (!m) throw new Error(`nenhum link enviado para ${para}`);
  return decodeURIComponent(m[1]!);
}

async function trocarPeloLink(token: string, novaSenha: string, ip = '10.9.9.9') {
  const c = t.cliente(ip);
  await c.get('/services/config/nomesistema');
  return c.post('/services/user/changePassword', { token, novaSenha, confirmacaoSenha: novaSenha });
}

async function consegueEntrar(username: string, senha: string): Promise<number> {
  return (await t.cliente('10.9.8.8').login(username, senha)).statusCode;
}

async function totalDeResets(): Promise<number> {
  const [l] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(senhaReset);
  return l?.n ?? 0;
}

async function tarefasPendentes() {
  return t.banco.db
    .select({ parametros: tarefa.parametros })
    .from(tarefa)
    .where(and(isNull(tarefa.empresaId), eq(tarefa.tipo, TIPO), eq(tarefa.status, 'PENDENTE')))
    .orderBy(tarefa.criadoEm);
}

describe('GET user/esqueciminhasenha/{usuarioOuEmail}', () => {
  it('o pedido só enfileira uma tarefa com o texto digitado: a mesma resposta e o mesmo trabalho para usuário existente e desconhecido', async () => {
    await criarUsuario({ nome: 'Esquecida da Silva', username: 'esquecida', email: 'esquecida@exemplo.com.br' });
    const [emails, resets] = [await totalDeEmails(t), await totalDeResets()];
    const desconhecido = await pedir('ninguem.aqui', '10.1.0.1');
    const existente = await pedir('Esquecida', '10.1.0.2');
    expect(desconhecido.statusCode).toBe(200);
    expect(existente.statusCode).toBe(200);
    expect(env(existente)).toEqual({ hasError: false, messageError: null, result: MENSAGEM_ESQUECI, results: null });
    expect(existente.body).toBe(desconhecido.body);
    // Nothing that depends on the user happened in the request: no e-mail, no token, nothing sent.
    expect(await totalDeEmails(t)).toBe(emails);
    expect(await totalDeResets()).toBe(resets);
    expect(enviados).toHaveLength(0);
    expect((await tarefasPendentes()).map((p) => p.parametros)).toEqual([{ identificador: 'ninguem.aqui' }, { identificador: 'esquecida' }]);

    expect(await executarTarefasDoSistema(t, TIPO)).toBe(2);
    expect(await emailsPara(t, 'esquecida@exemplo.com.br')).toHaveLength(1);
    expect(enviados.map((e) => e.para)).toEqual(['esquecida@exemplo.com.br']);
    // What a stranger typed is not kept once the job is done.
    const feitas = await t.banco.db.select({ status: tarefa.status, parametros: tarefa.parametros }).from(tarefa).where(eq(tarefa.tipo, TIPO));
    expect(feitas).toEqual([
      { status: 'CONCLUIDA', parametros: {} },
      { status: 'CONCLUIDA', parametros: {} },
    ]);
  });

  it('a caixa de saída guarda o link oculto; só o adaptador recebe o token, e o administrador também o vê oculto', async () => {
    const [guardado, ...outros] = await emailsPara(t, 'esquecida@exemplo.com.br');
    expect(outros).toHaveLength(0);
    expect(guardado).toMatchObject({ status: 'ENVIADO', empresaId: 1 });
    expect(guardado!.assunto).toMatch(/senha/i);
    expect(guardado!.corpo).toContain('Olá, Esquecida.');
    expect(guardado!.corpo).toContain(`${t.config.publicUrl}/auth/alterar-senha?token=[oculto]`);
    const token = tokenEnviadoPara('esquecida@exemplo.com.br');
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(guardado!.corpo).not.toContain(token);
    // Whatever the outbox holds does not work as a token.
    for (const candidato of guardado!.corpo.match(/token=(\S+)/g) ?? []) {
      const r = await trocarPeloLink(candidato.slice('token='.length), 'tomada123', '10.1.1.1');
      expect(r.statusCode).toBe(400);
    }

    const r = await admin.post('/services/sistema/email/filtrar/0/20', { busca: 'esquecida@exemplo.com.br' });
    const [naTela] = env<Pagina<{ corpo: string }>>(r).result.content;
    expect(naTela!.corpo).toContain('/auth/alterar-senha?token=[oculto]');
    expect(r.body).not.toContain(token);
  });

  it('aceita o e-mail no lugar do usuário, sem diferenciar maiúsculas', async () => {
    expect(env(await pedir('ESQUECIDA@Exemplo.com.br', '10.1.0.3')).result).toBe(MENSAGEM_ESQUECI);
    await executarTarefasDoSistema(t, TIPO);
    expect(await emailsPara(t, 'esquecida@exemplo.com.br')).toHaveLength(2);
  });

  it('usuário sem e-mail ou inativo não gera e-mail, e a resposta é a mesma', async () => {
    await criarUsuario({ nome: 'Sem Email', username: 'sem.email' });
    const inativo = await criarUsuario({ nome: 'Inativo', username: 'inativo.email', email: 'inativo@exemplo.com.br' });
    await gerente.delete(`/services/user/delete/${inativo.id}`);
    const antes = await totalDeEmails(t);
    for (const x of ['sem.email', 'inativo.email']) expect(env(await pedir(x, '10.1.0.4')).result).toBe(MENSAGEM_ESQUECI);
    expect(await executarTarefasDoSistema(t, TIPO)).toBe(2);
    expect(await totalDeEmails(t)).toBe(antes);
  });

  it('no máximo 3 e-mails por usuário por hora: além disso a resposta é a mesma e nada é enviado', async () => {
    await criarUsuario({ nome: 'Muito Esquecido', username: 'muito.esquecido', email: 'muito@exemplo.com.br' });
    const respostas = [];
    for (let i = 0; i < 6; i++) respostas.push((await pedir('muito.esquecido', `10.2.0.${i + 1}`)).body);
    expect(new Set(respostas).size).toBe(1);
    expect(await executarTarefasDoSistema(t, TIPO)).toBe(6);
    expect(await emailsPara(t, 'muito@exemplo.com.br')).toHaveLength(3);
    expect(enviados.filter((e) => e.para === 'muito@exemplo.com.br')).toHaveLength(3);
  });

  it('no máximo 10 pedidos por IP em 15 minutos: o 11º recebe 429 em português e não enfileira nada; outro IP segue', async () => {
    for (let i = 0; i < 10; i++) expect((await pedir(`alguem-${i}`, '10.3.0.1')).statusCode).toBe(200);
    const antes = (await tarefasPendentes()).length;
    const r = await pedir('esquecida', '10.3.0.1');
    expect(r.statusCode).toBe(429);
    expect(env(r)).toMatchObject({ hasError: true, messageError: 'Muitos pedidos de nova senha a partir desta rede. Aguarde alguns minutos e tente novamente.' });
    expect((await tarefasPendentes()).length).toBe(antes);
    expect((await pedir('esquecida', '10.3.0.2')).statusCode).toBe(200);
    await executarTarefasDoSistema(t, TIPO);
  });

  it('reenviar da caixa de saída gera um link novo e anula o que foi entregue antes', async () => {
    await criarUsuario({ nome: 'Reenvio Silva', username: 'reenvio', email: 'reenvio@exemplo.com.br' });
    smtpFora = true;
    await pedir('reenvio', '10.4.0.1');
    await executarTarefasDoSistema(t, TIPO);
    smtpFora = false;
    const [m] = await emailsPara(t, 'reenvio@exemplo.com.br');
    expect(m).toMatchObject({ status: 'FALHOU' });
    const primeiro = tokenEnviadoPara('reenvio@exemplo.com.br');
    expect(env(await admin.post(`/services/sistema/email/reenviar/${m!.id}`)).result).toBe(true);
    const segundo = tokenEnviadoPara('reenvio@exemplo.com.br');
    expect(segundo).not.toBe(primeiro);
    expect(env(await trocarPeloLink(primeiro, 'reenviada123', '10.4.0.2')).messageError).toBe(MENSAGEM_LINK_INVALIDO);
    expect((await trocarPeloLink(segundo, 'reenviada123', '10.4.0.3')).statusCode).toBe(200);
    expect(await consegueEntrar('reenvio', 'reenviada123')).toBe(200);
  });

  it('um link já usado não é reenviado: 409 com o motivo, e nada sai', async () => {
    smtpFora = true;
    await pedir('reenvio', '10.4.1.1');
    await executarTarefasDoSistema(t, TIPO);
    smtpFora = false;
    const m = (await emailsPara(t, 'reenvio@exemplo.com.br')).at(-1)!;
    expect(m.status).toBe('FALHOU');
    // The adapter was handed the link before it failed: the recipient may well have it, and uses it.
    expect((await trocarPeloLink(tokenEnviadoPara('reenvio@exemplo.com.br'), 'usadaAntes123', '10.4.1.2')).statusCode).toBe(200);
    const antes = enviados.length;
    const r = await admin.post(`/services/sistema/email/reenviar/${m.id}`);
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('O link desta mensagem já venceu ou foi usado: quem pediu deve pedir outro em "Esqueci minha senha".');
    expect(enviados.length).toBe(antes);
  });
});

describe('POST user/changePassword pelo link do e-mail', () => {
  let token: string;

  beforeAll(async () => {
    await pedir('esquecida', '10.5.0.1');
    await executarTarefasDoSistema(t, TIPO);
    token = tokenEnviadoPara('esquecida@exemplo.com.br');
  });

  it('sem o XSRF ecoado, a troca pelo link é recusada (403)', async () => {
    const c = t.cliente('10.5.0.2');
    await c.get('/services/config/nomesistema');
    const r = await c.post('/services/user/changePassword', { token, novaSenha: 'pelaLink123', confirmacaoSenha: 'pelaLink123' }, { semXsrf: true });
    expect(r.statusCode).toBe(403);
    expect(await consegueEntrar('esquecida', SENHA_INICIAL)).toBe(200);
  });

  it('o token troca a senha uma vez, sem sessão, e encerra as sessões abertas e os lembrar-me', async () => {
    const sessaoAntiga = await t.entrar('esquecida', SENHA_INICIAL);
    const lembrado = t.cliente();
    await lembrado.login('esquecida', SENHA_INICIAL, true);
    lembrado.cookies.delete('SESSION');
    const r = await trocarPeloLink(token, 'pelaLink123', '10.5.0.3');
    expect(r.statusCode).toBe(200);
    expect(env(r).result).toBe('Senha alterada com sucesso. Entre com a nova senha.');
    expect(await consegueEntrar('esquecida', SENHA_INICIAL)).toBe(401);
    expect(await consegueEntrar('esquecida', 'pelaLink123')).toBe(200);
    expect((await sessaoAntiga.get('/services/user/getUserInformations')).statusCode).toBe(401);
    expect((await lembrado.get('/services/user/getUserInformations', { comRememberMe: true })).statusCode).toBe(401);

    const [a] = await auditoriasDe(t, { entidade: 'usuario', entidadeId: await idDoUsuario(t, 'esquecida'), acao: 'REDEFINIR_SENHA' });
    expect(a).toMatchObject({ empresaId: 1, usuarioId: null });
    expect(JSON.stringify(a)).not.toContain(token);

    const segunda = await trocarPeloLink(token, 'outraSenha123', '10.5.0.3');
    expect(segunda.statusCode).toBe(400);
    expect(env(segunda).messageError).toBe(MENSAGEM_LINK_INVALIDO);
    expect(await consegueEntrar('esquecida', 'pelaLink123')).toBe(200);
  });

  it('tokens inventados: depois das falhas livres o IP espera, até com um token válido; de outro IP o token vale', async () => {
    await pedir('reenvio', '10.5.1.1');
    await executarTarefasDoSistema(t, TIPO);
    const valido = tokenEnviadoPara('reenvio@exemplo.com.br');
    for (let i = 0; i < 5; i++) {
      const r = await trocarPeloLink(`inventado-${i}-${'x'.repeat(30)}`, 'chutada123', '10.5.1.2');
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toBe(MENSAGEM_LINK_INVALIDO);
    }
    const barrado = await trocarPeloLink(valido, 'chutada123', '10.5.1.2');
    expect(barrado.statusCode).toBe(429);
    expect(env(barrado).messageError).toBe('Muitas tentativas sem sucesso. Aguarde 1 segundo e tente novamente.');
    expect((await trocarPeloLink(valido, 'deOutroIp123', '10.5.1.3')).statusCode).toBe(200);
  });
});

describe('POST user/changePassword logado: senha atual errada', () => {
  it('depois das falhas livres o par (conta, IP) espera, até com a senha certa, e o login desse par também; de outro IP segue', async () => {
    await criarUsuario({ nome: 'Troca Limitada', username: 'troca.limite', email: null });
    const c = await t.entrar('troca.limite', SENHA_INICIAL, false, '10.6.0.1');
    const trocar = (atual: string) => c.post('/services/user/changePassword', { senhaAtual: atual, novaSenha: 'novaSenha123', confirmacaoSenha: 'novaSenha123' });
    for (let i = 0; i < 5; i++) {
      const r = await trocar(`nao-e-esta-${i}`);
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toBe('A senha atual não confere.');
    }
    const barrado = await trocar(SENHA_INICIAL);
    expect(barrado.statusCode).toBe(429);
    expect(env(barrado).messageError).toMatch(/^Muitas tentativas sem sucesso\. Aguarde \d+ segundos? e tente novamente\.$/);
    expect((await t.cliente('10.6.0.1').login('troca.limite', SENHA_INICIAL)).statusCode).toBe(429);

    const outroIp = await t.entrar('troca.limite', SENHA_INICIAL, false, '10.6.0.2');
    const r = await outroIp.post('/services/user/changePassword', { senhaAtual: SENHA_INICIAL, novaSenha: 'novaSenha123', confirmacaoSenha: 'novaSenha123' });
    expect(r.statusCode).toBe(200);
  });
});
