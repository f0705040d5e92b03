import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Perfil, UsuarioLogado, UsuarioResumo } from '@bonifica/contracts';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe, idDoUsuario } from './apoio/consultas.js';

/**
 * Issue 12 §1: inside a company nobody grants what they do not hold, nobody touches their own
 * rights, and a user manages only users whose rights fit inside theirs (docs/decisions/019).
 */

const SENHA = 'senhaInicial1';
const PERFIL_GERENTE = 3;
const PERFIL_ATENDENTE = 4;

const MSG = {
  conceder: 'Você não pode conceder uma permissão que não possui.',
  atribuirPerfil: 'Você não pode atribuir um perfil com permissões que você não possui.',
  faturamento: 'Somente um administrador do faturamento pode conceder a administração do faturamento.',
  alterarUsuario: 'Você não pode alterar um usuário que tem direitos que você não possui.',
  desativarUsuario: 'Você não pode desativar um usuário que tem direitos que você não possui.',
  proprioPerfil: 'Você não pode alterar as permissões do seu próprio perfil.',
  proprioPerfilAtribuido: 'Você não pode trocar o seu próprio perfil.',
  proprioFaturamento: 'Você não pode alterar a sua própria administração do faturamento.',
  perfilAlheio: 'Você não pode alterar um perfil com permissões que você não possui.',
  excluirPerfilAlheio: 'Você não pode excluir um perfil com permissões que você não possui.',
};

let t: AppDeTeste;
let gerente: Cliente;
let admin: Cliente;
let perfilSoUsuarios: Perfil;
let perfilSoPerfis: Perfil;
let idGerente: number;

async function criarPerfil(quem: Cliente, nome: string, permissoes: string[]): Promise<Perfil> {
  const r = await quem.post('/services/profile/save', { nome, permissoes });
  expect(r.statusCode, r.body).toBe(200);
  return env<Perfil>(r).result;
}

async function criarUsuario(quem: Cliente, dados: Record<string, unknown>): Promise<UsuarioResumo> {
  const r = await quem.post('/services/user/save', { senha: SENHA, ...dados });
  expect(r.statusCode, r.body).toBe(200);
  return env<UsuarioResumo>(r).result;
}

async function usuario(id: number): Promise<UsuarioResumo> {
  return env<UsuarioResumo>(await admin.get(`/services/user/findbyid/${id}`)).result;
}

async function permissoesDe(c: Cliente): Promise<string[]> {
  return env<UsuarioLogado>(await c.get('/services/user/getUserInformations')).result.permissions;
}

async function entra(username: string, senha: string): Promise<number> {
  return (await t.cliente().login(username, senha)).statusCode;
}

/** A browser that lost its session cookie and comes back with its remember-me token only. */
async function voltaPeloLembrarMe(token: string): Promise<number> {
  const c = t.cliente();
  c.rememberMe = token;
  return (await c.get('/services/user/getUserInformations', { comRememberMe: true })).statusCode;
}

/** A user logged in twice: one plain session and one with remember-me (its token kept). */
async function sessoesDe(username: string) {
  const sessao = await t.entrar(username, SENHA);
  const lembrado = await t.entrar(username, SENHA, true);
  expect(lembrado.rememberMe).toBeTruthy();
  return { sessao, token: lembrado.rememberMe! };
}

function esperarRecusa(r: { statusCode: number; json: () => unknown }, mensagem: string) {
  expect(r.statusCode).toBe(403);
  expect(env(r)).toEqual({ hasError: true, messageError: mensagem, result: null, results: null });
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, admin] = await Promise.all([t.entrar('gerente'), t.entrar('admin')]);
  idGerente = await idDoUsuario(t, 'gerente');
  perfilSoUsuarios = await criarPerfil(gerente, 'Só usuários', ['USUARIO_GERENCIAR']);
  perfilSoPerfis = await criarPerfil(gerente, 'Só perfis', ['PERFIL_GERENCIAR']);
  await criarUsuario(gerente, { nome: 'Rita RH', username: 'rita.rh', perfilId: perfilSoUsuarios.id });
  await criarUsuario(gerente, { nome: 'Paulo Perfis', username: 'paulo.perfis', perfilId: perfilSoPerfis.id });
});
afterAll(() => t.fechar());

describe('quem só gerencia usuários não sobe acima de si', () => {
  let rh: Cliente;
  let idRh: number;
  beforeAll(async () => {
    rh = await t.entrar('rita.rh', SENHA);
    idRh = await idDoUsuario(t, 'rita.rh');
  });

  it('não põe senha nova no gerente (nem com o corpo completo) e não entra como ele', async () => {
    const r = await rh.post('/services/user/save', {
      id: idGerente,
      nome: 'Gabriel Gerente Souza',
      username: 'gerente',
      email: 'gerente@bonifica-demo.local',
      perfilId: PERFIL_GERENTE,
      administradorFaturamento: true,
      senha: 'tomadaDeConta1',
    });
    esperarRecusa(r, MSG.alterarUsuario);
    expect(await entra('gerente', 'tomadaDeConta1')).toBe(401);
    expect(await entra('gerente', 'demo1234')).toBe(200);
  });

  it('não troca o e-mail do gerente (o caminho do "esqueci minha senha")', async () => {
    const r = await rh.post('/services/user/save', { id: idGerente, email: 'rita@atacante.com' });
    esperarRecusa(r, MSG.alterarUsuario);
    expect((await usuario(idGerente)).email).toBe('gerente@bonifica-demo.local');
  });

  it('não se dá o perfil Gerente nem a administração do faturamento; a sessão aberta continua só com o que tinha', async () => {
    const r = await rh.post('/services/user/save', { id: idRh, nome: 'Rita RH', username: 'rita.rh', perfilId: PERFIL_GERENTE, administradorFaturamento: true });
    esperarRecusa(r, MSG.proprioPerfilAtribuido);
    const soFlag = await rh.post('/services/user/save', { id: idRh, nome: 'Rita RH', username: 'rita.rh', perfilId: perfilSoUsuarios.id, administradorFaturamento: true });
    esperarRecusa(soFlag, MSG.proprioFaturamento);
    expect(await usuario(idRh)).toMatchObject({ perfilId: perfilSoUsuarios.id, administradorFaturamento: false });
    expect(await permissoesDe(rh)).toEqual(['USUARIO_GERENCIAR']);
    expect(env<{ administrador: boolean }>(await rh.get('/services/company/faturamento/status')).result?.administrador ?? false).toBe(false);
  });

  it('não cria um cúmplice com o perfil Gerente, nem com a administração do faturamento', async () => {
    const comPerfil = await rh.post('/services/user/save', { nome: 'Cúmplice', username: 'cumplice', perfilId: PERFIL_GERENTE, senha: SENHA });
    esperarRecusa(comPerfil, MSG.atribuirPerfil);
    const comFlag = await rh.post('/services/user/save', { nome: 'Cúmplice', username: 'cumplice', perfilId: perfilSoUsuarios.id, administradorFaturamento: true, senha: SENHA });
    esperarRecusa(comFlag, MSG.faturamento);
    expect(await entra('cumplice', SENHA)).toBe(401);
  });

  it('não promove o atendente ao perfil Gerente', async () => {
    const idAtendente = await idDoUsuario(t, 'atendente');
    const r = await rh.post('/services/user/save', { id: idAtendente, perfilId: PERFIL_GERENTE });
    // The attendant holds rights Rita does not (terminal, customers): refused before the profile is looked at.
    esperarRecusa(r, MSG.alterarUsuario);
    expect((await usuario(idAtendente)).perfilId).toBe(PERFIL_ATENDENTE);
  });

  it('não desativa o dono da empresa, nem pela exclusão nem pelo cadastro', async () => {
    esperarRecusa(await rh.delete(`/services/user/delete/${idGerente}`), MSG.desativarUsuario);
    esperarRecusa(await rh.post('/services/user/save', { id: idGerente, ativo: false }), MSG.alterarUsuario);
    expect((await usuario(idGerente)).ativo).toBe(true);
    expect((await gerente.get('/services/user/getUserInformations')).statusCode).toBe(200);
  });

  it('gerencia quem cabe nos seus direitos: cria, troca a senha e desativa um colega do mesmo perfil', async () => {
    const colega = await criarUsuario(rh, { nome: 'Colega RH', username: 'colega.rh', perfilId: perfilSoUsuarios.id });
    const r = await rh.post('/services/user/save', { id: colega.id, senha: 'trocadaPelaRita1' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await entra('colega.rh', 'trocadaPelaRita1')).toBe(200);
    expect((await rh.delete(`/services/user/delete/${colega.id}`)).statusCode).toBe(200);
  });
});

describe('quem só gerencia perfis não se dá permissões', () => {
  let perfis: Cliente;
  beforeAll(async () => {
    perfis = await t.entrar('paulo.perfis', SENHA);
  });

  it('não acrescenta ROLE_COMPANY e ROLE_USER_COMPANY_ADMIN ao próprio perfil', async () => {
    const r = await perfis.post('/services/profile/save', {
      id: perfilSoPerfis.id,
      nome: perfilSoPerfis.nome,
      permissoes: ['PERFIL_GERENCIAR', 'ROLE_COMPANY', 'ROLE_USER_COMPANY_ADMIN'],
    });
    esperarRecusa(r, MSG.proprioPerfil);
    expect(await permissoesDe(perfis)).toEqual(['PERFIL_GERENCIAR']);
  });

  it('não cria perfil com permissão que não tem, nem altera perfil que tem permissões que ele não tem', async () => {
    esperarRecusa(await perfis.post('/services/profile/save', { nome: 'Gestão', permissoes: ['ROLE_COMPANY'] }), MSG.conceder);
    esperarRecusa(
      await perfis.post('/services/profile/save', { id: PERFIL_ATENDENTE, nome: 'Atendente de balcão', permissoes: ['ROLE_USER_COMPANY'] }),
      MSG.perfilAlheio,
    );
    esperarRecusa(await perfis.post('/services/profile/save', { id: perfilSoUsuarios.id, nome: 'Só usuários', permissoes: [] }), MSG.perfilAlheio);
    esperarRecusa(await perfis.delete(`/services/profile/delete/${perfilSoUsuarios.id}`), MSG.excluirPerfilAlheio);
  });

  it('o catálogo de permissões oferece só as que ele tem', async () => {
    const r = await perfis.get('/services/profile/permissoes');
    expect(env<{ valor: string }[]>(r).results.map((p) => p.valor)).toEqual(['PERFIL_GERENCIAR']);
  });

  it('cria e altera perfis dentro do que tem', async () => {
    const p = await criarPerfil(perfis, 'Auxiliar de perfis', ['PERFIL_GERENCIAR']);
    const r = await perfis.post('/services/profile/save', { id: p.id, nome: 'Auxiliar de perfis 2', permissoes: [] });
    expect(r.statusCode, r.body).toBe(200);
  });
});

describe('o próprio usuário', () => {
  it('o gerente não troca o próprio perfil nem a própria administração do faturamento, mas muda o próprio nome', async () => {
    esperarRecusa(await gerente.post('/services/user/save', { id: idGerente, perfilId: PERFIL_ATENDENTE }), MSG.proprioPerfilAtribuido);
    esperarRecusa(await gerente.post('/services/user/save', { id: idGerente, administradorFaturamento: false }), MSG.proprioFaturamento);
    const r = await gerente.post('/services/user/save', { id: idGerente, nome: 'Gabriel Gerente Souza' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await usuario(idGerente)).toMatchObject({ perfilId: PERFIL_GERENTE, administradorFaturamento: true, ativo: true });
  });
});

describe('a própria senha pelo cadastro', () => {
  it('mantém a sessão que a trocou e encerra as outras e os lembrar-me dos outros aparelhos', async () => {
    await criarUsuario(gerente, { nome: 'Gerente Três', username: 'gerente.tres', perfilId: PERFIL_GERENTE });
    const esta = await t.entrar('gerente.tres', SENHA, true);
    const { sessao, token } = await sessoesDe('gerente.tres');
    const r = await esta.post('/services/user/save', { id: await idDoUsuario(t, 'gerente.tres'), senha: 'novaSenhaPropria1' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await esta.get('/services/user/getUserInformations')).statusCode).toBe(200);
    expect((await sessao.get('/services/user/getUserInformations')).statusCode).toBe(401);
    expect(await voltaPeloLembrarMe(token)).toBe(401);
    esta.cookies.delete('SESSION');
    expect((await esta.get('/services/user/getUserInformations', { comRememberMe: true })).statusCode).toBe(200);
  });
});

describe('user/save muda só os campos enviados', () => {
  it('sem email, perfil, empresa, ativo e faturamento no corpo, eles ficam como estavam', async () => {
    const u = await criarUsuario(gerente, {
      nome: 'Parcial Silva',
      username: 'parcial.silva',
      email: 'parcial@exemplo.com.br',
      empresaId: 3,
      perfilId: PERFIL_GERENTE,
      administradorFaturamento: true,
    });
    const r = await gerente.post('/services/user/save', { id: u.id, nome: 'Parcial Souza' });
    expect(r.statusCode, r.body).toBe(200);
    const depois = await usuario(u.id);
    expect(depois).toMatchObject({
      nome: 'Parcial Souza',
      username: 'parcial.silva',
      email: 'parcial@exemplo.com.br',
      empresaId: 3,
      perfilId: PERFIL_GERENTE,
      administradorFaturamento: true,
      ativo: true,
    });
    expect(await entra('parcial.silva', SENHA)).toBe(200);
  });

  it('email null apaga o e-mail; ao criar, nome, usuário e perfil continuam obrigatórios', async () => {
    const u = await criarUsuario(gerente, { nome: 'Sem Email', username: 'sem.email', email: 'sem@exemplo.com.br', perfilId: PERFIL_ATENDENTE });
    expect((await gerente.post('/services/user/save', { id: u.id, email: null })).statusCode).toBe(200);
    expect((await usuario(u.id)).email).toBeNull();
    const semPerfil = await gerente.post('/services/user/save', { nome: 'Sem Perfil', username: 'sem.perfil', senha: SENHA });
    expect(semPerfil.statusCode).toBe(400);
    expect(env(semPerfil).messageError).toBe('Escolha o perfil.');
    const semNome = await gerente.post('/services/user/save', { username: 'sem.nome', perfilId: PERFIL_ATENDENTE, senha: SENHA });
    expect(semNome.statusCode).toBe(400);
    expect(env(semNome).messageError).toBe('Informe o nome.');
  });
});

describe('quando os direitos encolhem ou o usuário é desativado, as sessões e os lembrar-me acabam', () => {
  it('rebaixado de Gerente para Atendente: a sessão cai e o lembrar-me não abre outra', async () => {
    await criarUsuario(gerente, { nome: 'Gerente Dois', username: 'gerente.dois', perfilId: PERFIL_GERENTE });
    const { sessao, token } = await sessoesDe('gerente.dois');
    const r = await gerente.post('/services/user/save', { id: await idDoUsuario(t, 'gerente.dois'), perfilId: PERFIL_ATENDENTE });
    expect(r.statusCode, r.body).toBe(200);
    expect((await sessao.get('/services/user/getUserInformations')).statusCode).toBe(401);
    expect(await voltaPeloLembrarMe(token)).toBe(401);
    expect(await entra('gerente.dois', SENHA)).toBe(200);
  });

  it('perde a administração do faturamento: as sessões acabam', async () => {
    const u = await criarUsuario(gerente, { nome: 'Financeiro', username: 'financeiro', perfilId: PERFIL_ATENDENTE, administradorFaturamento: true });
    const { sessao, token } = await sessoesDe('financeiro');
    expect((await gerente.post('/services/user/save', { id: u.id, administradorFaturamento: false })).statusCode).toBe(200);
    expect((await sessao.get('/services/user/getUserInformations')).statusCode).toBe(401);
    expect(await voltaPeloLembrarMe(token)).toBe(401);
  });

  it('uma permissão sai do perfil: quem o usa perde as sessões; uma mudança que não tira nada não derruba ninguém', async () => {
    const p = await criarPerfil(gerente, 'Caixa e relatórios', ['TERMINAL_USAR', 'RELATORIO_VER']);
    await criarUsuario(gerente, { nome: 'Caixa Um', username: 'caixa.um', perfilId: p.id });
    const { sessao, token } = await sessoesDe('caixa.um');
    const soNome = await gerente.post('/services/profile/save', { id: p.id, nome: 'Caixa e relatórios (loja)', permissoes: ['TERMINAL_USAR', 'RELATORIO_VER', 'CLIENTE_CONSULTAR'] });
    expect(soNome.statusCode, soNome.body).toBe(200);
    expect((await sessao.get('/services/user/getUserInformations')).statusCode).toBe(200);
    const tirou = await gerente.post('/services/profile/save', { id: p.id, nome: 'Caixa', permissoes: ['TERMINAL_USAR'] });
    expect(tirou.statusCode, tirou.body).toBe(200);
    expect((await sessao.get('/services/user/getUserInformations')).statusCode).toBe(401);
    expect(await voltaPeloLembrarMe(token)).toBe(401);
  });

  it('desativado e depois reativado: o lembrar-me de antes não vale mais', async () => {
    const u = await criarUsuario(gerente, { nome: 'Vai e Volta', username: 'vai.volta', perfilId: PERFIL_ATENDENTE });
    const { sessao, token } = await sessoesDe('vai.volta');
    expect((await gerente.delete(`/services/user/delete/${u.id}`)).statusCode).toBe(200);
    expect((await sessao.get('/services/user/getUserInformations')).statusCode).toBe(401);
    expect((await gerente.post('/services/user/save', { id: u.id, ativo: true })).statusCode).toBe(200);
    expect(await voltaPeloLembrarMe(token)).toBe(401);
    expect(await entra('vai.volta', SENHA)).toBe(200);
  });

  it('desativado pelo cadastro (ativo: false): o mesmo', async () => {
    const u = await criarUsuario(gerente, { nome: 'Desligado', username: 'desligado', perfilId: PERFIL_ATENDENTE });
    const { token } = await sessoesDe('desligado');
    expect((await gerente.post('/services/user/save', { id: u.id, ativo: false })).statusCode).toBe(200);
    expect((await gerente.post('/services/user/save', { id: u.id, ativo: true })).statusCode).toBe(200);
    expect(await voltaPeloLembrarMe(token)).toBe(401);
  });
});

describe('os caminhos legítimos continuam', () => {
  it('o gerente gerencia a atendente: troca perfil, senha, e desativa', async () => {
    const u = await criarUsuario(gerente, { nome: 'Atendente Nova', username: 'atendente.nova', perfilId: PERFIL_ATENDENTE, empresaId: 2 });
    expect((await gerente.post('/services/user/save', { id: u.id, senha: 'trocadaPeloGerente1' })).statusCode).toBe(200);
    expect(await entra('atendente.nova', 'trocadaPeloGerente1')).toBe(200);
    expect((await gerente.post('/services/user/save', { id: u.id, perfilId: perfilSoUsuarios.id })).statusCode).toBe(200);
    expect((await gerente.delete(`/services/user/delete/${u.id}`)).statusCode).toBe(200);
  });

  it('outro dono (Gerente e administrador do faturamento) altera o dono; o administrador do sistema também', async () => {
    await criarUsuario(gerente, { nome: 'Sócia', username: 'socia', perfilId: PERFIL_GERENTE, administradorFaturamento: true });
    const socia = await t.entrar('socia', SENHA);
    const r = await socia.post('/services/user/save', { id: idGerente, senha: 'trocadaPelaSocia1' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await entra('gerente', 'trocadaPelaSocia1')).toBe(200);
    // Set by somebody else, the password ends the owner's sessions like any other password change.
    expect((await gerente.get('/services/user/getUserInformations')).statusCode).toBe(401);
    const a = await admin.post('/services/user/save', { id: idGerente, senha: 'demo1234' });
    expect(a.statusCode, a.body).toBe(200);
    expect((await admin.post('/services/user/save', { id: idGerente, administradorFaturamento: false })).statusCode).toBe(200);
    expect((await admin.post('/services/user/save', { id: idGerente, administradorFaturamento: true })).statusCode).toBe(200);
    expect((await admin.delete(`/services/user/delete/${await idDoUsuario(t, 'socia')}`)).statusCode).toBe(200);
    gerente = await t.entrar('gerente');
    expect(await usuario(idGerente)).toMatchObject({ ativo: true, administradorFaturamento: true, perfilId: PERFIL_GERENTE });
  });

  it('as recusas não deixam rastro na auditoria como alteração', async () => {
    const alteracoes = await auditoriasDe(t, { entidade: 'usuario', entidadeId: idGerente, acao: 'ALTERAR' });
    const idRh = await idDoUsuario(t, 'rita.rh');
    expect(alteracoes.filter((a) => a.usuarioId === idRh)).toHaveLength(0);
  });
});
