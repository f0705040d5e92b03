import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  LIMITE_IMPRESSAO_CLIENTES,
  MENSAGENS_PRODUTO,
  type AtivacaoEmailSolicitada,
  type ExportacaoLgpdCliente,
  type FormaPagamentoAtiva,
  type NotaCliente,
  type Pagina,
} from '@bonifica/contracts';
import { auditoria, cliente, clienteNota } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente as Navegador } from './apoio/app-de-teste.js';
import { auditoriasDe, emailsPara, totalDeEmails } from './apoio/consultas.js';
import { textoDoPdf } from './apoio/pdf-texto.js';

/** The customer page's calls: contract PDF, list print, activation e-mail, notes, active payment forms. */
let t: AppDeTeste;
let gerente: Navegador;
let atendente: Navegador;
let outra: Navegador;
let admin: Navegador;
let analista: Navegador;
const id: Record<string, number> = {};

const textoPdf = (pdf: Buffer) => textoDoPdf(pdf).join(' ').replace(/\s+/g, ' ');

async function idPorNome(nome: string): Promise<number> {
  const [l] = await t.banco.db.select({ id: cliente.id }).from(cliente).where(eq(cliente.nome, nome)).limit(1);
  return l!.id;
}

async function contarNotas(): Promise<number> {
  const [l] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(clienteNota);
  return l!.n;
}

beforeAll(async () => {
  t = await criarAppDeTeste();
  [gerente, atendente, outra, admin, analista] = await Promise.all(['gerente', 'atendente', 'outra', 'admin', 'analista'].map((u) => t.entrar(u)));
  for (const [chave, nome] of Object.entries({
    ana: 'Ana Beatriz Gonçalves',
    joao: 'João Pedro Araújo',
    sebastiao: 'Sebastião Ferreira Lima',
    fernanda: 'Fernanda Sá Teixeira',
    thiago: 'Thiago Mendonça Pires',
    cnpj: 'Cláudio Henrique Xavier',
  })) {
    id[chave] = await idPorNome(nome);
  }
});
afterAll(() => t.fechar());

describe('GET client/gerarcontrato/{id}', () => {
  it('é o termo de adesão em PDF: empresa, dados do cliente, regras do programa, consentimentos e assinaturas', async () => {
    await t.banco.db.execute(sql`update regra_programa set validade_dias = 180, carencia_dias = 2 where empresa_id = 1 and filial_id is null`);
    const r = await gerente.get(`/services/client/gerarcontrato/${id.ana}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(`inline; filename="termo-adesao-cliente-${id.ana}.pdf"`);
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const texto = textoPdf(r.rawPayload);
    for (const trecho of [
      'Bonifica Demo Comércio de Alimentos Ltda',
      'CNPJ 11.222.333/0001-81',
      'Termo de adesão ao programa de fidelidade',
      'Ana Beatriz Gonçalves',
      'ana.goncalves@exemplo.com.br',
      'Praça da Sé, 120',
      'Cashback de 5% do valor de cada compra, limitado a R$ 50,00 por compra.',
      '1 ponto por real gasto.',
      'Compra mínima para acumular: R$ 10,00.',
      'Carência: o saldo de cada compra pode ser usado 2 dias depois dela.',
      'Validade: cada crédito expira 180 dias depois de concedido',
      'WhatsApp Autorizado em',
      'SMS Não informado (tratado como não autorizado)',
      'Participante',
    ]) {
      expect(texto).toContain(trecho);
    }
    expect(texto).toMatch(/CPF \d{3}\.\d{3}\.\d{3}-\d{2}/);
    expect(await auditoriasDe(t, { entidade: 'cliente', entidadeId: id.ana, acao: 'GERAR_CONTRATO' })).toHaveLength(1);
  });

  it('numa empresa sem regra configurada, o termo diz isso em vez de inventar números', async () => {
    const [otilia] = await t.banco.db.select({ id: cliente.id }).from(cliente).where(eq(cliente.nome, 'Otília Padeira Souto'));
    const texto = textoPdf((await outra.get(`/services/client/gerarcontrato/${otilia!.id}`)).rawPayload);
    expect(texto).toContain('A empresa ainda não configurou as regras de acúmulo');
    expect(texto).not.toContain('Cashback de');
  });

  it('o atendente gera (é ele quem cadastra no balcão); sem rede, 403; id inválido, 400; inexistente, 404', async () => {
    expect((await atendente.get(`/services/client/gerarcontrato/${id.joao}`)).statusCode).toBe(200);
    for (const quem of [admin, analista]) expect((await quem.get(`/services/client/gerarcontrato/${id.joao}`)).statusCode).toBe(403);
    expect((await gerente.get('/services/client/gerarcontrato/abc')).statusCode).toBe(400);
    const r = await gerente.get('/services/client/gerarcontrato/999999');
    expect(r.statusCode).toBe(404);
    expect(env(r).messageError).toBe(MENSAGENS_PRODUTO.naoEncontrado);
  });
});

describe('POST client/imprimir', () => {
  it('é a lista de clientes em PDF com os mesmos filtros da lista, e fica auditada', async () => {
    const r = await gerente.post('/services/client/imprimir', { status: 'BLOQUEADO' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = textoPdf(r.rawPayload);
    expect(texto).toContain('Clientes');
    expect(texto).toContain('Situação: Bloqueado');
    expect(texto).toContain('Sebastião Ferreira Lima');
    expect(texto).not.toContain('Maria José da Silva');
    const busca = textoPdf((await gerente.post('/services/client/imprimir', { busca: 'maria jose', ordenarPor: 'nome' })).rawPayload);
    expect(busca).toContain('Maria José da Silva');
    expect(busca).toContain('Busca: "maria jose"');
    expect(busca).not.toContain('Ana Beatriz');
    const [ultimo] = await t.banco.db.select().from(auditoria).where(and(eq(auditoria.acao, 'IMPRIMIR'), eq(auditoria.entidade, 'cliente'))).orderBy(sql`${auditoria.id} desc`).limit(1);
    expect(ultimo!.depois).toMatchObject({ filtro: { busca: 'maria jose' } });
  });

  it('filtro inválido → 400 sem auditoria; o atendente não imprime a base (403)', async () => {
    const antes = (await t.banco.db.select().from(auditoria).where(eq(auditoria.acao, 'IMPRIMIR'))).length;
    const r = await gerente.post('/services/client/imprimir', { status: 'SUMIDO' });
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toContain('Situação inválida.');
    expect((await gerente.post('/services/client/imprimir', { aniversarioMes: 13 })).statusCode).toBe(400);
    expect((await atendente.post('/services/client/imprimir', {})).statusCode).toBe(403);
    expect((await t.banco.db.select().from(auditoria).where(eq(auditoria.acao, 'IMPRIMIR'))).length).toBe(antes);
  });
});

describe('POST client/solicitarativacaoemail', () => {
  it('põe na caixa de saída um e-mail para o cliente, registra o pedido e responde com o endereço', async () => {
    const antes = await totalDeEmails(t);
    const r = await atendente.post('/services/client/solicitarativacaoemail', { clienteId: id.ana });
    expect(r.statusCode, r.body).toBe(200);
    expect(env<AtivacaoEmailSolicitada>(r).result).toMatchObject({ clienteId: id.ana, email: 'ana.goncalves@exemplo.com.br' });
    expect(await totalDeEmails(t)).toBe(antes + 1);
    const [m] = await emailsPara(t, 'ana.goncalves@exemplo.com.br');
    expect(m!.assunto).toBe('Bonifica Demo Comércio de Alimentos Ltda — confirme o seu e-mail');
    expect(m!.corpo).toContain('Olá, Ana.');
    expect(m!.corpo).toContain('- E-mail: autorizado');
    expect(m!.corpo).toContain('- SMS: não autorizado');
    const [evento] = await auditoriasDe(t, { entidade: 'cliente', entidadeId: id.ana, acao: 'SOLICITAR_ATIVACAO_EMAIL' });
    expect(evento!.depois).toMatchObject({ email: 'ana.goncalves@exemplo.com.br', emailSaidaId: m!.id });
  });

  it('um segundo pedido em menos de 10 minutos → 429 com a hora do anterior, e nenhum e-mail novo; depois do intervalo, passa', async () => {
    const antes = await totalDeEmails(t);
    const r = await gerente.post('/services/client/solicitarativacaoemail', { clienteId: id.ana });
    expect(r.statusCode).toBe(429);
    expect(env(r).messageError).toMatch(/^Um e-mail de confirmação foi enviado a este cliente às \d{2}:\d{2}\. Aguarde 10 minutos para pedir de novo\.$/);
    expect(await totalDeEmails(t)).toBe(antes);
    // Move the earlier request 11 minutes back, as if the time had passed.
    await t.banco.db
      .update(auditoria)
      .set({ criadoEm: sql`${auditoria.criadoEm} - interval '11 minutes'` })
      .where(and(eq(auditoria.acao, 'SOLICITAR_ATIVACAO_EMAIL'), eq(auditoria.entidadeId, String(id.ana))));
    expect((await gerente.post('/services/client/solicitarativacaoemail', { clienteId: id.ana })).statusCode).toBe(200);
    expect(await totalDeEmails(t)).toBe(antes + 1);
  });

  it('dois pedidos ao mesmo tempo para o mesmo cliente enviam um e-mail só', async () => {
    const antes = await totalDeEmails(t);
    const rs = await Promise.all([gerente, atendente].map((q) => q.post('/services/client/solicitarativacaoemail', { clienteId: id.fernanda })));
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(await totalDeEmails(t)).toBe(antes + 1);
  });

  it('sem e-mail, bloqueado, inexistente ou de outra rede: recusado, nada na caixa de saída', async () => {
    const antes = await totalDeEmails(t);
    const semEmail = await gerente.post('/services/client/solicitarativacaoemail', { clienteId: id.joao });
    expect(semEmail.statusCode).toBe(409);
    expect(env(semEmail).messageError).toBe('O cliente não tem e-mail cadastrado. Cadastre o e-mail antes de pedir a confirmação.');
    const bloqueado = await gerente.post('/services/client/solicitarativacaoemail', { clienteId: id.sebastiao });
    expect(bloqueado.statusCode).toBe(409);
    expect((await gerente.post('/services/client/solicitarativacaoemail', { clienteId: 999999 })).statusCode).toBe(404);
    expect((await outra.post('/services/client/solicitarativacaoemail', { clienteId: id.thiago })).statusCode).toBe(404);
    expect(await totalDeEmails(t)).toBe(antes);
  });

  it.each([[{}], [{ clienteId: 'x' }], [{ clienteId: -1 }], [{ clienteId: 1, extra: true }]])('corpo inválido %j → 400', async (corpo) => {
    const antes = await totalDeEmails(t);
    const r = await gerente.post('/services/client/solicitarativacaoemail', corpo);
    expect(r.statusCode).toBe(400);
    expect(env(r).hasError).toBe(true);
    expect(await totalDeEmails(t)).toBe(antes);
  });

  it('sem rede, 403', async () => {
    for (const quem of [admin, analista]) expect((await quem.post('/services/client/solicitarativacaoemail', { clienteId: id.thiago })).statusCode).toBe(403);
  });
});

describe('notas do cliente: client/{id}/nota e client/{id}/notas/{page}/{size}', () => {
  it('atendente e gerente acrescentam; a lista vem da mais nova para a mais antiga, com o autor', async () => {
    const a = await atendente.post(`/services/client/${id.joao}/nota`, { texto: '  Prefere ser chamado de JP.  ' });
    expect(a.statusCode, a.body).toBe(200);
    expect(env<NotaCliente>(a).result).toMatchObject({ clienteId: id.joao, texto: 'Prefere ser chamado de JP.', usuarioNome: 'Amanda Atendente' });
    const g = await gerente.post(`/services/client/${id.joao}/nota`, { texto: 'Reclamou da fila do caixa 3.' });
    expect(g.statusCode).toBe(200);
    const p = env<Pagina<NotaCliente>>(await atendente.post(`/services/client/${id.joao}/notas/0/10`)).result;
    expect(p.totalElements).toBe(2);
    expect(p.content.map((n) => n.texto)).toEqual(['Reclamou da fila do caixa 3.', 'Prefere ser chamado de JP.']);
    expect(p.content[0]!.usuarioNome).toBe('Gabriel Gerente Souza');
    const [aud] = await auditoriasDe(t, { entidade: 'cliente_nota', entidadeId: env<NotaCliente>(a).result.id });
    expect(aud).toMatchObject({ acao: 'CRIAR', depois: { clienteId: id.joao } });
    const pagina2 = env<Pagina<NotaCliente>>(await gerente.post(`/services/client/${id.joao}/notas/1/1`)).result;
    expect(pagina2.content.map((n) => n.texto)).toEqual(['Prefere ser chamado de JP.']);
  });

  it('não há como editar nem apagar uma nota', async () => {
    for (const [metodo, url] of [
      ['PUT', `/services/client/${id.joao}/nota`],
      ['DELETE', `/services/client/${id.joao}/nota`],
    ] as const) {
      expect((await gerente.requisitar({ method: metodo, url, payload: { texto: 'x' } })).statusCode).toBe(404);
    }
  });

  it.each([[{}], [{ texto: '' }], [{ texto: '   ' }], [{ texto: 'x'.repeat(2001) }], [{ texto: 42 }], [{ texto: 'ok', id: 3 }]])('nota inválida %j → 400, nada gravado', async (corpo) => {
    const antes = await contarNotas();
    const r = await gerente.post(`/services/client/${id.joao}/nota`, corpo);
    expect(r.statusCode).toBe(400);
    expect(await contarNotas()).toBe(antes);
  });

  it('cliente inexistente ou de outra rede → 404 nas duas chamadas; sem rede, 403', async () => {
    const antes = await contarNotas();
    for (const quem of [gerente, outra]) {
      const url = quem === gerente ? '/services/client/999999' : `/services/client/${id.joao}`;
      expect((await quem.post(`${url}/nota`, { texto: 'Intrusa' })).statusCode).toBe(404);
      expect((await quem.post(`${url}/notas/0/10`)).statusCode).toBe(404);
    }
    expect((await admin.post(`/services/client/${id.joao}/notas/0/10`)).statusCode).toBe(403);
    expect((await gerente.post(`/services/client/${id.joao}/notas/0/101`)).statusCode).toBe(400);
    expect(await contarNotas()).toBe(antes);
  });

  it('entram na exportação LGPD e são apagadas na anonimização; depois, não se acrescenta mais nada', async () => {
    const exportacao = env<ExportacaoLgpdCliente>(await gerente.get(`/services/client/${id.joao}/lgpd/exportar`)).result;
    expect(exportacao.notas.map((n) => n.texto)).toEqual(['Prefere ser chamado de JP.', 'Reclamou da fila do caixa 3.']);
    expect((await gerente.post(`/services/client/${id.joao}/lgpd/anonimizar`)).statusCode).toBe(200);
    expect(env<Pagina<NotaCliente>>(await gerente.post(`/services/client/${id.joao}/notas/0/10`)).result.totalElements).toBe(0);
    const r = await gerente.post(`/services/client/${id.joao}/nota`, { texto: 'Depois' });
    expect(r.statusCode).toBe(409);
    const textos = await t.banco.db.select({ depois: auditoria.depois }).from(auditoria).where(eq(auditoria.entidade, 'cliente_nota'));
    expect(JSON.stringify(textos)).not.toContain('JP');
    // And the contract of an anonymised customer has nothing to print.
    expect((await gerente.get(`/services/client/gerarcontrato/${id.joao}`)).statusCode).toBe(409);
  });
});

describe('GET client/{id}/formapagamento/ativo', () => {
  it('lista os contratos de plano vigentes com valor e próximo vencimento, sem meio de pagamento (a cobrança vem depois)', async () => {
    const r = await gerente.get(`/services/client/${id.ana}/formapagamento/ativo`);
    expect(r.statusCode, r.body).toBe(200);
    const formas = env<null>(r).results as FormaPagamentoAtiva[];
    expect(formas).toHaveLength(1);
    expect(formas[0]).toMatchObject({ origem: 'PLANO', planoNome: 'Clube Ouro', periodicidade: 'MENSAL', valor: 29.9, meio: null });
    expect(formas[0]!.proximoVencimento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('sem plano vigente (nenhum, ou só cancelado), a lista é vazia', async () => {
    for (const c of [id.fernanda, id.thiago]) {
      expect(env<null>(await atendente.get(`/services/client/${c}/formapagamento/ativo`)).results).toEqual([]);
    }
  });

  it('inexistente ou de outra rede → 404; id inválido → 400; sem rede → 403', async () => {
    expect((await gerente.get('/services/client/999999/formapagamento/ativo')).statusCode).toBe(404);
    expect((await outra.get(`/services/client/${id.ana}/formapagamento/ativo`)).statusCode).toBe(404);
    expect((await gerente.get('/services/client/0/formapagamento/ativo')).statusCode).toBe(400);
    expect((await analista.get(`/services/client/${id.ana}/formapagamento/ativo`)).statusCode).toBe(403);
  });
});

describe(`POST client/imprimir acima de ${LIMITE_IMPRESSAO_CLIENTES} clientes`, () => {
  it('responde 400 pedindo um filtro ou a exportação, e nada é auditado', async () => {
    await t.banco.db.insert(cliente).values(Array.from({ length: LIMITE_IMPRESSAO_CLIENTES }, (_, i) => ({ empresaId: 1, filialOrigemId: 1, nome: `Cliente em massa ${i}` })));
    const antes = (await t.banco.db.select().from(auditoria).where(eq(auditoria.acao, 'IMPRIMIR'))).length;
    const r = await gerente.post('/services/client/imprimir', {});
    expect(r.statusCode).toBe(400);
    expect(env(r).messageError).toBe('A impressão traz até 2.000 clientes: filtre mais ou use a exportação em CSV/XLSX.');
    expect((await t.banco.db.select().from(auditoria).where(eq(auditoria.acao, 'IMPRIMIR'))).length).toBe(antes);
    expect((await gerente.post('/services/client/imprimir', { busca: 'Sebastião' })).statusCode).toBe(200);
  });
});
