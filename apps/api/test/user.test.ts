import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGENS, MENSAGENS_PRODUTO, type Pagina, type UsuarioLogado, type UsuarioResumo } from '@bonifica/contracts';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe, idDoUsuario } from './apoio/consultas.js';

const SENHA_INICIAL = 'senhaInicial1';
const CAMPOS_RESUMO = ['administradorFaturamento', 'ativo', 'criadoEm', 'email', 'empresaId', 'empresaNome', 'id', 'nome', 'perfilId', 'perfilNome', 'username'];

let t: AppDeTeste;
let gerente: Cliente;
let admin: Cliente;
let atendente: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, admin, atendente] = await Promise.all([t.entrar('gerente'), t.entrar('admin'), t.entrar('atendente')]);
});
afterAll(() => t.fechar());

/** Creates a user through the API, as the given administrator, and returns its summary. */
async function criarUsuario(quem: Cliente, dados: Record<string, unknown>): Promise<UsuarioResumo> {
  const r = await quem.post('/services/user/save', { perfilId: 3, senha: SENHA_INICIAL, ...dados });
  expect(r.statusCode, r.body).toBe(200);
  return env<UsuarioResumo>(r).result;
}

async function consegueEntrar(username: string, senha: string): Promise<number> {
  return (await t.cliente().login(username, senha)).statusCode;
}

function usernames(r: { json: () => unknown }): string[] {
  return env<Pagina<UsuarioResumo>>(r).result.content.map((u) => u.username);
}

describe('GET user/getUserInformations', () => {
  const GERENTE = ['CLIENTE_CONSULTAR', 'CLIENTE_GERENCIAR', 'PERFIL_GERENCIAR', 'RELATORIO_VER', 'ROLE_COMPANY', 'ROLE_USER_COMPANY_ADMIN', 'TERMINAL_USAR', 'USUARIO_GERENCIAR'];
  it.each([
    ['admin', { name: 'Ana Administradora', email: 'admin@bonifica.local', companyName: null, empresaId: null, matrizId: null, perfil: 'Administrador do sistema', permissions: ['ROLE_ADMIN'] }],
    ['gerente', { name: 'Gabriel Gerente Souza', email: 'gerente@bonifica-demo.local', companyName: 'Supermercados Bonifica Demo Centro', empresaId: 1, matrizId: 1, perfil: 'Gerente', permissions: GERENTE }],
    ['atendente', { name: 'Amanda Atendente', email: 'atendente@bonifica-demo.local', companyName: 'Bonifica Jardins', empresaId: 2, matrizId: 1, perfil: 'Atendente de balcão', permissions: ['CLIENTE_CONSULTAR', 'ROLE_USER_COMPANY', 'TERMINAL_USAR'] }],
    ['analista', { name: 'Lucas Analista', email: 'analista@bonifica.local', companyName: null, empresaId: null, matrizId: null, perfil: 'Analista', permissions: ['ROLE_ANALISTA'] }],
    ['outra', { name: 'Otávio Outra', email: 'outra@paopquente.local', companyName: 'Padaria Pão Quente', empresaId: 4, matrizId: 4, perfil: 'Gerente', permissions: GERENTE }],
  ])('devolve os dados de %s, sem nada além do contrato', async (username, esperado) => {
    const c = await t.entrar(username);
    const r = await c.get('/services/user/getUserInformations');
    expect(r.statusCode).toBe(200);
    const e = env<UsuarioLogado>(r);
    expect(e.hasError).toBe(false);
    const { permissions, ...resto } = e.result;
    const { perfilId, administradorFaturamento, ...outros } = resto;
    expect(outros).toEqual({ id: await idDoUsuario(t, username), username, ...esperado, permissions: undefined });
    expect(administradorFaturamento).toBe(username === 'gerente' || username === 'outra');
    expect(typeof perfilId).toBe('number');
    expect([...permissions].sort()).toEqual(esperado.permissions);
    expect(Object.keys(e.result).sort()).toEqual(['administradorFaturamento', 'companyName', 'email', 'empresaId', 'id', 'matrizId', 'name', 'perfil', 'perfilId', 'permissions', 'username']);
  });
});

describe('POST user/existeusuario', () => {
  it('responde true para usuário existente, sem diferenciar maiúsculas, e false para inexistente', async () => {
    for (const [username, existe] of [
      ['atendente', true],
      ['ATENDENTE', true],
      ['  Gerente ', true],
      ['outra', true], // usernames are unique across the whole service
      ['ninguem.aqui', false],
    ] as const) {
      const r = await gerente.post('/services/user/existeusuario', { username });
      expect(r.statusCode).toBe(200);
      expect(env(r).result, username).toBe(existe);
    }
  });

  it('recusa quem não administra usuários (atendente) com 403', async () => {
    const r = await atendente.post('/services/user/existeusuario', { username: 'gerente' });
    expect(r.statusCode).toBe(403);
    expect(env(r)).toEqual({ hasError: true, messageError: MENSAGENS_PRODUTO.acessoNegado, result: null, results: null });
  });

  it('usuário vazio dá 400 em português', async () => {
    const r = await gerente.post('/services/user/existeusuario', { username: '  ' });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Informe o usuário.');
  });
});

describe('listagem de usuários (filter/user/client e filterpaginated)', () => {
  const rotas = ['/services/user/filter/user/client', '/services/user/filterpaginated'];

  it.each(rotas)('%s: o gerente vê só os usuários da própria rede, no formato de resumo', async (rota) => {
    const r = await gerente.post(`${rota}/0/10`, {});
    expect(r.statusCode).toBe(200);
    const p = env<Pagina<UsuarioResumo>>(r).result;
    expect(p.totalElements).toBe(2);
    expect(p.content.map((u) => u.username)).toEqual(['atendente', 'gerente']);
    const amanda = p.content[0]!;
    expect(Object.keys(amanda).sort()).toEqual(CAMPOS_RESUMO);
    expect(amanda).toMatchObject({
      nome: 'Amanda Atendente',
      email: 'atendente@bonifica-demo.local',
      ativo: true,
      empresaId: 2,
      empresaNome: 'Bonifica Jardins',
      perfilId: 4,
      perfilNome: 'Atendente de balcão',
      administradorFaturamento: false,
    });
    expect(new Date(amanda.criadoEm).toISOString()).toBe(amanda.criadoEm);
    expect(r.body).not.toMatch(/senha|argon2/i);
  });

  it.each(rotas)('%s: busca ignora acentos e maiúsculas (nome, usuário e e-mail)', async (rota) => {
    expect(usernames(await admin.post(`${rota}/0/10`, { busca: 'ANALISTA' }))).toEqual(['analista']);
    expect(usernames(await admin.post(`${rota}/0/10`, { busca: 'gerênte' }))).toEqual(['gerente']);
    expect(usernames(await admin.post(`${rota}/0/10`, { busca: 'OTAVIO' }))).toEqual(['outra']);
    expect(usernames(await admin.post(`${rota}/0/10`, { busca: 'bonifica-demo.local' }))).toEqual(['atendente', 'gerente']);
    expect(usernames(await gerente.post(`${rota}/0/10`, { busca: 'analista' }))).toEqual([]);
  });

  it('busca com % ou _ procura esses caracteres, não os usa como curinga', async () => {
    const todos = await admin.post('/services/user/filterpaginated/0/10', { busca: '%' });
    expect(env<Pagina<UsuarioResumo>>(todos).result.totalElements).toBe(0);
    const um = await admin.post('/services/user/filterpaginated/0/10', { busca: 'gere_te' });
    expect(env<Pagina<UsuarioResumo>>(um).result.totalElements).toBe(0);
  });

  it('pagina com totais corretos e sem repetir nem perder linhas', async () => {
    const paginas: Pagina<UsuarioResumo>[] = [];
    for (let page = 0; page < 4; page++) {
      const r = await admin.post(`/services/user/filterpaginated/${page}/2`, { ordenarPor: 'username' });
      expect(r.statusCode).toBe(200);
      paginas.push(env<Pagina<UsuarioResumo>>(r).result);
    }
    for (const [i, p] of paginas.entries()) {
      expect(p).toMatchObject({ totalElements: 5, totalPages: 3, number: i, size: 2 });
    }
    expect(paginas.map((p) => p.content.length)).toEqual([2, 2, 1, 0]);
    expect(paginas.flatMap((p) => p.content.map((u) => u.username))).toEqual(['admin', 'analista', 'atendente', 'gerente', 'outra']);
  });

  it('ordena por nome (padrão), por usuário e por data, nas duas direções', async () => {
    expect(usernames(await admin.post('/services/user/filterpaginated/0/10', {}))).toEqual(['atendente', 'admin', 'gerente', 'analista', 'outra']);
    expect(usernames(await admin.post('/services/user/filterpaginated/0/10', { ordenarPor: 'username', direcao: 'desc' }))).toEqual([
      'outra',
      'gerente',
      'atendente',
      'analista',
      'admin',
    ]);
    const porData = usernames(await admin.post('/services/user/filterpaginated/0/10', { ordenarPor: 'criadoEm', direcao: 'desc' }));
    const porDataAsc = usernames(await admin.post('/services/user/filterpaginated/0/10', { ordenarPor: 'criadoEm' }));
    expect(porData).toHaveLength(5);
    expect(new Set(porData)).toEqual(new Set(porDataAsc));
  });

  it('filtra por perfil, por empresa (filial ou matriz) e por situação', async () => {
    expect(usernames(await gerente.post('/services/user/filterpaginated/0/10', { perfilId: 4 }))).toEqual(['atendente']);
    expect(usernames(await gerente.post('/services/user/filterpaginated/0/10', { empresaId: 2 }))).toEqual(['atendente']);
    expect(usernames(await gerente.post('/services/user/filterpaginated/0/10', { empresaId: 1 }))).toEqual(['gerente']);
    expect(usernames(await gerente.post('/services/user/filterpaginated/0/10', { ativo: false }))).toEqual([]);
  });

  it('atendente não lista usuários (403)', async () => {
    for (const rota of rotas) {
      const r = await atendente.post(`${rota}/0/10`, {});
      expect(r.statusCode).toBe(403);
      expect(env(r).messageError).toBe(MENSAGENS_PRODUTO.acessoNegado);
    }
  });
});

describe('POST user/generateUsername', () => {
  it('sugere nome.sobrenome sem acentos nem partículas, e o próximo livre quando já existe', async () => {
    const r = await gerente.post('/services/user/generateUsername', { name: 'Maria da Silva' });
    expect(r.statusCode).toBe(200);
    expect(env(r).result).toBe('maria.silva');
    expect(env(await gerente.post('/services/user/generateUsername', { name: '  José  Conceição dos Santos ' })).result).toBe('jose.santos');

    await criarUsuario(gerente, { nome: 'Maria da Silva', username: 'maria.silva' });
    expect(env(await gerente.post('/services/user/generateUsername', { name: 'Maria da Silva' })).result).toBe('maria.silva2');
    await criarUsuario(gerente, { nome: 'Maria da Silva Segunda', username: 'maria.silva2' });
    expect(env(await gerente.post('/services/user/generateUsername', { name: 'MARIA SILVA' })).result).toBe('maria.silva3');
  });

  it('nome vazio dá 400 e atendente recebe 403', async () => {
    const vazio = await gerente.post('/services/user/generateUsername', { name: '' });
    expect(vazio.statusCode).toBe(400);
    expect(env(vazio).messageError).toBe('Informe o nome.');
    expect((await atendente.post('/services/user/generateUsername', { name: 'Maria' })).statusCode).toBe(403);
  });
});

describe('POST user/save (criar e alterar)', () => {
  let novo: UsuarioResumo;

  it('o gerente cria um usuário numa filial da rede; ele entra e vê a filial como empresa', async () => {
    novo = await criarUsuario(gerente, { nome: 'Carlos Caixa', username: 'carlos.caixa', email: 'carlos@exemplo.com.br', empresaId: 3, perfilId: 4 });
    expect(novo).toMatchObject({
      nome: 'Carlos Caixa',
      username: 'carlos.caixa',
      email: 'carlos@exemplo.com.br',
      ativo: true,
      empresaId: 3,
      empresaNome: 'Bonifica Moema',
      perfilId: 4,
      perfilNome: 'Atendente de balcão',
      administradorFaturamento: false,
    });
    expect(Object.keys(novo).sort()).toEqual(CAMPOS_RESUMO);
    const carlos = await t.entrar('carlos.caixa', SENHA_INICIAL);
    const eu = env<UsuarioLogado>(await carlos.get('/services/user/getUserInformations')).result;
    expect(eu).toMatchObject({ companyName: 'Bonifica Moema', empresaId: 3, matrizId: 1, perfil: 'Atendente de balcão' });
  });

  it('sem empresa informada, o usuário fica na matriz de quem cria', async () => {
    const u = await criarUsuario(gerente, { nome: 'Beatriz Matriz', username: 'beatriz.matriz' });
    expect(u).toMatchObject({ empresaId: 1, empresaNome: 'Supermercados Bonifica Demo Centro', perfilNome: 'Gerente' });
  });

  it('registra a criação na auditoria com quem e o quê, sem a senha nem o hash', async () => {
    const [a, ...outras] = await auditoriasDe(t, { entidade: 'usuario', entidadeId: novo.id, acao: 'CRIAR' });
    expect(outras).toHaveLength(0);
    expect(a).toMatchObject({ usuarioId: await idDoUsuario(t, 'gerente'), empresaId: 1, antes: null });
    expect(a!.depois).toMatchObject({ id: novo.id, username: 'carlos.caixa', empresaId: 3, perfilId: 4 });
    expect(a!.criadoEm).toBeInstanceOf(Date);
    expect(JSON.stringify(a)).not.toMatch(/argon2|senhaInicial1|senha/i);
  });

  it('nome de usuário já usado (mesmo de outra empresa) dá 409', async () => {
    for (const username of ['atendente', 'outra', 'carlos.caixa']) {
      const r = await gerente.post('/services/user/save', { nome: 'Repetido', username, perfilId: 4, senha: SENHA_INICIAL });
      expect(r.statusCode, username).toBe(409);
      expect(env(r)).toEqual({ hasError: true, messageError: 'Este nome de usuário já está em uso.', result: null, results: null });
    }
    const r = await gerente.post('/services/user/save', { ...novo, id: novo.id, username: 'atendente', criadoEm: undefined, empresaNome: undefined, perfilNome: undefined });
    expect(r.statusCode).toBe(409);
  });

  it('usuário novo sem senha dá 400', async () => {
    const r = await gerente.post('/services/user/save', { nome: 'Sem Senha', username: 'sem.senha', perfilId: 4 });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Informe a senha inicial do usuário.');
    expect(env(await gerente.post('/services/user/existeusuario', { username: 'sem.senha' })).result).toBe(false);
  });

  it('senha curta, e-mail inválido e usuário com maiúsculas dão 400 em português', async () => {
    const curta = await gerente.post('/services/user/save', { nome: 'Curta', username: 'senha.curta', perfilId: 4, senha: '123' });
    expect(curta.statusCode).toBe(400);
    expect(env(curta).messageError).toBe('A senha deve ter pelo menos 8 caracteres.');
    const email = await gerente.post('/services/user/save', { nome: 'Email', username: 'email.ruim', perfilId: 4, senha: SENHA_INICIAL, email: 'nao-e-email' });
    expect(email.statusCode).toBe(400);
    expect(env(email).messageError).toBe('E-mail inválido.');
    const maiusculas = await gerente.post('/services/user/save', { nome: 'Maiusculas', username: 'Maria.Souza', perfilId: 4, senha: SENHA_INICIAL });
    expect(maiusculas.statusCode).toBe(400);
    expect(env(maiusculas).messageError).toMatch(/^Use apenas letras minúsculas/);
  });

  it('administrador de empresa não dá o perfil de administrador do sistema (403)', async () => {
    const r = await gerente.post('/services/user/save', { nome: 'Quer Ser Admin', username: 'quer.admin', perfilId: 1, senha: SENHA_INICIAL });
    expect(r.statusCode).toBe(403);
    expect(env(r).messageError).toBe('Somente um administrador do sistema pode atribuir este perfil.');
    const promover = await gerente.post('/services/user/save', { id: novo.id, nome: novo.nome, username: novo.username, empresaId: 3, perfilId: 1 });
    expect(promover.statusCode).toBe(403);
    expect(env<UsuarioResumo>(await gerente.get(`/services/user/findbyid/${novo.id}`)).result.perfilId).toBe(4);
  });

  it('perfil de sistema fora da lista de disponíveis (Analista) não vai para usuário de empresa', async () => {
    const r = await gerente.post('/services/user/save', { nome: 'Quer Ser Analista', username: 'quer.analista', perfilId: 2, senha: SENHA_INICIAL });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Perfil inválido.');
  });

  it('perfil de outra empresa ou inexistente dá 400 Perfil inválido.', async () => {
    const outra = await t.entrar('outra');
    const r = await outra.post('/services/user/save', { nome: 'Com Perfil Alheio', username: 'perfil.alheio', perfilId: 4, senha: SENHA_INICIAL });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Perfil inválido.');
    const inexistente = await gerente.post('/services/user/save', { nome: 'Perfil Fantasma', username: 'perfil.fantasma', perfilId: 999, senha: SENHA_INICIAL });
    expect(env(inexistente).messageError).toBe('Perfil inválido.');
  });

  it('o gerente não põe usuário na empresa de outra rede (400 Empresa inválida.)', async () => {
    const r = await gerente.post('/services/user/save', { nome: 'Na Padaria', username: 'na.padaria', perfilId: 3, empresaId: 4, senha: SENHA_INICIAL });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Empresa inválida.');
    const mover = await gerente.post('/services/user/save', { id: novo.id, nome: novo.nome, username: novo.username, perfilId: 3, empresaId: 4 });
    expect(mover.statusCode).toBe(400);
    expect(env(mover).messageError).toBe('Empresa inválida.');
    expect(env(await gerente.post('/services/user/existeusuario', { username: 'na.padaria' })).result).toBe(false);
  });

  it('o administrador do sistema cria usuário em qualquer rede e usuário sem empresa', async () => {
    const naPadaria = await criarUsuario(admin, { nome: 'Paula Padeira', username: 'paula.padeira', empresaId: 4, perfilId: 3 });
    expect(naPadaria).toMatchObject({ empresaId: 4, empresaNome: 'Padaria Pão Quente', perfilNome: 'Gerente' });
    const semEmpresa = await criarUsuario(admin, { nome: 'Segundo Analista', username: 'segundo.analista', perfilId: 2 });
    expect(semEmpresa).toMatchObject({ empresaId: null, empresaNome: null, perfilNome: 'Analista' });
    const [a] = await auditoriasDe(t, { entidade: 'usuario', entidadeId: naPadaria.id, acao: 'CRIAR' });
    expect(a).toMatchObject({ usuarioId: await idDoUsuario(t, 'admin'), empresaId: null });
  });

  it('altera nome, filial e perfil; sem senha, a senha continua a mesma; a auditoria guarda antes e depois', async () => {
    const r = await gerente.post('/services/user/save', {
      id: novo.id,
      nome: 'Carlos Caixa Júnior',
      username: 'carlos.caixa',
      email: 'carlos@exemplo.com.br',
      empresaId: 2,
      perfilId: 3,
      administradorFaturamento: true,
    });
    expect(r.statusCode).toBe(200);
    expect(env<UsuarioResumo>(r).result).toMatchObject({ id: novo.id, nome: 'Carlos Caixa Júnior', empresaId: 2, empresaNome: 'Bonifica Jardins', perfilNome: 'Gerente', administradorFaturamento: true });
    expect(env<UsuarioResumo>(await gerente.get(`/services/user/findbyid/${novo.id}`)).result).toMatchObject({ nome: 'Carlos Caixa Júnior', empresaId: 2, perfilId: 3 });
    expect(await consegueEntrar('carlos.caixa', SENHA_INICIAL)).toBe(200);
    const [a] = await auditoriasDe(t, { entidade: 'usuario', entidadeId: novo.id, acao: 'ALTERAR' });
    expect(a).toMatchObject({ usuarioId: await idDoUsuario(t, 'gerente'), empresaId: 1 });
    expect(a!.antes).toMatchObject({ nome: 'Carlos Caixa', empresaId: 3, perfilId: 4, administradorFaturamento: false });
    expect(a!.depois).toMatchObject({ nome: 'Carlos Caixa Júnior', empresaId: 2, perfilId: 3, administradorFaturamento: true });
  });

  it('alterar com senha troca a senha, e a auditoria não a guarda', async () => {
    const r = await gerente.post('/services/user/save', { id: novo.id, nome: 'Carlos Caixa Júnior', username: 'carlos.caixa', empresaId: 2, perfilId: 3, senha: 'trocadaPeloGerente1' });
    expect(r.statusCode).toBe(200);
    expect(await consegueEntrar('carlos.caixa', SENHA_INICIAL)).toBe(401);
    expect(await consegueEntrar('carlos.caixa', 'trocadaPeloGerente1')).toBe(200);
    const todas = await auditoriasDe(t, { entidade: 'usuario', entidadeId: novo.id });
    expect(JSON.stringify(todas)).not.toMatch(/argon2|trocadaPeloGerente1|senhaHash/);
  });

  it('alterar usuário que não existe dá 404', async () => {
    const r = await gerente.post('/services/user/save', { id: 99_999, nome: 'Fantasma', username: 'fantasma', perfilId: 3 });
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe(MENSAGENS_PRODUTO.naoEncontrado);
  });

  it('ninguém desativa o próprio usuário pelo cadastro', async () => {
    const id = await idDoUsuario(t, 'gerente');
    const r = await gerente.post('/services/user/save', { id, nome: 'Gabriel Gerente Souza', username: 'gerente', perfilId: 3, ativo: false, administradorFaturamento: true });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Você não pode desativar o seu próprio usuário.');
  });
});

describe('GET user/findbyid/{id}', () => {
  it('devolve o resumo de um usuário da rede', async () => {
    const id = await idDoUsuario(t, 'atendente');
    const r = await gerente.get(`/services/user/findbyid/${id}`);
    expect(r.statusCode).toBe(200);
    expect(env<UsuarioResumo>(r).result).toMatchObject({ id, username: 'atendente', empresaNome: 'Bonifica Jardins', perfilNome: 'Atendente de balcão' });
    expect(Object.keys(env<UsuarioResumo>(r).result).sort()).toEqual(CAMPOS_RESUMO);
  });

  it('usuário sem empresa ou inexistente dá 404 para o gerente; id inválido dá 400', async () => {
    for (const id of [await idDoUsuario(t, 'admin'), await idDoUsuario(t, 'analista'), 99_999]) {
      const r = await gerente.get(`/services/user/findbyid/${id}`);
      expect(r.statusCode).toBe(404);
      expect(env(r)).toEqual({ hasError: true, messageError: MENSAGENS_PRODUTO.naoEncontrado, result: null, results: null });
    }
    const invalido = await gerente.get('/services/user/findbyid/abc');
    expect(invalido.statusCode).toBe(400);
    expect(env(invalido).messageError).toBe('Identificador inválido.');
  });

  it('atendente recebe 403', async () => {
    expect((await atendente.get(`/services/user/findbyid/${await idDoUsuario(t, 'gerente')}`)).statusCode).toBe(403);
  });
});

describe('DELETE user/delete/{id}', () => {
  it('desativa o usuário: ele não entra mais, a sessão aberta cai e a linha continua, inativa', async () => {
    const u = await criarUsuario(gerente, { nome: 'Vai Sair', username: 'vai.sair', perfilId: 4 });
    const sessaoDele = await t.entrar('vai.sair', SENHA_INICIAL);
    const r = await gerente.delete(`/services/user/delete/${u.id}`);
    expect(r.statusCode).toBe(200);
    expect(env(r)).toEqual({ hasError: false, messageError: null, result: true, results: null });
    expect(await consegueEntrar('vai.sair', SENHA_INICIAL)).toBe(401);
    expect((await sessaoDele.get('/services/user/getUserInformations')).statusCode).toBe(401);
    expect(env<UsuarioResumo>(await gerente.get(`/services/user/findbyid/${u.id}`)).result.ativo).toBe(false);
    expect(usernames(await gerente.post('/services/user/filterpaginated/0/10', { ativo: false }))).toEqual(['vai.sair']);
    const [a] = await auditoriasDe(t, { entidade: 'usuario', entidadeId: u.id, acao: 'DESATIVAR' });
    expect(a).toMatchObject({ usuarioId: await idDoUsuario(t, 'gerente'), empresaId: 1 });
    expect(a!.antes).toMatchObject({ username: 'vai.sair', ativo: true });
    expect(JSON.stringify(a)).not.toMatch(/argon2|senha/i);
  });

  it('ninguém exclui o próprio usuário', async () => {
    const r = await gerente.delete(`/services/user/delete/${await idDoUsuario(t, 'gerente')}`);
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Você não pode excluir o seu próprio usuário.');
    expect((await gerente.get('/services/user/getUserInformations')).statusCode).toBe(200);
  });

  it('usuário inexistente dá 404; atendente recebe 403', async () => {
    expect((await gerente.delete('/services/user/delete/99999')).statusCode).toBe(404);
    const r = await atendente.delete(`/services/user/delete/${await idDoUsuario(t, 'gerente')}`);
    expect(r.statusCode).toBe(403);
    expect(await consegueEntrar('gerente', 'demo1234')).toBe(200);
  });
});

describe('POST user/changePassword (logado)', () => {
  it('senha atual errada, senha curta e confirmação diferente dão 400 e nada muda', async () => {
    await criarUsuario(gerente, { nome: 'Troca Senha', username: 'troca.senha', perfilId: 4 });
    const c = await t.entrar('troca.senha', SENHA_INICIAL);
    const errada = await c.post('/services/user/changePassword', { senhaAtual: 'nao-e-esta', novaSenha: 'novaSenha123', confirmacaoSenha: 'novaSenha123' });
    expect(errada.statusCode).toBe(400);
    expect(env(errada)).toEqual({ hasError: true, messageError: 'A senha atual não confere.', result: null, results: null });
    const semAtual = await c.post('/services/user/changePassword', { novaSenha: 'novaSenha123', confirmacaoSenha: 'novaSenha123' });
    expect(semAtual.statusCode).toBe(400);
    expect(env(semAtual).messageError).toBe('A senha atual não confere.');
    const curta = await c.post('/services/user/changePassword', { senhaAtual: SENHA_INICIAL, novaSenha: 'abc', confirmacaoSenha: 'abc' });
    expect(curta.statusCode).toBe(400);
    expect(env(curta).messageError).toBe('A senha deve ter pelo menos 8 caracteres.');
    const diferente = await c.post('/services/user/changePassword', { senhaAtual: SENHA_INICIAL, novaSenha: 'novaSenha123', confirmacaoSenha: 'novaSenha124' });
    expect(diferente.statusCode).toBe(400);
    expect(env(diferente).messageError).toBe('A confirmação não confere com a nova senha.');
    expect(await consegueEntrar('troca.senha', SENHA_INICIAL)).toBe(200);
    expect(await consegueEntrar('troca.senha', 'novaSenha123')).toBe(401);
  });

  it('sem o cabeçalho XSRF dá 403', async () => {
    const c = await t.entrar('troca.senha', SENHA_INICIAL);
    const r = await c.post('/services/user/changePassword', { senhaAtual: SENHA_INICIAL, novaSenha: 'novaSenha123', confirmacaoSenha: 'novaSenha123' }, { semXsrf: true });
    expect(r.statusCode).toBe(403);
    expect(await consegueEntrar('troca.senha', SENHA_INICIAL)).toBe(200);
  });

  it('troca a senha: a antiga deixa de valer, a nova vale, esta sessão continua e as outras (e os lembrar-me) acabam', async () => {
    const estaSessao = await t.entrar('troca.senha', SENHA_INICIAL, true);
    const outraSessao = await t.entrar('troca.senha', SENHA_INICIAL);
    const outroAparelho = t.cliente();
    await outroAparelho.login('troca.senha', SENHA_INICIAL, true);
    const tokenDoOutroAparelho = outroAparelho.rememberMe!;
    expect(tokenDoOutroAparelho).toBeTruthy();

    const r = await estaSessao.post('/services/user/changePassword', { senhaAtual: SENHA_INICIAL, novaSenha: 'novaSenha123', confirmacaoSenha: 'novaSenha123' });
    expect(r.statusCode).toBe(200);
    expect(env(r)).toEqual({ hasError: false, messageError: null, result: 'Senha alterada com sucesso.', results: null });

    expect(await consegueEntrar('troca.senha', SENHA_INICIAL)).toBe(401);
    expect(await consegueEntrar('troca.senha', 'novaSenha123')).toBe(200);
    expect((await estaSessao.get('/services/user/getUserInformations')).statusCode).toBe(200);
    expect((await outraSessao.get('/services/user/getUserInformations')).statusCode).toBe(401);
    expect((await outroAparelho.get('/services/user/getUserInformations')).statusCode).toBe(401);
    // Whoever holds the old remember-me token (a stolen laptop, say) must not get back in either.
    const lembrado = t.cliente();
    lembrado.rememberMe = tokenDoOutroAparelho;
    expect((await lembrado.get('/services/user/getUserInformations', { comRememberMe: true })).statusCode).toBe(401);
    // The device where the password was changed keeps its own "remember me", like its session.
    estaSessao.cookies.delete('SESSION');
    expect((await estaSessao.get('/services/user/getUserInformations', { comRememberMe: true })).statusCode).toBe(200);

    const id = await idDoUsuario(t, 'troca.senha');
    const [a, ...outras] = await auditoriasDe(t, { entidade: 'usuario', entidadeId: id, acao: 'ALTERAR_SENHA' });
    expect(outras).toHaveLength(0);
    expect(a).toMatchObject({ usuarioId: id, empresaId: 1 });
    expect(JSON.stringify(a)).not.toMatch(/argon2|novaSenha123|senhaInicial1/);
  });

  it('sem sessão e sem token dá 401', async () => {
    const c = t.cliente();
    await c.get('/services/config/nomesistema');
    const r = await c.post('/services/user/changePassword', { senhaAtual: SENHA_INICIAL, novaSenha: 'novaSenha123', confirmacaoSenha: 'novaSenha123' });
    expect(r.statusCode).toBe(401);
    expect(env(r).messageError).toBe(MENSAGENS.naoAutenticado);
  });
});

// GET user/esqueciminhasenha and the change by the e-mailed link: esqueci-senha.test.ts.

describe('POST user/salvarperfil (Meu Perfil)', () => {
  it('muda nome e e-mail de quem está logado e registra antes e depois na auditoria', async () => {
    await criarUsuario(gerente, { nome: 'Perfil Antigo', username: 'meu.perfil', email: 'antigo@exemplo.com.br', perfilId: 4 });
    const c = await t.entrar('meu.perfil', SENHA_INICIAL);
    const r = await c.post('/services/user/salvarperfil', { nome: '  Perfil Novo ', email: 'novo@exemplo.com.br' });
    expect(r.statusCode).toBe(200);
    expect(env(r).result).toEqual({ nome: 'Perfil Novo', email: 'novo@exemplo.com.br' });
    expect(env<UsuarioLogado>(await c.get('/services/user/getUserInformations')).result).toMatchObject({ name: 'Perfil Novo', email: 'novo@exemplo.com.br' });
    const id = await idDoUsuario(t, 'meu.perfil');
    const [a] = await auditoriasDe(t, { entidade: 'usuario', entidadeId: id, acao: 'ALTERAR' });
    expect(a).toMatchObject({ usuarioId: id, empresaId: 1, antes: { nome: 'Perfil Antigo', email: 'antigo@exemplo.com.br' }, depois: { nome: 'Perfil Novo', email: 'novo@exemplo.com.br' } });
  });

  it('e-mail vazio vira sem e-mail; e-mail inválido e nome curto dão 400', async () => {
    const c = await t.entrar('meu.perfil', SENHA_INICIAL);
    const vazio = await c.post('/services/user/salvarperfil', { nome: 'Perfil Novo', email: '' });
    expect(env(vazio).result).toEqual({ nome: 'Perfil Novo', email: null });
    const invalido = await c.post('/services/user/salvarperfil', { nome: 'Perfil Novo', email: 'sem-arroba' });
    expect(invalido.statusCode).toBe(400);
    expect(env(invalido).messageError).toBe('E-mail inválido.');
    const curto = await c.post('/services/user/salvarperfil', { nome: 'P', email: null });
    expect(curto.statusCode).toBe(400);
    expect(env(curto).messageError).toBe('Informe o nome.');
    expect(env<UsuarioLogado>(await c.get('/services/user/getUserInformations')).result).toMatchObject({ name: 'Perfil Novo', email: null });
  });

  it('um usuário sem empresa (analista) também edita o próprio perfil', async () => {
    const c = await t.entrar('analista');
    const r = await c.post('/services/user/salvarperfil', { nome: 'Lucas Analista Sênior', email: 'analista@bonifica.local' });
    expect(r.statusCode).toBe(200);
    expect(env<UsuarioLogado>(await c.get('/services/user/getUserInformations')).result.name).toBe('Lucas Analista Sênior');
  });
});
