import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { EmpresaAdmin, EmpresaAdminCriada, Pagina } from '@bonifica/contracts';
import { auditoria, emailSaida } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';

let t: AppDeTeste;
let admin: Cliente;
let gerente: Cliente;
let analista: Cliente;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [admin, gerente, analista] = await Promise.all(['admin', 'gerente', 'analista'].map((u) => t.entrar(u)));
});
afterAll(() => t.fechar());

const NOVA = {
  nome: 'Mercadinho Bom Preço Ltda',
  nomeCurto: 'Mercadinho Bom Preço',
  cnpj: '11.444.777/0001-61',
  slug: 'mercadinho-bom-preco',
  gerente: { nome: 'Beatriz Nova Gerente', username: 'beatriz.bompreco', email: 'beatriz@bompreco.exemplo.com.br', senha: 'senha-inicial-1' },
};

const desbloquear = (c: Cliente, id: number, payload: unknown) => c.requisitar({ method: 'DELETE', url: `/services/empresabloqueio/${id}`, payload: payload as object });
const ultimaAuditoria = async (entidade: string) =>
  (await t.app.db.select().from(auditoria).where(eq(auditoria.entidade, entidade)).orderBy(desc(auditoria.id)).limit(1))[0];

describe('company/admin: só o administrador do sistema', () => {
  it('gerente e analista recebem 403 em toda chamada; sem login, 401', async () => {
    for (const c of [gerente, analista]) {
      expect((await c.post('/services/company/admin/filterpaginated/0/10', {})).statusCode).toBe(403);
      expect((await c.get('/services/company/admin/findbyid/1')).statusCode).toBe(403);
      expect((await c.post('/services/company/admin/save', NOVA)).statusCode).toBe(403);
      expect((await c.post('/services/empresabloqueio/save', { empresaId: 4, motivo: 'Teste de permissão' })).statusCode).toBe(403);
      expect((await desbloquear(c, 4, { motivo: 'Teste de permissão' })).statusCode).toBe(403);
      expect((await c.post('/services/config/save', { nomeSistema: 'Invasor' })).statusCode).toBe(403);
      expect((await c.post('/services/sistema/whitelabel/imagem/favicon', { mime: 'image/png', base64: 'iVBORw0KGgo=' })).statusCode).toBe(403);
    }
    expect((await t.cliente().get('/services/company/admin/findbyid/1')).statusCode).toBe(401);
  });
});

describe('company/admin: lista, cadastro, edição', () => {
  let criada: EmpresaAdminCriada;

  it('lista só as matrizes, com o uso de cada uma, e filtra por busca e situação', async () => {
    const r = await admin.post('/services/company/admin/filterpaginated/0/10', {});
    expect(r.statusCode).toBe(200);
    const p = env<Pagina<EmpresaAdmin>>(r).result;
    expect(p.content.map((e) => e.shortName)).toEqual(['Padaria Pão Quente', 'Supermercados Bonifica Demo Centro']);
    const demo = p.content.find((e) => e.id === 1)!;
    expect(demo.uso.clientes).toBeGreaterThan(0);
    expect(demo.uso.usuarios).toBe(2);
    expect(demo.uso.filiais).toBe(2);
    expect(demo.uso.ultimaAtividade).not.toBeNull();
    const busca = env<Pagina<EmpresaAdmin>>(await admin.post('/services/company/admin/filterpaginated/0/10', { busca: 'pao quente' })).result;
    expect(busca.content.map((e) => e.id)).toEqual([4]);
    const porCnpj = env<Pagina<EmpresaAdmin>>(await admin.post('/services/company/admin/filterpaginated/0/10', { busca: '11222333' })).result;
    expect(porCnpj.content.map((e) => e.id)).toEqual([1]);
    const bloqueadas = env<Pagina<EmpresaAdmin>>(await admin.post('/services/company/admin/filterpaginated/0/10', { situacao: 'BLOQUEADA' })).result;
    expect(bloqueadas.totalElements).toBe(0);
    expect((await admin.post('/services/company/admin/filterpaginated/0/101', {})).statusCode).toBe(400);
    expect((await admin.post('/services/company/admin/filterpaginated/0/10', { situacao: 'X' })).statusCode).toBe(400);
  });

  it('uma filial não é uma empresa cliente: findbyid dela é 404', async () => {
    expect((await admin.get('/services/company/admin/findbyid/2')).statusCode).toBe(404);
    expect((await admin.get('/services/company/admin/findbyid/999')).statusCode).toBe(404);
  });

  it('valida o cadastro em português', async () => {
    const semGerente = await admin.post('/services/company/admin/save', { ...NOVA, gerente: undefined });
    expect(semGerente.statusCode).toBe(400);
    expect(env(semGerente).messageError).toContain('Informe o gerente da nova empresa.');
    const cnpj = await admin.post('/services/company/admin/save', { ...NOVA, cnpj: '11.444.777/0001-00' });
    expect(cnpj.statusCode).toBe(400);
    expect(env(cnpj).messageError).toContain('CNPJ inválido.');
    const slug = await admin.post('/services/company/admin/save', { ...NOVA, slug: 'Com Espaço' });
    expect(slug.statusCode).toBe(400);
    const semSenhaNemEmail = await admin.post('/services/company/admin/save', { ...NOVA, gerente: { ...NOVA.gerente, senha: undefined, email: null } });
    expect(semSenhaNemEmail.statusCode).toBe(400);
    expect(env(semSenhaNemEmail).messageError).toContain('Informe a senha inicial ou o e-mail para o convite.');
    const slugUsado = await admin.post('/services/company/admin/save', { ...NOVA, slug: 'bonifica-demo' });
    expect(slugUsado.statusCode).toBe(409);
    const usuarioUsado = await admin.post('/services/company/admin/save', { ...NOVA, gerente: { ...NOVA.gerente, username: 'gerente' } });
    expect(usuarioUsado.statusCode).toBe(409);
    expect(env(usuarioUsado).messageError).toBe('Este usuário já existe: escolha outro para o gerente.');
  });

  it('cria a matriz e o gerente (perfil Gerente, administrador do faturamento), auditado; o gerente entra e vê a empresa vazia', async () => {
    const r = await admin.post('/services/company/admin/save', NOVA);
    expect(r.statusCode).toBe(200);
    criada = env<EmpresaAdminCriada>(r).result;
    expect(criada.convite).toBe('SENHA_INICIAL');
    const a = await ultimaAuditoria('empresa');
    expect(a).toMatchObject({ acao: 'CRIAR', entidadeId: String(criada.id), empresaId: criada.id });
    expect(JSON.stringify(a!.depois)).not.toContain('senha-inicial-1');

    const nova = await t.entrar('beatriz.bompreco', 'senha-inicial-1');
    const info = env<{ perfil: string; matrizId: number }>(await nova.get('/services/user/getUserInformations')).result;
    expect(info).toMatchObject({ perfil: 'Gerente', matrizId: criada.id });
    expect(env<{ administrador: boolean }>(await nova.get('/services/company/faturamento/status')).result.administrador).toBe(true);
    expect(env(await nova.get('/services/company/empresausuariologado')).result).toMatchObject({ id: criada.id, tipo: 'MATRIZ', matrizId: criada.id, shortName: 'Mercadinho Bom Preço' });
    // Tenant isolation of the new company: empty, and the demo's data is not there.
    const clientes = await nova.post('/services/client/filterpaginated/0/10', {});
    expect(env<Pagina<unknown>>(clientes).result.totalElements).toBe(0);
    expect((await nova.get('/services/company/matrizefiliais/1')).statusCode).toBe(404);
    expect((await gerente.get(`/services/company/matrizefiliais/${criada.id}`)).statusCode).toBe(404);
    // The new company gets the trial days of the settings.
    const detalhe = env<EmpresaAdmin>(await admin.get(`/services/company/admin/findbyid/${criada.id}`)).result;
    expect(detalhe.experimentalAte).not.toBeNull();
    expect(detalhe.uso).toMatchObject({ clientes: 0, vendasMes: 0, usuarios: 1 });
  });

  it('sem senha inicial, o gerente recebe o convite pela caixa de saída com o nome do sistema no assunto', async () => {
    await admin.post('/services/config/save', { nomeSistema: 'Fideliza Mais' });
    const r = await admin.post('/services/company/admin/save', {
      ...NOVA,
      cnpj: null,
      slug: 'loja-convidada',
      gerente: { nome: 'Caio Convidado', username: 'caio.convidado', email: 'caio@convidada.exemplo.com.br' },
    });
    expect(r.statusCode).toBe(200);
    expect(env<EmpresaAdminCriada>(r).result.convite).toBe('EMAIL');
    const [m] = await t.app.db.select().from(emailSaida).where(eq(emailSaida.para, 'caio@convidada.exemplo.com.br'));
    expect(m!.assunto).toBe('Fideliza Mais — acesso de Mercadinho Bom Preço');
    expect(m!.corpo).toContain('token=[oculto]');
    expect(m!.corpo).toContain('caio.convidado');
    await admin.post('/services/config/save', { nomeSistema: 'Bonifica' });
  });

  it('edita os dados, auditando antes e depois; endereço repetido é 409', async () => {
    const r = await admin.post('/services/company/admin/save', { id: criada.id, nome: 'Mercadinho Bom Preço Eireli', nomeCurto: 'Bom Preço', slug: 'bom-preco', cnpj: '' });
    expect(r.statusCode).toBe(200);
    const d = env<EmpresaAdmin>(await admin.get(`/services/company/admin/findbyid/${criada.id}`)).result;
    expect(d).toMatchObject({ nome: 'Mercadinho Bom Preço Eireli', shortName: 'Bom Preço', slug: 'bom-preco', cnpj: null });
    const a = await ultimaAuditoria('empresa');
    expect(a).toMatchObject({ acao: 'ALTERAR', antes: { slug: 'mercadinho-bom-preco' }, depois: { slug: 'bom-preco' } });
    expect((await admin.post('/services/company/admin/save', { id: criada.id, nome: 'X Ltda', nomeCurto: 'X X', slug: 'padaria-pao-quente' })).statusCode).toBe(409);
    expect((await admin.post('/services/company/admin/save', { id: 2, nome: 'X Ltda', nomeCurto: 'X X', slug: 'qualquer-um' })).statusCode).toBe(404);
    expect((await admin.post('/services/company/admin/save', { id: criada.id, nome: 'X Ltda', nomeCurto: 'X X', slug: 'x-x', gerente: NOVA.gerente })).statusCode).toBe(400);
  });
});

describe('empresabloqueio: bloquear e desbloquear com motivo', () => {
  it('o motivo é obrigatório', async () => {
    const r = await admin.post('/services/empresabloqueio/save', { empresaId: 4, motivo: '' });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toContain('Informe o motivo');
    expect((await admin.post('/services/empresabloqueio/save', { empresaId: 2, motivo: 'Filial não se bloqueia' })).statusCode).toBe(404);
  });

  it('bloqueada: a sessão aberta cai, o login diz que a empresa está bloqueada, e o desbloqueio devolve o acesso', async () => {
    const outra = await t.entrar('outra');
    expect((await outra.get('/services/user/getUserInformations')).statusCode).toBe(200);
    await admin.post('/services/config/save', { emailSuporte: 'suporte@bonifica.exemplo.com.br' });

    const b = await admin.post('/services/empresabloqueio/save', { empresaId: 4, motivo: 'Fatura em atraso há 60 dias' });
    expect(b.statusCode).toBe(200);
    expect(await ultimaAuditoria('empresa')).toMatchObject({ acao: 'BLOQUEAR', entidadeId: '4', depois: { ativa: false, motivo: 'Fatura em atraso há 60 dias' } });
    expect((await admin.post('/services/empresabloqueio/save', { empresaId: 4, motivo: 'De novo, por engano' })).statusCode).toBe(409);

    expect((await outra.get('/services/user/getUserInformations')).statusCode).toBe(401);
    const login = await t.cliente().login('outra', 'demo1234');
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      auth: { hasError: true, messageError: 'O acesso da sua empresa está bloqueado. Fale com o suporte do Bonifica: suporte@bonifica.exemplo.com.br.' },
    });
    // A wrong password says nothing about the company.
    expect((await t.cliente().login('outra', 'errada123')).statusCode).toBe(401);

    const lista = env<Pagina<EmpresaAdmin>>(await admin.post('/services/company/admin/filterpaginated/0/10', { situacao: 'BLOQUEADA' })).result;
    expect(lista.content.map((e) => [e.id, e.ativa, e.motivoBloqueio])).toEqual([[4, false, 'Fatura em atraso há 60 dias']]);
    // The demo company is untouched.
    expect((await gerente.get('/services/user/getUserInformations')).statusCode).toBe(200);

    expect((await desbloquear(admin, 4, {})).statusCode).toBe(400);
    const d = await desbloquear(admin, 4, { motivo: 'Fatura paga em 25/11' });
    expect(d.statusCode).toBe(200);
    expect(await ultimaAuditoria('empresa')).toMatchObject({ acao: 'DESBLOQUEAR', depois: { ativa: true, motivo: 'Fatura paga em 25/11' } });
    expect((await desbloquear(admin, 4, { motivo: 'Outra vez, sem bloqueio' })).statusCode).toBe(409);
    expect((await t.cliente().login('outra', 'demo1234')).statusCode).toBe(200);
  });
});
