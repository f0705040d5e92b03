import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGENS_PRODUTO, ROTULOS_PERMISSAO, TODAS_PERMISSOES, type Pagina, type Perfil } from '@bonifica/contracts';
import { eq } from 'drizzle-orm';
import { perfil } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import { auditoriasDe, idDoUsuario } from './apoio/consultas.js';

const CAMPOS_PERFIL = ['descricao', 'empresaId', 'id', 'nome', 'permissoes', 'referencia', 'sistema'];

let t: AppDeTeste;
let gerente: Cliente;
let admin: Cliente;
let atendente: Cliente;
let outra: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, admin, atendente, outra] = await Promise.all([t.entrar('gerente'), t.entrar('admin'), t.entrar('atendente'), t.entrar('outra')]);
});
afterAll(() => t.fechar());

const nomes = (r: { json: () => unknown }) => env<null>(r).results.map((p) => (p as Perfil).nome);

async function linhaDoPerfil(id: number) {
  const [l] = await t.banco.db.select().from(perfil).where(eq(perfil.id, id));
  return l;
}

describe('GET profile/listcompanyprofiles', () => {
  it('o gerente recebe os perfis que pode dar: os de empresa do sistema e os da própria rede', async () => {
    const r = await gerente.get('/services/profile/listcompanyprofiles');
    expect(r.statusCode).toBe(200);
    const perfis = env<null>(r).results as Perfil[];
    expect(perfis.map((p) => p.nome)).toEqual(['Atendente de balcão', 'Gerente']);
    expect(perfis[0]).toEqual({
      id: 4,
      nome: 'Atendente de balcão',
      descricao: 'Atende no balcão: terminal e consulta de clientes.',
      referencia: 'EMPRESA',
      empresaId: 1,
      permissoes: ['ROLE_USER_COMPANY', 'TERMINAL_USAR', 'CLIENTE_CONSULTAR'],
      sistema: false,
    });
    expect(perfis[1]).toMatchObject({ id: 3, referencia: 'EMPRESA', empresaId: null, sistema: true });
    expect(Object.keys(perfis[1]!).sort()).toEqual(CAMPOS_PERFIL);
  });

  it('o administrador do sistema recebe os perfis de sistema; outra empresa não vê o perfil da demo', async () => {
    expect(nomes(await admin.get('/services/profile/listcompanyprofiles'))).toEqual(['Administrador do sistema', 'Analista']);
    expect(nomes(await outra.get('/services/profile/listcompanyprofiles'))).toEqual(['Gerente']);
  });

  it('atendente (sem administrar usuários nem perfis) recebe 403', async () => {
    const r = await atendente.get('/services/profile/listcompanyprofiles');
    expect(r.statusCode).toBe(403);
    expect(env(r).messageError).toBe(MENSAGENS_PRODUTO.acessoNegado);
  });
});

describe('GET profile/listall', () => {
  it('o administrador do sistema vê todos os perfis', async () => {
    const r = await admin.get('/services/profile/listall');
    expect(r.statusCode).toBe(200);
    expect(nomes(r)).toEqual(['Administrador do sistema', 'Analista', 'Atendente de balcão', 'Gerente']);
  });

  it.each(['gerente', 'outra', 'atendente', 'analista'])('%s recebe 403', async (username) => {
    const c = await t.entrar(username);
    const r = await c.get('/services/profile/listall');
    expect(r.statusCode).toBe(403);
    expect(env(r)).toEqual({ hasError: true, messageError: MENSAGENS_PRODUTO.acessoNegado, result: null, results: null });
  });
});

describe('GET profile/{ref}/available', () => {
  it('para a matriz ou uma filial da rede, o gerente recebe os perfis da rede', async () => {
    for (const ref of [1, 2, 3]) {
      const r = await gerente.get(`/services/profile/${ref}/available`);
      expect(r.statusCode, `ref ${ref}`).toBe(200);
      expect(nomes(r)).toEqual(['Atendente de balcão', 'Gerente']);
    }
  });

  it('empresa de outra rede ou inexistente dá 404 ao gerente, sem revelar nada', async () => {
    for (const ref of [4, 999]) {
      const r = await gerente.get(`/services/profile/${ref}/available`);
      expect(r.statusCode).toBe(404);
      expect(env(r)).toEqual({ hasError: true, messageError: 'Empresa não encontrada.', result: null, results: null });
    }
  });

  it('o administrador do sistema consulta qualquer empresa; referência inválida dá 400', async () => {
    expect(nomes(await admin.get('/services/profile/4/available'))).toEqual(['Gerente']);
    expect(nomes(await admin.get('/services/profile/2/available'))).toEqual(['Atendente de balcão', 'Gerente']);
    const r = await gerente.get('/services/profile/abc/available');
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Empresa inválida.');
  });
});

describe('GET profile/permissoes', () => {
  it('o gerente recebe o catálogo com rótulos em português, só com o que ele pode conceder (sem ROLE_ADMIN nem ROLE_ANALISTA)', async () => {
    const r = await gerente.get('/services/profile/permissoes');
    expect(r.statusCode).toBe(200);
    const lista = env<null>(r).results as { valor: string; rotulo: string }[];
    expect(lista.map((p) => p.valor)).not.toContain('ROLE_ADMIN');
    // Gerente holds ROLE_USER_COMPANY_ADMIN, which implies the company's clerk permissions (decision 019).
    const concedidas = TODAS_PERMISSOES.filter((p) => p !== 'ROLE_ADMIN' && p !== 'ROLE_ANALISTA');
    expect(lista).toEqual(concedidas.map((valor) => ({ valor, rotulo: ROTULOS_PERMISSAO[valor] })));
    expect(lista.find((p) => p.valor === 'TERMINAL_USAR')?.rotulo).toBe('Usar o terminal de atendimento');
  });

  it('o administrador do sistema recebe também ROLE_ADMIN', async () => {
    const lista = env<null>(await admin.get('/services/profile/permissoes')).results as { valor: string }[];
    expect(lista.map((p) => p.valor)).toEqual([...TODAS_PERMISSOES]);
  });
});

describe('POST profile/filterpaginated/{p}/{s}', () => {
  it('pagina os perfis visíveis e busca ignorando acentos e maiúsculas', async () => {
    const r = await gerente.post('/services/profile/filterpaginated/0/10', {});
    expect(r.statusCode).toBe(200);
    const p = env<Pagina<Perfil>>(r).result;
    expect(p).toMatchObject({ totalElements: 2, totalPages: 1, number: 0, size: 10 });
    expect(p.content.map((x) => x.nome)).toEqual(['Atendente de balcão', 'Gerente']);
    const busca = env<Pagina<Perfil>>(await gerente.post('/services/profile/filterpaginated/0/10', { busca: 'BALCAO' })).result;
    expect(busca.content.map((x) => x.nome)).toEqual(['Atendente de balcão']);
    const curinga = env<Pagina<Perfil>>(await gerente.post('/services/profile/filterpaginated/0/10', { busca: '%' })).result;
    expect(curinga.totalElements).toBe(0);
    const pagina1 = env<Pagina<Perfil>>(await gerente.post('/services/profile/filterpaginated/1/1', {})).result;
    expect(pagina1).toMatchObject({ totalElements: 2, totalPages: 2, number: 1, size: 1 });
    expect(pagina1.content.map((x) => x.nome)).toEqual(['Gerente']);
  });
});

describe('POST profile/save, GET profile/findbyid, DELETE profile/delete', () => {
  let criado: Perfil;

  it('o gerente cria um perfil da rede: permissões sem repetição e em ordem; auditado', async () => {
    const r = await gerente.post('/services/profile/save', { nome: 'Caixa', descricao: 'Operador de caixa', permissoes: ['TERMINAL_USAR', 'CLIENTE_CONSULTAR', 'TERMINAL_USAR'] });
    expect(r.statusCode).toBe(200);
    criado = env<Perfil>(r).result;
    expect(criado).toEqual({
      id: criado.id,
      nome: 'Caixa',
      descricao: 'Operador de caixa',
      referencia: 'EMPRESA',
      empresaId: 1,
      permissoes: ['CLIENTE_CONSULTAR', 'TERMINAL_USAR'],
      sistema: false,
    });
    expect(env<Perfil>(await gerente.get(`/services/profile/findbyid/${criado.id}`)).result).toEqual(criado);
    expect(nomes(await gerente.get('/services/profile/listcompanyprofiles'))).toContain('Caixa');
    expect(nomes(await outra.get('/services/profile/listcompanyprofiles'))).not.toContain('Caixa');
    const [a] = await auditoriasDe(t, { entidade: 'perfil', entidadeId: criado.id, acao: 'CRIAR' });
    expect(a).toMatchObject({ usuarioId: await idDoUsuario(t, 'gerente'), empresaId: 1, antes: null, depois: { nome: 'Caixa', permissoes: ['CLIENTE_CONSULTAR', 'TERMINAL_USAR'] } });
  });

  it('altera o perfil da rede e a auditoria guarda antes e depois', async () => {
    const r = await gerente.post('/services/profile/save', { id: criado.id, nome: 'Caixa rápido', descricao: null, permissoes: ['TERMINAL_USAR'] });
    expect(r.statusCode).toBe(200);
    expect(env<Perfil>(r).result).toMatchObject({ id: criado.id, nome: 'Caixa rápido', descricao: null, permissoes: ['TERMINAL_USAR'] });
    const [a] = await auditoriasDe(t, { entidade: 'perfil', entidadeId: criado.id, acao: 'ALTERAR' });
    expect(a).toMatchObject({ antes: { nome: 'Caixa' }, depois: { nome: 'Caixa rápido', permissoes: ['TERMINAL_USAR'] } });
  });

  it('permissão desconhecida dá 400 e nada é gravado', async () => {
    const r = await gerente.post('/services/profile/save', { id: criado.id, nome: 'Caixa rápido', permissoes: ['TERMINAL_USAR', 'ROLE_HACKER'] });
    expect(r.statusCode).toBe(400);
    expect(env(r)).toEqual({ hasError: true, messageError: 'Permissão desconhecida: ROLE_HACKER.', result: null, results: null });
    expect((await linhaDoPerfil(criado.id))?.permissoes).toEqual(['TERMINAL_USAR']);
  });

  it('o gerente não concede ROLE_ADMIN (403), nem ao criar nem ao alterar', async () => {
    const criar = await gerente.post('/services/profile/save', { nome: 'Super', permissoes: ['ROLE_ADMIN'] });
    expect(criar.statusCode).toBe(403);
    expect(env(criar).messageError).toBe('Somente um administrador do sistema pode conceder ROLE_ADMIN.');
    const alterar = await gerente.post('/services/profile/save', { id: criado.id, nome: 'Caixa rápido', permissoes: ['TERMINAL_USAR', 'ROLE_ADMIN'] });
    expect(alterar.statusCode).toBe(403);
    expect((await linhaDoPerfil(criado.id))?.permissoes).toEqual(['TERMINAL_USAR']);
    expect(nomes(await gerente.get('/services/profile/listcompanyprofiles'))).not.toContain('Super');
  });

  it('o gerente não altera perfil do sistema: o Gerente dá 403 e o Administrador nem aparece (404)', async () => {
    const antes = await linhaDoPerfil(3);
    const r = await gerente.post('/services/profile/save', { id: 3, nome: 'Gerente', permissoes: ['TERMINAL_USAR'] });
    expect(r.statusCode).toBe(403);
    expect(env(r).messageError).toBe('Perfis do sistema só podem ser alterados pelo administrador do sistema.');
    expect(await linhaDoPerfil(3)).toEqual(antes);
    const admin1 = await gerente.post('/services/profile/save', { id: 1, nome: 'Administrador do sistema', permissoes: [] });
    expect(admin1.statusCode).toBe(404);
    expect((await gerente.get('/services/profile/findbyid/1')).statusCode).toBe(404);
  });

  it('nome vazio dá 400 em português; atendente não grava perfil (403)', async () => {
    const vazio = await gerente.post('/services/profile/save', { nome: ' ', permissoes: [] });
    expect(vazio.statusCode).toBe(400);
    expect(env(vazio).messageError).toBe('Informe o nome do perfil.');
    expect((await atendente.post('/services/profile/save', { nome: 'Do Atendente', permissoes: [] })).statusCode).toBe(403);
  });

  it('perfil em uso não é excluído: 409 com a quantidade de usuários', async () => {
    const r = await gerente.delete('/services/profile/delete/4');
    expect(r.statusCode).toBe(409);
    expect(env(r)).toEqual({
      hasError: true,
      messageError: 'Este perfil está em uso por 1 usuário(s) ativo(s). Troque o perfil deles antes de excluir.',
      result: null,
      results: null,
    });
    await gerente.post('/services/user/save', { nome: 'Segunda Atendente', username: 'segunda.atendente', perfilId: 4, senha: 'senhaInicial1' });
    const dois = await gerente.delete('/services/profile/delete/4');
    expect(env(dois).messageError).toBe('Este perfil está em uso por 2 usuário(s) ativo(s). Troque o perfil deles antes de excluir.');
    expect((await linhaDoPerfil(4))?.ativo).toBe(true);
  });

  it('o gerente não exclui perfil do sistema (403)', async () => {
    const r = await gerente.delete('/services/profile/delete/3');
    expect(r.statusCode).toBe(403);
    expect(env(r).messageError).toBe('Perfis do sistema só podem ser excluídos pelo administrador do sistema.');
    expect((await linhaDoPerfil(3))?.ativo).toBe(true);
  });

  it('exclui perfil sem uso: some das listas e de findbyid, e a exclusão é auditada', async () => {
    const r = await gerente.delete(`/services/profile/delete/${criado.id}`);
    expect(r.statusCode).toBe(200);
    expect(env(r).result).toBe(true);
    expect((await gerente.get(`/services/profile/findbyid/${criado.id}`)).statusCode).toBe(404);
    expect(nomes(await gerente.get('/services/profile/listcompanyprofiles'))).toEqual(['Atendente de balcão', 'Gerente']);
    const [a] = await auditoriasDe(t, { entidade: 'perfil', entidadeId: criado.id, acao: 'DESATIVAR' });
    expect(a).toMatchObject({ usuarioId: await idDoUsuario(t, 'gerente'), empresaId: 1, antes: { nome: 'Caixa rápido' } });
    expect((await gerente.delete(`/services/profile/delete/${criado.id}`)).statusCode).toBe(404);
  });

  it('perfil excluído não pode mais ser dado a usuário', async () => {
    const r = await gerente.post('/services/user/save', { nome: 'Com Perfil Excluido', username: 'perfil.excluido', perfilId: criado.id, senha: 'senhaInicial1' });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('Perfil inválido.');
  });

  it('o administrador do sistema cria perfil de sistema, inclusive com ROLE_ADMIN', async () => {
    const r = await admin.post('/services/profile/save', { nome: 'Suporte', permissoes: ['ROLE_ADMIN', 'RELATORIO_VER'] });
    expect(r.statusCode).toBe(200);
    expect(env<Perfil>(r).result).toMatchObject({ nome: 'Suporte', referencia: 'SISTEMA', empresaId: null, sistema: true, permissoes: ['RELATORIO_VER', 'ROLE_ADMIN'] });
    expect(nomes(await gerente.get('/services/profile/listcompanyprofiles'))).not.toContain('Suporte');
  });
});
