import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  hojeISO,
  MENSAGENS_PRODUTO,
  type Cliente,
  type ClienteResumo,
  type ExportacaoLgpdCliente,
  type GrupoDuplicados,
  type Pagina,
} from '@bonifica/contracts';
import { auditoria, cliente, clienteConsentimento, conta, lancamento, partida } from '../src/db/schema/index.js';
import { cpfDeBase } from '../src/db/seed-clientes.js';
import { LIMITE_CONTAGEM_BUSCA } from '../src/modules/client/client.repository.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente as Navegador } from './apoio/app-de-teste.js';
import { auditoriasDe, idDoUsuario } from './apoio/consultas.js';

let t: AppDeTeste;
let gerente: Navegador;
let atendente: Navegador;
let outra: Navegador;
let admin: Navegador;

const MES_ATUAL = Number(hojeISO().slice(5, 7));
const CPF_NOVO = cpfDeBase('714602583');
const cpfComMascara = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra, admin] = await Promise.all([t.entrar('gerente'), t.entrar('atendente'), t.entrar('outra'), t.entrar('admin')]);
});
afterAll(() => t.fechar());

async function listar(c: Navegador, filtro: Record<string, unknown> = {}, page = 0, size = 100) {
  const r = await c.post(`/services/client/filterpaginated/${page}/${size}`, filtro);
  expect(r.statusCode, r.body).toBe(200);
  return env<Pagina<ClienteResumo>>(r).result;
}
const nomes = (p: Pagina<ClienteResumo>) => p.content.map((c) => c.nome);

async function criar(dados: Record<string, unknown>, quem: Navegador = gerente): Promise<Cliente> {
  const r = await quem.post('/services/client/save', dados);
  expect(r.statusCode, r.body).toBe(200);
  return env<Cliente>(r).result;
}

async function idPorNome(nome: string): Promise<number> {
  const [l] = await t.banco.db.select({ id: cliente.id }).from(cliente).where(eq(cliente.nome, nome)).limit(1);
  if (!l) throw new Error(`cliente ${nome} não existe`);
  return l.id;
}

/** What a failed call must not have left behind. */
async function totais() {
  const [r] = (
    (await t.banco.db.execute(sql`select
      (select count(*)::int from cliente) as clientes,
      (select count(*)::int from cliente_consentimento) as consentimentos,
      (select count(*)::int from auditoria where entidade = 'cliente') as auditorias,
      (select max(atualizado_em) from cliente) as ultima`)) as unknown as { rows: Record<string, unknown>[] }
  ).rows;
  return r;
}

describe('POST client/filterpaginated/{page}/{size}', () => {
  it('lista os 25 clientes da demo por nome, sem diferenciar acentos, só com os campos do resumo', async () => {
    const p = await listar(gerente);
    expect(p).toMatchObject({ totalElements: 25, totalPages: 1, number: 0, size: 100 });
    const n = nomes(p);
    expect(n.slice(0, 3)).toEqual(['Ana Beatriz Gonçalves', 'Antônio Carlos Nogueira', 'Ateliê Ponto Fino ME']);
    // Accented initials sort with their letter, not after Z.
    expect(n.indexOf('Édson Luiz Barbosa')).toBe(n.indexOf('Camila Oliveira Rocha') + 2);
    expect(n.indexOf('Íris Monteiro Falcão')).toBeLessThan(n.indexOf('João Pedro Araújo'));
    expect(Object.keys(p.content[0]!).sort()).toEqual(
      ['celular', 'celularWhatsapp', 'criadoEm', 'dataNascimento', 'documento', 'email', 'filialOrigemId', 'filialOrigemNome', 'id', 'nome', 'status', 'tipoDocumento'].sort(),
    );
    const ana = p.content[0]!;
    expect(ana).toMatchObject({ tipoDocumento: 'CPF', celular: '11987650101', celularWhatsapp: true, filialOrigemId: 1, filialOrigemNome: 'Supermercados Bonifica Demo Centro', status: 'ATIVO' });
    expect(ana.documento).toMatch(/^\d{11}$/);
    expect(p.content.find((c) => c.nome === 'Ateliê Ponto Fino ME')).toMatchObject({ tipoDocumento: 'CNPJ', documento: '12ABC345000188', filialOrigemNome: 'Bonifica Jardins' });
  });

  it('pagina (0-based) e ordena por data de criação nos dois sentidos', async () => {
    const p1 = await listar(gerente, {}, 1, 10);
    expect(p1).toMatchObject({ totalElements: 25, totalPages: 3, number: 1, size: 10 });
    expect(p1.content).toHaveLength(10);
    expect(nomes(await listar(gerente, { ordenarPor: 'criadoEm', direcao: 'desc' }, 0, 2))).toEqual(['Íris Monteiro Falcão', 'Cláudio Henrique Xavier']);
    expect(nomes(await listar(gerente, { ordenarPor: 'criadoEm', direcao: 'asc' }, 0, 1))).toEqual(['Ana Beatriz Gonçalves']);
    expect(nomes(await listar(gerente, { direcao: 'desc' }, 0, 1))).toEqual(['Vitória Régia Cavalcanti']);
    const grande = await gerente.post('/services/client/filterpaginated/0/101', {});
    expect(grande.statusCode).toBe(400);
    expect(env(grande).messageError).toBe('O tamanho da página deve ficar entre 1 e 100.');
  });

  it.each([
    ['MARCIA', ['Márcia Helena Conceição']],
    ['conceição', ['Márcia Helena Conceição']],
    ['conceicao', ['Márcia Helena Conceição']],
    ['edson', ['Édson Luiz Barbosa']],
    ['  íris  ', ['Íris Monteiro Falcão']],
    ['maria', ['Maria J. Silva', 'Maria José da Silva']],
    ['(11) 97665-1212', ['Maria J. Silva', 'Maria José da Silva']],
    ['+55 11 97665-1212', ['Maria J. Silva', 'Maria José da Silva']],
    ['976651212', ['Maria J. Silva', 'Maria José da Silva']],
    ['3265-0606', ['Antônio Carlos Nogueira']],
    ['12.ABC.345/0001-88', ['Ateliê Ponto Fino ME']],
    ['12abc345', ['Ateliê Ponto Fino ME']],
    ['fe.teixeira@EXEMPLO', ['Fernanda Sá Teixeira']],
    ['%', []],
    ['ninguém com esse nome', []],
  ])('busca %j → %j', async (busca, esperado) => {
    expect(nomes(await listar(gerente, { busca }))).toEqual(esperado);
  });

  it('busca pelo CPF com e sem máscara, inteiro ou em parte', async () => {
    const [linha] = await t.banco.db.select({ documento: cliente.documento }).from(cliente).where(eq(cliente.nome, 'João Pedro Araújo'));
    const cpf = linha!.documento!;
    for (const busca of [cpf, cpfComMascara(cpf), ` ${cpfComMascara(cpf).slice(0, 7)}`]) {
      expect(nomes(await listar(gerente, { busca })), busca).toEqual(['João Pedro Araújo']);
    }
  });

  it('filtra por situação, filial de origem e mês de aniversário', async () => {
    expect(nomes(await listar(gerente, { status: 'BLOQUEADO' }))).toEqual(['Sebastião Ferreira Lima']);
    const ativos = await listar(gerente, { status: 'ATIVO' });
    expect(ativos.totalElements).toBe(24);
    const jardins = await listar(gerente, { filialOrigemId: 2 });
    expect(jardins.totalElements).toBe(8);
    expect(jardins.content.every((c) => c.filialOrigemNome === 'Bonifica Jardins')).toBe(true);
    const aniversariantes = await listar(gerente, { aniversarioMes: MES_ATUAL });
    expect(nomes(aniversariantes)).toEqual(
      expect.arrayContaining(['Ana Beatriz Gonçalves', 'Luís Fernando Câmara', 'Fernanda Sá Teixeira', 'Camila Oliveira Rocha', 'Letícia Albuquerque Santos', 'Íris Monteiro Falcão']),
    );
    expect(aniversariantes.content.every((c) => Number(c.dataNascimento!.slice(5, 7)) === MES_ATUAL)).toBe(true);
    expect(nomes(await listar(gerente, { busca: 'maria', filialOrigemId: 3 }))).toEqual(['Maria J. Silva']);
  });

  it('filtro inválido dá 400 em português', async () => {
    for (const [filtro, mensagem] of [
      [{ aniversarioMes: 13 }, 'Mês inválido.'],
      [{ status: 'SUMIDO' }, 'Situação inválida.'],
    ] as const) {
      const r = await gerente.post('/services/client/filterpaginated/0/10', filtro);
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toBe(mensagem);
    }
  });

  it('o atendente consulta; quem não tem permissão de clientes (admin do sistema, analista) recebe 403', async () => {
    expect((await listar(atendente)).totalElements).toBe(25);
    for (const c of [admin, await t.entrar('analista')]) {
      const r = await c.post('/services/client/filterpaginated/0/10', {});
      expect(r.statusCode).toBe(403);
      expect(env(r).messageError).toBe(MENSAGENS_PRODUTO.acessoNegado);
    }
  });
});

describe('POST client/save e GET client/findbyid', () => {
  let criado: Cliente;

  it('cria um cliente com máscaras: guarda só dígitos, documento em maiúsculas, e-mail em minúsculas; auditado', async () => {
    criado = await criar({
      nome: '  Sônia Maria Brito  ',
      documento: cpfComMascara(CPF_NOVO),
      dataNascimento: '1984-07-09',
      celular: '(11) 99123-4567',
      celularWhatsapp: true,
      email: 'Sonia.Brito@Exemplo.com.br',
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      numero: '100',
      complemento: '',
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'sp',
      filialOrigemId: 3,
      observacoes: 'Indicada pela Ana Beatriz.',
      consentimentos: [
        { canal: 'WHATSAPP', concedido: true },
        { canal: 'EMAIL', concedido: false },
      ],
    });
    expect(criado).toMatchObject({
      nome: 'Sônia Maria Brito',
      documento: CPF_NOVO,
      tipoDocumento: 'CPF',
      dataNascimento: '1984-07-09',
      celular: '11991234567',
      celularWhatsapp: true,
      email: 'sonia.brito@exemplo.com.br',
      cep: '01001000',
      complemento: null,
      uf: 'SP',
      filialOrigemId: 3,
      filialOrigemNome: 'Bonifica Moema',
      status: 'ATIVO',
    });
    expect(criado.consentimentos.WHATSAPP).toMatchObject({ concedido: true, origem: 'BACKOFFICE' });
    expect(new Date(criado.consentimentos.WHATSAPP!.data).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // "Not granted" with nothing before is not a change: no row, the channel stays unasked.
    expect(criado.consentimentos.EMAIL).toBeNull();
    expect(criado.consentimentos.SMS).toBeNull();

    const r = await gerente.get(`/services/client/findbyid/${criado.id}`);
    expect(r.statusCode).toBe(200);
    expect(env<Cliente>(r).result).toEqual(criado);

    const [a] = await auditoriasDe(t, { entidade: 'cliente', entidadeId: criado.id });
    expect(a).toMatchObject({ acao: 'CRIAR', empresaId: 1, usuarioId: await idDoUsuario(t, 'gerente'), antes: null });
    expect(a!.depois).toMatchObject({ nome: 'Sônia Maria Brito', documento: CPF_NOVO });
  });

  it('sem filial de origem, o cliente nasce na empresa de quem cadastra; documento é opcional', async () => {
    const c = await criar({ nome: 'Cadastro Rápido do Balcão', celular: '11 3333-4444' });
    expect(c).toMatchObject({ documento: null, tipoDocumento: null, celular: '1133334444', celularWhatsapp: false, filialOrigemId: 1, email: null, dataNascimento: null });
  });

  it('aceita CNPJ numérico e alfanumérico, com ou sem máscara', async () => {
    const numerico = await criar({ nome: 'Mercadinho Dois Irmãos', documento: '11.444.777/0001-61' });
    expect(numerico).toMatchObject({ documento: '11444777000161', tipoDocumento: 'CNPJ' });
    const alfa = await criar({ nome: 'Quitanda Nova Era', documento: '12.abc.345/01de-35' });
    expect(alfa).toMatchObject({ documento: '12ABC34501DE35', tipoDocumento: 'CNPJ' });
  });

  const NOME_LONGO = 'A'.repeat(161);
  const AMANHA = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
  it.each([
    [{}, 'Informe o nome do cliente.'],
    [{ nome: ' x ' }, 'Informe o nome do cliente (ao menos 2 letras).'],
    [{ nome: NOME_LONGO }, 'O nome deve ter no máximo 160 caracteres.'],
    [{ nome: 'Teste', documento: '123.456.789-00' }, 'CPF inválido.'],
    [{ nome: 'Teste', documento: '111.111.111-11' }, 'CPF inválido.'],
    [{ nome: 'Teste', documento: '11.222.333/0001-00' }, 'CNPJ inválido.'],
    [{ nome: 'Teste', documento: '12.ABC.345/01DE-00' }, 'CNPJ inválido.'],
    [{ nome: 'Teste', documento: '12345' }, 'CPF/CNPJ inválido. Informe os 11 dígitos do CPF ou os 14 caracteres do CNPJ.'],
    [{ nome: 'Teste', celular: '1199999' }, 'Celular inválido. Informe o DDD e o número (10 ou 11 dígitos).'],
    [{ nome: 'Teste', celular: '01991234567' }, 'Celular inválido. Informe o DDD e o número (10 ou 11 dígitos).'],
    [{ nome: 'Teste', email: 'sonia@' }, 'E-mail inválido.'],
    [{ nome: 'Teste', cep: '0100100' }, 'CEP inválido. Informe os 8 dígitos.'],
    [{ nome: 'Teste', uf: 'XX' }, 'UF inválida.'],
    [{ nome: 'Teste', dataNascimento: AMANHA }, 'A data de nascimento não pode estar no futuro.'],
    [{ nome: 'Teste', dataNascimento: '1899-12-31' }, 'A data de nascimento deve ser a partir de 01/01/1900.'],
    [{ nome: 'Teste', dataNascimento: '2001-02-30' }, 'Data de nascimento inválida.'],
    [{ nome: 'Teste', dataNascimento: '30/01/2001' }, 'Data de nascimento inválida.'],
    [{ nome: 'Teste', filialOrigemId: 4 }, 'Filial de origem inválida.'],
    [{ nome: 'Teste', filialOrigemId: 999 }, 'Filial de origem inválida.'],
    [{ nome: 'Teste', status: 'ANONIMIZADO' }, 'Situação inválida: use ATIVO ou BLOQUEADO.'],
    [{ nome: 'Teste', consentimentos: [{ canal: 'FAX', concedido: true }] }, 'Canal de consentimento inválido: use WHATSAPP, EMAIL ou SMS.'],
    [{ nome: 'Teste', consentimentos: [{ canal: 'SMS', concedido: true }, { canal: 'SMS', concedido: false }] }, 'Informe cada canal uma vez só.'],
    [{ nome: 'Teste', observacoes: 'x'.repeat(2001) }, 'Observações longas demais (máximo 2000 caracteres).'],
  ])('%j → 400 %j, nada gravado', async (dados, mensagem) => {
    const antes = await totais();
    const r = await gerente.post('/services/client/save', dados);
    expect(r.statusCode, r.body).toBe(400);
    expect(env(r)).toEqual({ hasError: true, messageError: mensagem, result: null, results: null });
    expect(await totais()).toEqual(antes);
  });

  it('campo desconhecido dá 400', async () => {
    const r = await gerente.post('/services/client/save', { nome: 'Teste', empresaId: 4 });
    expect(r.statusCode).toBe(400);
    expect(env(r).hasError).toBe(true);
  });

  it('CPF/CNPJ repetido na mesma empresa dá 409, com ou sem máscara, na criação e na alteração; nada gravado', async () => {
    const antes = await totais();
    for (const documento of [CPF_NOVO, cpfComMascara(CPF_NOVO)]) {
      const r = await gerente.post('/services/client/save', { nome: 'Sônia Repetida', documento });
      expect(r.statusCode).toBe(409);
      expect(env(r)).toEqual({ hasError: true, messageError: 'Já existe um cliente com este CPF/CNPJ.', result: null, results: null });
    }
    const joao = await idPorNome('João Pedro Araújo');
    const r = await gerente.post('/services/client/save', { id: joao, nome: 'João Pedro Araújo', documento: CPF_NOVO });
    expect(r.statusCode).toBe(409);
    expect(env(r).messageError).toBe('Já existe um cliente com este CPF/CNPJ.');
    expect(await totais()).toEqual(antes);
  });

  it('o mesmo CPF pode ser cliente de outra rede (único por empresa)', async () => {
    const c = await criar({ nome: 'Sônia na Padaria', documento: CPF_NOVO }, outra);
    expect(c).toMatchObject({ documento: CPF_NOVO, filialOrigemId: 4 });
  });

  it('alteração substitui os dados; sem status, filial ou consentimentos mantém os atuais; auditada com antes e depois', async () => {
    const r = await gerente.post('/services/client/save', { id: criado.id, nome: 'Sônia Maria Brito Alves', documento: CPF_NOVO, celular: '11991234567' });
    expect(r.statusCode, r.body).toBe(200);
    const depois = env<Cliente>(r).result;
    expect(depois).toMatchObject({ nome: 'Sônia Maria Brito Alves', email: null, cep: null, filialOrigemId: 3, status: 'ATIVO', celularWhatsapp: false });
    expect(depois.consentimentos).toEqual(criado.consentimentos);
    expect(new Date(depois.atualizadoEm).getTime()).toBeGreaterThanOrEqual(new Date(criado.atualizadoEm).getTime());
    const auditorias = await auditoriasDe(t, { entidade: 'cliente', entidadeId: criado.id, acao: 'ALTERAR' });
    expect(auditorias).toHaveLength(1);
    expect(auditorias[0]!.antes).toMatchObject({ nome: 'Sônia Maria Brito', email: 'sonia.brito@exemplo.com.br' });
    expect(auditorias[0]!.depois).toMatchObject({ nome: 'Sônia Maria Brito Alves', email: null });
  });

  it('consentimentos: uma linha nova só quando o canal muda; o histórico fica; vale a última', async () => {
    const historico = () =>
      t.banco.db
        .select({ canal: clienteConsentimento.canal, concedido: clienteConsentimento.concedido, origem: clienteConsentimento.origem, usuarioId: clienteConsentimento.usuarioId })
        .from(clienteConsentimento)
        .where(eq(clienteConsentimento.clienteId, criado.id))
        .orderBy(asc(clienteConsentimento.id));
    const base = { id: criado.id, nome: 'Sônia Maria Brito Alves', documento: CPF_NOVO };
    expect(await historico()).toHaveLength(1);

    await criar({ ...base, consentimentos: [{ canal: 'WHATSAPP', concedido: true }] });
    expect(await historico()).toHaveLength(1);

    await criar({ ...base, consentimentos: [{ canal: 'WHATSAPP', concedido: false }, { canal: 'EMAIL', concedido: true }, { canal: 'SMS', concedido: false }] });
    const gerenteId = await idDoUsuario(t, 'gerente');
    expect(await historico()).toEqual([
      { canal: 'WHATSAPP', concedido: true, origem: 'BACKOFFICE', usuarioId: gerenteId },
      { canal: 'WHATSAPP', concedido: false, origem: 'BACKOFFICE', usuarioId: gerenteId },
      { canal: 'EMAIL', concedido: true, origem: 'BACKOFFICE', usuarioId: gerenteId },
    ]);
    const atual = env<Cliente>(await gerente.get(`/services/client/findbyid/${criado.id}`)).result.consentimentos;
    expect(atual.WHATSAPP).toMatchObject({ concedido: false, origem: 'BACKOFFICE' });
    expect(atual.EMAIL).toMatchObject({ concedido: true, origem: 'BACKOFFICE' });
    expect(atual.SMS).toBeNull();
  });

  it('status pode voltar de BLOQUEADO para ATIVO pelo save', async () => {
    const sebastiao = await idPorNome('Sebastião Ferreira Lima');
    const atual = env<Cliente>(await gerente.get(`/services/client/findbyid/${sebastiao}`)).result;
    const { id, nome, documento, celular, observacoes } = atual;
    const r = await gerente.post('/services/client/save', { id, nome, documento, celular, observacoes, status: 'ATIVO' });
    expect(env<Cliente>(r).result).toMatchObject({ status: 'ATIVO', filialOrigemId: 3, dataNascimento: null });
  });

  it('o atendente (terminal) não altera nem bloqueia (403) e nada muda', async () => {
    const antes = await totais();
    const r = await atendente.post('/services/client/save', { id: criado.id, nome: 'Pelo Atendente' });
    expect(r.statusCode).toBe(403);
    expect((await atendente.delete(`/services/client/delete/${criado.id}`)).statusCode).toBe(403);
    expect(await totais()).toEqual(antes);
  });

  it('o atendente (TERMINAL_USAR) faz o cadastro rápido do terminal: cria só com nome e CPF', async () => {
    const r = await atendente.post('/services/client/save', { nome: 'Cadastro do Balcão', documento: cpfDeBase('123987654') });
    expect(r.statusCode).toBe(200);
    expect(env<Cliente>(r).result).toMatchObject({ nome: 'Cadastro do Balcão', status: 'ATIVO' });
  });

  it('id inexistente dá 404', async () => {
    expect((await gerente.get('/services/client/findbyid/99999')).statusCode).toBe(404);
    const r = await gerente.post('/services/client/save', { id: 99999, nome: 'Fantasma' });
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe(MENSAGENS_PRODUTO.naoEncontrado);
  });
});

describe('DELETE client/delete/{id} bloqueia, nunca apaga', () => {
  it('o cliente fica BLOQUEADO, continua na base e na lista filtrada; auditado como DESATIVAR', async () => {
    const id = await idPorNome('Rodrigo Vasconcelos Dias');
    const r = await gerente.delete(`/services/client/delete/${id}`);
    expect(r.statusCode).toBe(200);
    expect(env(r).result).toBe(true);
    const [linha] = await t.banco.db.select().from(cliente).where(eq(cliente.id, id));
    expect(linha).toMatchObject({ status: 'BLOQUEADO', nome: 'Rodrigo Vasconcelos Dias' });
    expect(nomes(await listar(gerente, { status: 'BLOQUEADO' }))).toContain('Rodrigo Vasconcelos Dias');
    const [a] = await auditoriasDe(t, { entidade: 'cliente', entidadeId: id, acao: 'DESATIVAR' });
    expect(a!.antes).toMatchObject({ status: 'ATIVO', nome: 'Rodrigo Vasconcelos Dias' });
    expect((await gerente.delete(`/services/client/delete/${id}`)).statusCode).toBe(200);
  });
});

describe('LGPD', () => {
  let id: number;
  let contaCliente: number;

  beforeAll(async () => {
    id = await idPorNome('Fernanda Sá Teixeira');
    // A balance on the ledger, to show anonymisation leaves it as it was.
    const db = t.banco.db;
    // The seed already gave her the default (empty) accounts: the balance lands on that one.
    const [c] = await db
      .insert(conta)
      .values({ empresaId: 1, clienteId: id, tipo: 'CASHBACK', saldo: 750 })
      .onConflictDoUpdate({ target: [conta.empresaId, conta.clienteId, conta.tipo], set: { saldo: 750 } })
      .returning({ id: conta.id });
    const [s] = await db.insert(conta).values({ empresaId: 1, clienteId: null, tipo: 'SISTEMA_CASHBACK', saldo: -750 }).onConflictDoNothing().returning({ id: conta.id });
    const sistema = s?.id ?? (await db.select({ id: conta.id }).from(conta).where(and(eq(conta.empresaId, 1), eq(conta.tipo, 'SISTEMA_CASHBACK'))))[0]!.id;
    await db.transaction(async (tx) => {
      const [l] = await tx.insert(lancamento).values({ empresaId: 1, tipo: 'VENDA', descricao: 'Compra na loja' }).returning({ id: lancamento.id });
      await tx.insert(partida).values([
        { empresaId: 1, lancamentoId: l!.id, contaId: c!.id, valor: 750 },
        { empresaId: 1, lancamentoId: l!.id, contaId: sistema, valor: -750 },
      ]);
    });
    contaCliente = c!.id;
  });

  it('GET client/{id}/lgpd/exportar devolve todos os dados pessoais e o histórico de consentimentos; a exportação é auditada sem dados', async () => {
    const r = await gerente.get(`/services/client/${id}/lgpd/exportar`);
    expect(r.statusCode, r.body).toBe(200);
    const e = env<ExportacaoLgpdCliente>(r).result;
    expect(e.formato).toBe('bonifica.cliente.lgpd/1');
    expect(e.controlador).toEqual({ nome: 'Bonifica Demo Comércio de Alimentos Ltda', cnpj: '11.222.333/0001-81' });
    expect(e.titular).toMatchObject({ id, nome: 'Fernanda Sá Teixeira', celular: '11932100707', email: 'fe.teixeira@exemplo.com.br', filialOrigemNome: 'Bonifica Moema', status: 'ATIVO' });
    expect(e.titular.documento).toMatch(/^\d{11}$/);
    expect(e.consentimentos.map((c) => [c.canal, c.concedido, c.origem])).toEqual([
      ['WHATSAPP', true, 'BACKOFFICE'],
      ['EMAIL', true, 'BACKOFFICE'],
      ['SMS', true, 'BACKOFFICE'],
    ]);
    const [a] = await auditoriasDe(t, { entidade: 'cliente', entidadeId: id, acao: 'EXPORTAR_LGPD' });
    expect(a).toMatchObject({ usuarioId: await idDoUsuario(t, 'gerente'), antes: null, depois: null });
  });

  it('o atendente não exporta nem anonimiza (403)', async () => {
    expect((await atendente.get(`/services/client/${id}/lgpd/exportar`)).statusCode).toBe(403);
    expect((await atendente.post(`/services/client/${id}/lgpd/anonimizar`)).statusCode).toBe(403);
  });

  it('POST client/{id}/lgpd/anonimizar apaga os dados pessoais, retira os consentimentos e limpa a auditoria; o razão fica intacto', async () => {
    // Some history first, so the audit trail has personal data to erase.
    const atual = env<Cliente>(await gerente.get(`/services/client/findbyid/${id}`)).result;
    await criar({ id, nome: atual.nome, documento: atual.documento, celular: atual.celular, email: atual.email, observacoes: 'Mora na Rua das Flores, 12.' });
    const documento = atual.documento!;
    const partidasAntes = await t.banco.db.select().from(partida).where(eq(partida.contaId, contaCliente));

    const r = await gerente.post(`/services/client/${id}/lgpd/anonimizar`);
    expect(r.statusCode, r.body).toBe(200);
    const c = env<Cliente>(r).result;
    expect(c).toMatchObject({
      id,
      nome: `Cliente anonimizado #${id}`,
      documento: null,
      tipoDocumento: null,
      dataNascimento: null,
      celular: null,
      celularWhatsapp: false,
      email: null,
      cep: null,
      logradouro: null,
      numero: null,
      complemento: null,
      bairro: null,
      cidade: null,
      uf: null,
      observacoes: null,
      status: 'ANONIMIZADO',
    });
    for (const canal of ['WHATSAPP', 'EMAIL', 'SMS'] as const) expect(c.consentimentos[canal]).toMatchObject({ concedido: false, origem: 'LGPD_ANONIMIZACAO' });

    const trilha = await auditoriasDe(t, { entidade: 'cliente', entidadeId: id });
    const texto = JSON.stringify(trilha.map((a) => [a.antes, a.depois]));
    for (const dado of ['Fernanda', 'Teixeira', documento, '11932100707', 'fe.teixeira', 'Rua das Flores', '2000-']) expect(texto).not.toContain(dado);
    expect(trilha.map((a) => a.acao)).toEqual(['EXPORTAR_LGPD', 'ALTERAR', 'ANONIMIZAR']);
    expect(trilha.at(-1)).toMatchObject({ antes: { status: 'ATIVO' }, depois: { nome: `Cliente anonimizado #${id}`, status: 'ANONIMIZADO' } });
    expect(trilha[1]!.depois).toMatchObject({ nome: '[anonimizado]', celular: '[anonimizado]', observacoes: '[anonimizado]', status: 'ATIVO' });

    expect(await t.banco.db.select().from(partida).where(eq(partida.contaId, contaCliente))).toEqual(partidasAntes);
    const [saldo] = await t.banco.db.select({ saldo: conta.saldo, clienteId: conta.clienteId }).from(conta).where(eq(conta.id, contaCliente));
    expect(saldo).toEqual({ saldo: 750, clienteId: id });

    // Nobody finds the person again by what was erased; the document is free for a new sign-up.
    expect((await listar(gerente, { busca: documento })).totalElements).toBe(0);
    expect((await listar(gerente, { busca: 'Fernanda' })).totalElements).toBe(0);
    // Not even the search index keeps a word of the person: an anonymised customer is found by none.
    const palavras = (await t.banco.db.execute(sql`select palavra from cliente_palavra where cliente_id = ${id}`)) as unknown as { rows: { palavra: string }[] };
    expect(palavras.rows).toEqual([]);
    expect(nomes(await listar(gerente, { status: 'ANONIMIZADO' }))).toEqual([`Cliente anonimizado #${id}`]);
    expect(nomes(await listar(gerente))).not.toContain(`Cliente anonimizado #${id}`);
    expect((await criar({ nome: 'Fernanda Teixeira (novo cadastro)', documento })).documento).toBe(documento);
  });

  it('depois de anonimizado é irreversível: save, delete e nova anonimização dão 409 e nada muda', async () => {
    const antes = await totais();
    const salvar = await gerente.post('/services/client/save', { id, nome: 'Fernanda de Volta' });
    expect(salvar.statusCode).toBe(409);
    expect(env(salvar).messageError).toBe('Este cliente foi anonimizado (LGPD) e não pode mais ser alterado.');
    const bloquear = await gerente.delete(`/services/client/delete/${id}`);
    expect(bloquear.statusCode).toBe(409);
    const denovo = await gerente.post(`/services/client/${id}/lgpd/anonimizar`);
    expect(denovo.statusCode).toBe(409);
    expect(env(denovo).messageError).toBe('Este cliente já foi anonimizado.');
    expect(await totais()).toEqual(antes);
  });
});

describe('GET client/duplicados', () => {
  it('agrupa clientes com o mesmo celular ou o mesmo e-mail (sem diferenciar maiúsculas)', async () => {
    const a = await criar({ nome: 'Paulo Roberto Lins', email: 'paulo.lins@exemplo.com.br' });
    const b = await criar({ nome: 'Paulo R. Lins', email: 'PAULO.LINS@exemplo.com.br' });
    const r = await gerente.get('/services/client/duplicados');
    expect(r.statusCode).toBe(200);
    const grupos = env<null>(r).results as GrupoDuplicados[];
    const maria = grupos.find((g) => g.motivo === 'CELULAR' && g.valor === '11976651212');
    expect(maria?.clientes.map((c) => c.nome)).toEqual(['Maria José da Silva', 'Maria J. Silva']);
    expect(Object.keys(maria!.clientes[0]!).sort()).toEqual(['celular', 'documento', 'email', 'id', 'nome', 'status']);
    const paulo = grupos.find((g) => g.motivo === 'EMAIL');
    expect(paulo).toEqual({
      motivo: 'EMAIL',
      valor: 'paulo.lins@exemplo.com.br',
      clientes: [
        { id: a.id, nome: 'Paulo Roberto Lins', documento: null, celular: null, email: 'paulo.lins@exemplo.com.br', status: 'ATIVO' },
        { id: b.id, nome: 'Paulo R. Lins', documento: null, celular: null, email: 'paulo.lins@exemplo.com.br', status: 'ATIVO' },
      ],
    });
    expect(grupos.every((g) => g.clientes.length >= 2)).toBe(true);
    expect((await atendente.get('/services/client/duplicados')).statusCode).toBe(200);
  });
});

describe('isolamento: outra (Padaria Pão Quente) e os clientes da rede demo', () => {
  const VAZAMENTO = /Gonçalves|Maria José|Teixeira|Sônia Maria|Bonifica|Jardins|Moema|exemplo\.com\.br/;
  let idsDemo: number[];
  let fotografia: unknown;

  beforeAll(async () => {
    idsDemo = (await t.banco.db.select({ id: cliente.id }).from(cliente).where(eq(cliente.empresaId, 1)).orderBy(asc(cliente.id))).map((l) => l.id);
    fotografia = await t.banco.db.select().from(cliente).where(eq(cliente.empresaId, 1)).orderBy(asc(cliente.id));
  });

  it('404 em findbyid, save, delete, exportar e anonimizar para cada cliente da demo, sem revelar nada', async () => {
    expect(idsDemo.length).toBeGreaterThanOrEqual(25);
    const consentimentosAntes = await t.banco.db.select().from(clienteConsentimento).where(eq(clienteConsentimento.empresaId, 1));
    for (const id of idsDemo) {
      for (const r of [
        await outra.get(`/services/client/findbyid/${id}`),
        await outra.post('/services/client/save', { id, nome: 'Sequestrado', consentimentos: [{ canal: 'SMS', concedido: true }] }),
        await outra.delete(`/services/client/delete/${id}`),
        await outra.get(`/services/client/${id}/lgpd/exportar`),
        await outra.post(`/services/client/${id}/lgpd/anonimizar`),
      ]) {
        expect(r.statusCode, `${id} ${r.body}`).toBe(404);
        expect(env(r)).toEqual({ hasError: true, messageError: MENSAGENS_PRODUTO.naoEncontrado, result: null, results: null });
      }
    }
    expect(await t.banco.db.select().from(cliente).where(eq(cliente.empresaId, 1)).orderBy(asc(cliente.id))).toEqual(fotografia);
    expect(await t.banco.db.select().from(clienteConsentimento).where(eq(clienteConsentimento.empresaId, 1))).toEqual(consentimentosAntes);
    const [n] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(auditoria).where(and(eq(auditoria.entidade, 'cliente'), eq(auditoria.empresaId, 4)));
    expect(n?.n).toBe(1); // only the "Sônia na Padaria" it created itself
  });

  it('lista, busca e duplicados de outra só trazem os clientes dela, mesmo filtrando por dados da demo', async () => {
    const propria = await listar(outra);
    expect(nomes(propria)).toEqual(['Benedito Fornalha', 'Otília Padeira Souto', 'Quitéria Massa Fina', 'Sônia na Padaria']);
    const joao = await t.banco.db.select({ documento: cliente.documento }).from(cliente).where(eq(cliente.nome, 'João Pedro Araújo'));
    for (const filtro of [{ busca: 'Maria' }, { busca: joao[0]!.documento! }, { busca: '11976651212' }, { filialOrigemId: 2 }, { filialOrigemId: 1 }, { status: 'BLOQUEADO' }, { status: 'ANONIMIZADO' }]) {
      const r = await outra.post('/services/client/filterpaginated/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<ClienteResumo>>(r).result.totalElements, JSON.stringify(filtro)).toBe(0);
    }
    const dup = await outra.get('/services/client/duplicados');
    expect(dup.statusCode).toBe(200);
    expect(env(dup).results).toEqual([]);
    expect(dup.body).not.toMatch(VAZAMENTO);
  });

  it('outra não usa filial da demo como origem (400) e não cria nada', async () => {
    const antes = await totais();
    for (const filialOrigemId of [1, 2, 3]) {
      const r = await outra.post('/services/client/save', { nome: 'Infiltrado', filialOrigemId });
      expect(r.statusCode).toBe(400);
      expect(env(r).messageError).toBe('Filial de origem inválida.');
    }
    expect(await totais()).toEqual(antes);
  });

  it('no sentido inverso, o gerente da demo não alcança os clientes de outra', async () => {
    const idsOutra = (await t.banco.db.select({ id: cliente.id }).from(cliente).where(eq(cliente.empresaId, 4))).map((l) => l.id);
    for (const id of idsOutra) {
      for (const r of [await gerente.get(`/services/client/findbyid/${id}`), await gerente.get(`/services/client/${id}/lgpd/exportar`), await gerente.delete(`/services/client/delete/${id}`)]) {
        expect(r.statusCode).toBe(404);
        expect(r.body).not.toMatch(/Otília|Benedito|Quitéria|Padaria/);
      }
    }
    expect((await listar(gerente, { busca: 'Otília' })).totalElements).toBe(0);
  });
});

// Last: they add customers, and the tests above count the demo's.
describe('busca por palavras (cliente_palavra)', () => {
  it('muitos clientes com a mesma palavra: páginas na ordem do nome, sem repetir nem pular, e contagem limitada', async () => {
    // 620 customers at once, as an import writes them: the words come from the database's trigger.
    await t.banco.db.execute(sql`insert into cliente (empresa_id, nome, celular)
      select 1, 'Zuleica ' || (array['Teste', 'Prova', 'Teixeira'])[1 + g % 3] || ' ' || g, '119' || lpad(g::text, 8, '0') from generate_series(1, 620) g`);
    const todos = (await t.banco.db.execute(sql`select id, nome from cliente where nome like 'Zuleica %'`)) as unknown as { rows: { id: number; nome: string }[] };
    expect(todos.rows).toHaveLength(620);
    const chave = (n: string) => n.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const ordem = todos.rows.sort((a, b) => (chave(a.nome) < chave(b.nome) ? -1 : chave(a.nome) > chave(b.nome) ? 1 : a.id - b.id)).map((r) => r.nome);

    const primeira = await listar(gerente, { busca: 'zuleica' }, 0, 20);
    expect(primeira).toMatchObject({ totalElements: LIMITE_CONTAGEM_BUSCA, totalLimitado: true, number: 0, size: 20 });
    expect(nomes(primeira)).toEqual(ordem.slice(0, 20));
    expect(nomes(await listar(gerente, { busca: 'ZULEICA' }, 7, 20))).toEqual(ordem.slice(140, 160));
    // Two words: both must begin a word of the name.
    const teste = ordem.filter((n) => n.startsWith('Zuleica Teste '));
    const duas = await listar(gerente, { busca: 'zul test' }, 1, 50);
    expect(duas).toMatchObject({ totalElements: LIMITE_CONTAGEM_BUSCA, totalLimitado: true });
    expect(nomes(duas)).toEqual(teste.slice(50, 100));
    // Beyond the counted limit the pages still follow on, in order.
    const longe = await listar(gerente, { busca: 'zul test' }, 3, 50);
    expect(nomes(longe)).toEqual(teste.slice(150, 200));
    expect(longe).toMatchObject({ totalElements: 200, totalLimitado: true });
    // Below the limit the count is exact.
    const poucos = await listar(gerente, { busca: 'zuleica prova 5' }, 0, 20);
    expect(poucos.totalElements).toBe(ordem.filter((n) => /^Zuleica Prova 5\d*$/.test(n)).length);
    expect(poucos.totalLimitado).toBeUndefined();
    // "te" begins Teste and Teixeira: one customer per row even when two words match.
    expect((await listar(gerente, { busca: 'zuleica te 61' }, 0, 100)).content.map((c) => c.nome).sort()).toEqual(
      ordem.filter((n) => /^Zuleica (Teste|Teixeira) 61\d*$/.test(n)).sort(),
    );
    // By phone, the same people: a number searches the digits.
    expect(nomes(await listar(gerente, { busca: '(11) 90000-0061' }))).toEqual(['Zuleica Prova 61']);
  });

  it('a busca segue o cadastro: quem muda de nome, e-mail ou celular é achado pelo novo e não pelo antigo', async () => {
    const c = await criar({ nome: 'Glória Quintanilha Bragança', email: 'gquintanilha@exemplo.com', celular: '11955443322' });
    for (const busca of ['glória quint', 'GLORIA', 'gquintanilha@exemplo', '(11) 95544-3322', '5544-3322']) expect(nomes(await listar(gerente, { busca })), busca).toEqual(['Glória Quintanilha Bragança']);
    const r = await gerente.post('/services/client/save', { id: c.id, nome: 'Glória Bragança Zanetti', email: 'gloria.zanetti@exemplo.com', celular: '11966778899' });
    expect(r.statusCode, r.body).toBe(200);
    for (const busca of ['quintanilha', 'gquintanilha', '95544']) expect((await listar(gerente, { busca })).totalElements, busca).toBe(0);
    for (const busca of ['gloria zanetti', 'bragança', 'gloria.zanetti', '966778899']) expect(nomes(await listar(gerente, { busca })), busca).toEqual(['Glória Bragança Zanetti']);
  });
});
