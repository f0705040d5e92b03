import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { MENSAGEM_INSTANCIA_NAO_ENCONTRADA, MENSAGEM_WEBHOOK_RECUSADO, MENSAGENS_PRODUTO, type ClienteResumo, type Pagina, type Perfil, type UsuarioResumo } from '@bonifica/contracts';
import { segredoDescadastro, tokenDescadastro } from '../src/lib/link-descadastro.js';
import { arquivo, loteMensagem, mensagemSaida, plano, clientePlano, envioAutomatica, modeloMensagem, resgateParceiro, tokenApi, instanciaWhatsapp, servidorWhatsapp, publico, bloqueioPublico, etiqueta, clienteEtiqueta, campanha, premio, premioResgate, premioResgateHistorico, sorteio, contato, contatoConsentimento, cupomDesconto, cupomDescontoCodigo, cupomDescontoUso, valePresente, valePresenteUso } from '../src/db/schema/index.js';
import { textoDoPdf } from './apoio/pdf-texto.js';
import { cartao, cartaoImpressao, cartaoNumeracao, cliente, dispositivo, redeCredenciada, clienteConsentimento, conta, empresa, faturaEmpresa, perfil, regraPrograma, transacao, usuario, tarefa } from '../src/db/schema/index.js';
import { criarAppDeTeste, env, type AppDeTeste, type Cliente } from './apoio/app-de-teste.js';
import type { Executor } from '../src/db/client.js';
import { comTenant } from '../src/lib/tenant.js';
import { idDoUsuario } from './apoio/consultas.js';

/** Anything that would show the demo network leaked into another tenant's reply. */
const VAZAMENTO = /Gerente Souza|Amanda|Atendente de balc|Bonifica|bonifica-demo|Jardins|Moema|11\.222\.333|<svg/i;

let t: AppDeTeste;
let outra: Cliente;
let gerente: Cliente;
let ids: { gerente: number; atendente: number; admin: number; outra: number; clienteDemo: number; clienteBloqueadoDemo: number; vendaDemo: number };

beforeAll(async () => {
  t = await criarAppDeTeste();
  [outra, gerente] = await Promise.all([t.entrar('outra'), t.entrar('gerente')]);
  ids = {
    gerente: await idDoUsuario(t, 'gerente'),
    atendente: await idDoUsuario(t, 'atendente'),
    admin: await idDoUsuario(t, 'admin'),
    outra: await idDoUsuario(t, 'outra'),
    clienteDemo: await idDoCliente('Maria José da Silva'),
    clienteBloqueadoDemo: await idDoCliente('Sebastião Ferreira Lima'),
    vendaDemo: (await t.banco.db.select({ id: transacao.id }).from(transacao).where(eq(transacao.empresaId, 1)).orderBy(asc(transacao.id)).limit(1))[0]!.id,
  };
});
afterAll(() => t.fechar());

// An image of the demo network (docs/areas/manutencao.md § Arquivos), written straight to the table.
const arquivoDemo = { id: 0 };
beforeAll(async () => {
  const [a] = await t.banco.db
    .insert(arquivo)
    .values({ empresaId: 1, nome: 'logo-demo.png', tipo: 'image/png', tamanho: 4, sha256: '0'.repeat(64), dados: Buffer.from([0x89, 0x50, 0x4e, 0x47]) })
    .returning({ id: arquivo.id });
  arquivoDemo.id = a!.id;
});

// A message batch of the demo network (docs/areas/mensageria.md "Caixa de saída"), written straight to the table.
const loteDemo = { id: 0 };
beforeAll(async () => {
  const [l] = await t.banco.db.insert(loteMensagem).values({ empresaId: 1, nome: 'Lote demo', origem: 'CAMPANHA' }).returning({ id: loteMensagem.id });
  loteDemo.id = l!.id;
});

// Cards (docs/areas/cartoes.md): the demo's ids, read after the seed.
const cartoesDemo = { ativo: 0, ativoNumero: '', disponivel: 0, disponivelNumero: '', bloqueado: 0, itemFila: 0 };
beforeAll(async () => {
  const todos = await t.banco.db.select().from(cartao).where(eq(cartao.empresaId, 1)).orderBy(asc(cartao.id));
  const ativo = todos.find((c) => c.status === 'ATIVO')!;
  Object.assign(cartoesDemo, { ativo: ativo.id, ativoNumero: ativo.numero, disponivel: todos.find((c) => c.status === 'DISPONIVEL')!.id, disponivelNumero: todos.find((c) => c.status === 'DISPONIVEL')!.numero, bloqueado: todos.find((c) => c.status === 'BLOQUEADO')!.id });
  const [item] = await t.banco.db.select({ id: cartaoImpressao.id }).from(cartaoImpressao).where(and(eq(cartaoImpressao.empresaId, 1), eq(cartaoImpressao.status, 'PENDENTE'))).limit(1);
  cartoesDemo.itemFila = item!.id;
});

// A counter device of the demo network (docs/areas/filiais.md), written straight to the table.
const dispositivoDemo = { id: 0 };
const parceiroDemo = { id: 0 };
beforeAll(async () => {
  const [d] = await t.banco.db.insert(dispositivo).values({ empresaId: 1, filialId: 2, nome: 'Caixa Jardins', identificador: 'JARDINS-01', tokenHash: 'x'.repeat(64) }).returning({ id: dispositivo.id });
  dispositivoDemo.id = d!.id;
  const [p] = await t.banco.db.insert(redeCredenciada).values({ empresaId: 1, nome: 'Farmácia da Bonifica', unidades: ['CASHBACK'] }).returning({ id: redeCredenciada.id });
  parceiroDemo.id = p!.id;
});

// Message templates (docs/areas/mensageria.md "Modelos e mensagens automáticas"): one of the demo network.
const modeloDemo = { id: 0 };
beforeAll(async () => {
  const [m] = await t.banco.db.insert(modeloMensagem).values({ empresaId: 1, nome: 'Aniversário Bonifica', canal: 'WHATSAPP', texto: 'Parabéns, {primeiro_nome}!' }).returning({ id: modeloMensagem.id });
  modeloDemo.id = m!.id;
});

// Import and background jobs (docs/areas/importacao.md): one finished customer import (with its error
// report) and one contact upload of the demo network, written straight to the table.
const tarefasDemo = { importacao: '', contato: '' };
beforeAll(async () => {
  const base = { empresaId: 1, usuarioId: ids.gerente, parametros: { arquivoNome: 'clientes-demo.csv', cabecalhos: ['nome'], amostra: [['Maria José da Silva']], totalLinhas: 1 } };
  const [imp, cont] = await t.banco.db
    .insert(tarefa)
    .values([
      { ...base, tipo: 'IMPORTACAO_CLIENTE', status: 'CONCLUIDA', arquivo: Buffer.from('Linha;Erro\r\n2;Maria José da Silva\r\n'), arquivoNome: 'erros-clientes-demo.csv', arquivoTipo: 'text/csv' },
      { ...base, tipo: 'IMPORTACAO_CONTATO' },
    ])
    .returning({ id: tarefa.id });
  Object.assign(tarefasDemo, { importacao: imp!.id, contato: cont!.id });
});

// An imported contact of the demo network with its consent (decision 040), written straight to the tables.
const contatoDemo = { id: 0 };
beforeAll(async () => {
  const [c] = await t.banco.db.insert(contato).values({ empresaId: 1, nome: 'Lead da demo', email: 'lead@demo.exemplo', origem: 'IMPORTACAO' }).returning({ id: contato.id });
  await t.banco.db.insert(contatoConsentimento).values({ empresaId: 1, contatoId: c!.id, canal: 'EMAIL', concedido: true, origem: 'IMPORTACAO' });
  contatoDemo.id = c!.id;
});

// WhatsApp (docs/areas/mensageria.md): a server of the platform and the demo network's own instance, written straight to the tables.
const whatsDemo = { servidor: 0, instancia: 0 };
beforeAll(async () => {
  const [s] = await t.banco.db.insert(servidorWhatsapp).values({ nome: 'Servidor demo', tipo: 'sandbox', baseUrl: 'http://sandbox.local', chave: 'k', capacidade: 10 }).returning({ id: servidorWhatsapp.id });
  const [i] = await t.banco.db.insert(instanciaWhatsapp).values({ empresaId: 1, servidorId: s!.id, nome: 'bonifica-1-demo', webhookTokenHash: 'f'.repeat(64) }).returning({ id: instanciaWhatsapp.id });
  Object.assign(whatsDemo, { servidor: s!.id, instancia: i!.id });
});

// A demo message whose fate is unknown (REVISAR, docs/areas/mensageria.md "Caixa de saída: a tela"), written straight to the table.
const mensagemDemo = { id: 0 };
beforeAll(async () => {
  const [m] = await t.banco.db
    .insert(mensagemSaida)
    .values({ empresaId: 1, canal: 'WHATSAPP', loteId: loteDemo.id, instanciaId: whatsDemo.instancia, clienteId: ids.clienteDemo, para: '5511900000001', texto: 'Mensagem da demo', origem: 'CAMPANHA', status: 'REVISAR' })
    .returning({ id: mensagemSaida.id });
  mensagemDemo.id = m!.id;
});

// API tokens (docs/areas/integracao.md): a token of the demo network, and one of outra for the integration API.
const tokensDemo = { demo: 0, segredoOutra: '' };
beforeAll(async () => {
  const criar = (c: Cliente) => c.requisitar({ method: 'PUT', url: '/services/company/api', payload: { nome: 'PDV', escopos: ['clientes:consultar', 'vendas:cancelar', 'vendas:lancar'] } });
  tokensDemo.demo = env<{ id: number }>(await criar(gerente)).result.id;
  tokensDemo.segredoOutra = env<{ segredo: string }>(await criar(outra)).result.segredo;
});
const porToken = () => ({ authorization: `Bearer ${tokensDemo.segredoOutra}`, 'idempotency-key': `iso-${Math.random()}` });

// Redemptions at a partner (docs/areas/rede-credenciada.md): one live redemption of the demo at its
// partner, and outra's own partner with its partner token.
const resgatesDemo = { resgate: 0, segredoParceiroOutra: '' };
beforeAll(async () => {
  const cliente = await idDoCliente('Maria José da Silva');
  const aj = await gerente.post('/services/account/lancamento/ajuste', { clienteId: cliente, unidade: 'CASHBACK', valor: 5, motivo: 'Saldo para o resgate no parceiro' });
  expect(aj.statusCode, aj.body).toBe(200);
  const r = await gerente.post('/services/convenio/conta', { redeCredenciadaId: parceiroDemo.id, clienteId: cliente, unidade: 'CASHBACK', valor: 1, documento: 'ISO-1' });
  expect(r.statusCode, r.body).toBe(200);
  resgatesDemo.resgate = env<{ resgate: { id: number } }>(r).result.resgate.id;
  const p = env<{ id: number }>(await outra.post('/services/convenio/save', { nome: 'Loja parceira da Padaria', unidades: ['CASHBACK'] })).result;
  const tk = await outra.requisitar({ method: 'PUT', url: '/services/company/api', payload: { nome: 'Parceiro', escopos: ['parceiro:resgatar'], redeCredenciadaId: p.id } });
  expect(tk.statusCode, tk.body).toBe(200);
  resgatesDemo.segredoParceiroOutra = env<{ segredo: string }>(tk).result.segredo;
});
const porTokenParceiro = () => ({ authorization: `Bearer ${resgatesDemo.segredoParceiroOutra}`, 'idempotency-key': `iso-${Math.random()}` });

// Prizes (docs/areas/premios.md): a prize of the demo with its photo, and one redemption of it.
const premiosDemo = { premio: 0, resgate: 0, codigo: '' };
beforeAll(async () => {
  const p = await gerente.post('/services/premio/save', { nome: 'Prêmio da demo', custoPontos: 1, fotoArquivoId: arquivoDemo.id, estoque: 10 });
  expect(p.statusCode, p.body).toBe(200);
  premiosDemo.premio = env<{ id: number }>(p).result.id;
  const aj = await gerente.post('/services/account/lancamento/ajuste', { clienteId: ids.clienteDemo, unidade: 'PONTOS', valor: 5, motivo: 'Pontos para o resgate do prêmio' });
  expect(aj.statusCode, aj.body).toBe(200);
  const r = await gerente.post('/services/premio/resgate/save', { premioId: premiosDemo.premio, clienteId: ids.clienteDemo });
  expect(r.statusCode, r.body).toBe(200);
  Object.assign(premiosDemo, { resgate: env<{ id: number }>(r).result.id, codigo: env<{ codigo: string }>(r).result.codigo });
});

// Prize draws (docs/areas/sorteios.md): a draw of the demo network.
const sorteioDemo = { id: 0 };
beforeAll(async () => {
  const r = await gerente.post('/services/sorteio/save', {
    nome: 'Sorteio da demo',
    regulamento: 'Regulamento do sorteio da demo.',
    inicio: '2020-01-01',
    fim: '2020-01-31',
    premios: ['Bicicleta'],
    regra: 'VENDA',
    origemSemente: 'FIXA',
    semente: '123',
    filiais: [2],
  });
  expect(r.statusCode, r.body).toBe(200);
  sorteioDemo.id = env<{ id: number }>(r).result.id;
});
// Coupons (docs/areas/cupons.md): a coupon of the demo with its generated codes, and one used in a sale.
const cuponsDemo = { cupom: 0, codigo: '', uso: 0 };
beforeAll(async () => {
  const c = await gerente.post('/services/cupomdesconto/save', { nome: 'Cupom da demo', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, palavraChave: 'DEMOISO', quantidade: 3 });
  expect(c.statusCode, c.body).toBe(200);
  cuponsDemo.cupom = env<{ id: number }>(c).result.id;
  const g = await gerente.post(`/services/cupomdesconto/gerar/${cuponsDemo.cupom}`, {});
  expect(g.statusCode, g.body).toBe(200);
  await t.app.tarefas.executar(env<{ id: string }>(g).result.id);
  const [k] = (await t.banco.db.select({ codigo: cupomDescontoCodigo.codigo }).from(cupomDescontoCodigo).where(eq(cupomDescontoCodigo.cupomId, cuponsDemo.cupom)).limit(1));
  cuponsDemo.codigo = k!.codigo;
  // The use rides on the demo's sale (the demo's counter needs a registered device by now).
  const [u] = await t.banco.db
    .insert(cupomDescontoUso)
    .values({ empresaId: 1, cupomId: cuponsDemo.cupom, codigo: 'DEMOISO', transacaoId: ids.vendaDemo, clienteId: ids.clienteDemo, valorBrutoCentavos: 2000, descontoCentavos: 100 })
    .returning({ id: cupomDescontoUso.id });
  cuponsDemo.uso = u!.id;
});
// Gift cards (docs/areas/vale-presente.md): a card of the demo with its code and PIN (its use in a sale
// would need the demo's counter device, registered above; vale-presente.test.ts covers the uses).
const valesDemo = { id: 0, codigo: '', pin: '' };
beforeAll(async () => {
  const v = await gerente.post('/services/valepresente/vender', { valor: 50 });
  expect(v.statusCode, v.body).toBe(200);
  const r = env<{ id: number; codigo: string; pin: string }>(v).result;
  Object.assign(valesDemo, { id: r.id, codigo: r.codigo, pin: r.pin });
});

// Audiences (docs/areas/publicos.md): an audience, a block and a tag of the demo network.
const publicosDemo = { publico: 0, bloqueio: 0, etiqueta: 0 };
beforeAll(async () => {
  const p = await gerente.post('/services/publico/save', { nome: 'Público da demo', condicoes: { filiais: [2] } });
  expect(p.statusCode, p.body).toBe(200);
  publicosDemo.publico = env<{ id: number }>(p).result.id;
  const b = await gerente.post('/services/publico/bloqueio/save', { clienteId: ids.clienteDemo, motivo: 'Bloqueio da demo' });
  expect(b.statusCode, b.body).toBe(200);
  publicosDemo.bloqueio = env<{ id: number }>(b).result.id;
  const e = await gerente.post('/services/etiqueta/save', { nome: 'Etiqueta da demo' });
  expect(e.statusCode, e.body).toBe(200);
  publicosDemo.etiqueta = env<{ id: number }>(e).result.id;
  expect((await gerente.post(`/services/etiqueta/cliente/${ids.clienteDemo}`, { etiquetas: [publicosDemo.etiqueta] })).statusCode).toBe(200);
});

// Campaigns (docs/areas/mensageria.md "Campanhas"): a draft of the demo network over its audience and template.
const campanhaDemo = { id: 0 };
beforeAll(async () => {
  const c = await gerente.post('/services/campanha/save', { nome: 'Campanha Bonifica demo', publicoId: publicosDemo.publico, modeloId: modeloDemo.id });
  expect(c.statusCode, c.body).toBe(200);
  campanhaDemo.id = env<{ id: number }>(c).result.id;
});

// Plans and account reports (docs/areas/planos.md): a demo plan and contract, and a customer of outra.
const planosDemo = { plano: 0, contrato: 0, clienteContrato: 0, clienteOutra: 0 };
beforeAll(async () => {
  const [c] = await t.banco.db.select().from(clientePlano).where(eq(clientePlano.empresaId, 1)).orderBy(asc(clientePlano.id)).limit(1);
  const [o] = await t.banco.db.select({ id: cliente.id }).from(cliente).where(eq(cliente.empresaId, 4)).orderBy(asc(cliente.id)).limit(1);
  Object.assign(planosDemo, { plano: c!.planoId, contrato: c!.id, clienteContrato: c!.clienteId, clienteOutra: o!.id });
});

// The programme rule's history (docs/areas/programa.md): the demo saves its rule as it is, an audited
// change that leaves the rule equal, before the snapshots of the demo are taken.
beforeAll(async () => {
  const regra = env<Record<string, unknown>>(await gerente.get('/services/config/configuracaoprograma')).result;
  const { cashbackPercentual, pontosPorReal, compraMinima, maximoCashbackPorVenda } = regra;
  const r = await gerente.post('/services/config/salvarconfiguracaoprograma', { cashbackPercentual, pontosPorReal, compraMinima, maximoCashbackPorVenda });
  expect(r.statusCode, r.body).toBe(200);
});

async function idDoCliente(nome: string): Promise<number> {
  const [l] = await t.banco.db.select({ id: cliente.id }).from(cliente).where(eq(cliente.nome, nome)).limit(1);
  return l!.id;
}

/** The demo network's rows, read straight from the database, to prove nothing moved. */
async function fotografiaDaDemo() {
  const db = t.banco.db;
  return {
    usuarios: await db.select().from(usuario).where(or(eq(usuario.empresaId, 1), inArray(usuario.username, ['admin', 'analista']))).orderBy(asc(usuario.id)),
    perfis: await db.select().from(perfil).orderBy(asc(perfil.id)),
    empresas: await db.select().from(empresa).where(eq(empresa.matrizId, 1)).orderBy(asc(empresa.id)),
    faturas: await db.select().from(faturaEmpresa).orderBy(asc(faturaEmpresa.id)),
    clientes: await db.select().from(cliente).where(eq(cliente.empresaId, 1)).orderBy(asc(cliente.id)),
    consentimentos: await db.select().from(clienteConsentimento).where(eq(clienteConsentimento.empresaId, 1)).orderBy(asc(clienteConsentimento.id)),
    contas: await db.select().from(conta).where(eq(conta.empresaId, 1)).orderBy(asc(conta.id)),
    transacoes: await db.select().from(transacao).where(eq(transacao.empresaId, 1)).orderBy(asc(transacao.id)),
    tokens: await db.select().from(tokenApi).where(eq(tokenApi.empresaId, 1)).orderBy(asc(tokenApi.id)),
    regras: await db.select().from(regraPrograma).where(eq(regraPrograma.empresaId, 1)).orderBy(asc(regraPrograma.id)),
    cartoes: await db.select().from(cartao).where(eq(cartao.empresaId, 1)).orderBy(asc(cartao.id)),
    filaCartoes: await db.select().from(cartaoImpressao).where(eq(cartaoImpressao.empresaId, 1)).orderBy(asc(cartaoImpressao.id)),
    numeracaoCartoes: await db.select().from(cartaoNumeracao).where(eq(cartaoNumeracao.empresaId, 1)),
    planos: await db.select().from(plano).where(eq(plano.empresaId, 1)).orderBy(asc(plano.id)),
    contratosPlanos: await db.select().from(clientePlano).where(eq(clientePlano.empresaId, 1)).orderBy(asc(clientePlano.id)),
    premios: await db.select().from(premio).where(eq(premio.empresaId, 1)).orderBy(asc(premio.id)),
    cupons: await db.select().from(cupomDesconto).where(eq(cupomDesconto.empresaId, 1)).orderBy(asc(cupomDesconto.id)),
    codigosCupom: await db.select().from(cupomDescontoCodigo).where(eq(cupomDescontoCodigo.empresaId, 1)).orderBy(asc(cupomDescontoCodigo.id)),
    usosCupom: await db.select().from(cupomDescontoUso).where(eq(cupomDescontoUso.empresaId, 1)).orderBy(asc(cupomDescontoUso.id)),
    resgatesPremio: await db.select().from(premioResgate).where(eq(premioResgate.empresaId, 1)).orderBy(asc(premioResgate.id)),
    sorteios: await db.select().from(sorteio).where(eq(sorteio.empresaId, 1)).orderBy(asc(sorteio.id)),
    historicoPremio: await db.select().from(premioResgateHistorico).where(eq(premioResgateHistorico.empresaId, 1)).orderBy(asc(premioResgateHistorico.id)),
    valesPresente: await db.select().from(valePresente).where(eq(valePresente.empresaId, 1)).orderBy(asc(valePresente.id)),
    usosValePresente: await db.select().from(valePresenteUso).where(eq(valePresenteUso.empresaId, 1)).orderBy(asc(valePresenteUso.id)),
    resgatesParceiro: await db.select().from(resgateParceiro).where(eq(resgateParceiro.empresaId, 1)).orderBy(asc(resgateParceiro.id)),
    parceiros: await db.select().from(redeCredenciada).where(eq(redeCredenciada.empresaId, 1)).orderBy(asc(redeCredenciada.id)),
    whatsapp: await db.select().from(instanciaWhatsapp).orderBy(asc(instanciaWhatsapp.id)),
    servidoresWhatsapp: await db.select().from(servidorWhatsapp).orderBy(asc(servidorWhatsapp.id)),
    publicos: await db.select().from(publico).where(eq(publico.empresaId, 1)).orderBy(asc(publico.id)),
    campanhas: await db.select().from(campanha).where(eq(campanha.empresaId, 1)).orderBy(asc(campanha.id)),
    bloqueiosPublico: await db.select().from(bloqueioPublico).where(eq(bloqueioPublico.empresaId, 1)).orderBy(asc(bloqueioPublico.id)),
    etiquetas: await db.select().from(etiqueta).where(eq(etiqueta.empresaId, 1)).orderBy(asc(etiqueta.id)),
    mensagens: await db.select().from(mensagemSaida).where(eq(mensagemSaida.empresaId, 1)).orderBy(asc(mensagemSaida.id)),
    lotesMensagem: await db.select().from(loteMensagem).where(eq(loteMensagem.empresaId, 1)).orderBy(asc(loteMensagem.id)),
    contatos: await db.select().from(contato).where(eq(contato.empresaId, 1)).orderBy(asc(contato.id)),
    consentimentosContatos: await db.select().from(contatoConsentimento).where(eq(contatoConsentimento.empresaId, 1)).orderBy(asc(contatoConsentimento.id)),
    etiquetasClientes: await db.select().from(clienteEtiqueta).where(eq(clienteEtiqueta.empresaId, 1)).orderBy(asc(clienteEtiqueta.clienteId)),
  };
}

type Caso = {
  rota: string;
  metodo: 'GET' | 'POST' | 'DELETE';
  url: () => string;
  corpo?: () => unknown;
  status: number;
  mensagem?: string;
  /** The integration API answers an API token only: outra's token, not its session. */
  cabecalhos?: () => Record<string, string>;
};

/**
 * Every call that takes an id, a company reference, or writes tenant rows — with `outra`
 * (Padaria Pão Quente) aiming at the demo network. `rota` is the OpenAPI path, so the
 * coverage check below fails when a new endpoint of this kind lands without a case here.
 */
const CASOS: Caso[] = [
  { rota: 'get /services/user/findbyid/{id}', metodo: 'GET', url: () => `/services/user/findbyid/${ids.gerente}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'get /services/user/findbyid/{id}', metodo: 'GET', url: () => `/services/user/findbyid/${ids.admin}`, status: 404 },
  { rota: 'delete /services/user/delete/{id}', metodo: 'DELETE', url: () => `/services/user/delete/${ids.gerente}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'delete /services/user/delete/{id}', metodo: 'DELETE', url: () => `/services/user/delete/${ids.atendente}`, status: 404 },
  {
    rota: 'post /services/user/save',
    metodo: 'POST',
    url: () => '/services/user/save',
    corpo: () => ({ id: ids.gerente, nome: 'Sequestrado', username: 'gerente', perfilId: 3, empresaId: 4, senha: 'tomada12345' }),
    status: 404,
    mensagem: MENSAGENS_PRODUTO.naoEncontrado,
  },
  {
    rota: 'post /services/user/save',
    metodo: 'POST',
    url: () => '/services/user/save',
    corpo: () => ({ id: ids.atendente, nome: 'Amanda Atendente', username: 'atendente', perfilId: 3, ativo: false }),
    status: 404,
  },
  {
    rota: 'post /services/user/save',
    metodo: 'POST',
    url: () => '/services/user/save',
    corpo: () => ({ nome: 'Infiltrado', username: 'infiltrado', perfilId: 3, empresaId: 2, senha: 'infiltrado123' }),
    status: 400,
    mensagem: 'Empresa inválida.',
  },
  {
    rota: 'post /services/user/save',
    metodo: 'POST',
    url: () => '/services/user/save',
    corpo: () => ({ nome: 'Infiltrado', username: 'infiltrado', perfilId: 4, senha: 'infiltrado123' }),
    status: 400,
    mensagem: 'Perfil inválido.',
  },
  { rota: 'get /services/profile/findbyid/{id}', metodo: 'GET', url: () => '/services/profile/findbyid/4', status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  {
    rota: 'post /services/profile/save',
    metodo: 'POST',
    url: () => '/services/profile/save',
    corpo: () => ({ id: 4, nome: 'Tomado', permissoes: ['ROLE_USER_COMPANY_ADMIN'] }),
    status: 404,
    mensagem: MENSAGENS_PRODUTO.naoEncontrado,
  },
  { rota: 'delete /services/profile/delete/{id}', metodo: 'DELETE', url: () => '/services/profile/delete/4', status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'get /services/profile/{ref}/available', metodo: 'GET', url: () => '/services/profile/1/available', status: 404, mensagem: 'Empresa não encontrada.' },
  { rota: 'get /services/profile/{ref}/available', metodo: 'GET', url: () => '/services/profile/2/available', status: 404 },
  { rota: 'get /services/company/matrizefiliais/{id}', metodo: 'GET', url: () => '/services/company/matrizefiliais/1', status: 404, mensagem: 'Empresa não encontrada.' },
  { rota: 'get /services/company/matrizefiliais/{id}', metodo: 'GET', url: () => '/services/company/matrizefiliais/3', status: 404 },
  { rota: 'get /services/company/logoimagevo/{id}', metodo: 'GET', url: () => '/services/company/logoimagevo/1', status: 404, mensagem: 'Empresa não encontrada.' },
  { rota: 'get /arquivo/imagem/empresa/{id}', metodo: 'GET', url: () => '/arquivo/imagem/empresa/1', status: 404, mensagem: 'Imagem não encontrada.' },
  // Branches and devices (docs/areas/filiais.md).
  { rota: 'get /services/company/findbyid/{id}', metodo: 'GET', url: () => '/services/company/findbyid/2', status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  {
    rota: 'post /services/company/save',
    metodo: 'POST',
    url: () => '/services/company/save',
    corpo: () => ({ id: 2, nome: 'Tomada Ltda', shortName: 'Tomada' }),
    status: 404,
    mensagem: MENSAGENS_PRODUTO.naoEncontrado,
  },
  { rota: 'delete /services/company/delete/{id}', metodo: 'DELETE', url: () => '/services/company/delete/2', status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/company/imprimir/qrcode', metodo: 'POST', url: () => '/services/company/imprimir/qrcode', corpo: () => ({ empresaId: 1 }), status: 404, mensagem: 'Empresa não encontrada.' },
  { rota: 'get /services/computers/findbyid/{id}', metodo: 'GET', url: () => `/services/computers/findbyid/${dispositivoDemo.id}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'get /services/servidorwhatsapp/cancelar/{id}', metodo: 'GET', url: () => `/services/servidorwhatsapp/cancelar/${loteDemo.id}`, status: 404, mensagem: 'Lote não encontrado.' },
  { rota: 'get /services/servidorwhatsapp/lote/{id}', metodo: 'GET', url: () => `/services/servidorwhatsapp/lote/${loteDemo.id}`, status: 404, mensagem: 'Lote não encontrado.' },
  { rota: 'get /services/computers/alterarstatus/{id}', metodo: 'GET', url: () => `/services/computers/alterarstatus/${dispositivoDemo.id}`, status: 404, mensagem: 'Dispositivo não encontrado.' },
  { rota: 'post /services/computers/novotoken/{id}', metodo: 'POST', url: () => `/services/computers/novotoken/${dispositivoDemo.id}`, status: 404, mensagem: 'Dispositivo não encontrado.' },
  {
    rota: 'post /services/computers/save',
    metodo: 'POST',
    url: () => '/services/computers/save',
    corpo: () => ({ id: dispositivoDemo.id, nome: 'Tomado', identificador: 'X1', filialId: 4 }),
    status: 404,
    mensagem: MENSAGENS_PRODUTO.naoEncontrado,
  },
  {
    rota: 'post /services/computers/save',
    metodo: 'POST',
    url: () => '/services/computers/save',
    corpo: () => ({ nome: 'Infiltrado', identificador: 'X1', filialId: 2 }),
    status: 400,
    mensagem: 'Filial não encontrada na rede.',
  },
  { rota: 'get /services/convenio/findbyid/{id}', metodo: 'GET', url: () => `/services/convenio/findbyid/${parceiroDemo.id}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  {
    rota: 'post /services/convenio/save',
    metodo: 'POST',
    url: () => '/services/convenio/save',
    corpo: () => ({ id: parceiroDemo.id, nome: 'Tomado', unidades: ['PONTOS'] }),
    status: 404,
    mensagem: MENSAGENS_PRODUTO.naoEncontrado,
  },
  { rota: 'delete /services/convenio/delete/{id}', metodo: 'DELETE', url: () => `/services/convenio/delete/${parceiroDemo.id}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  // Message templates: outra neither reads, changes, deletes the demo's, attaches its file nor previews its customer.
  { rota: 'get /services/mensagem/modelo/findbyid/{id}', metodo: 'GET', url: () => `/services/mensagem/modelo/findbyid/${modeloDemo.id}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  {
    rota: 'post /services/mensagem/modelo/save',
    metodo: 'POST',
    url: () => '/services/mensagem/modelo/save',
    corpo: () => ({ id: modeloDemo.id, nome: 'Tomado', canal: 'WHATSAPP', texto: 'Oi' }),
    status: 404,
    mensagem: MENSAGENS_PRODUTO.naoEncontrado,
  },
  {
    rota: 'post /services/mensagem/modelo/save',
    metodo: 'POST',
    url: () => '/services/mensagem/modelo/save',
    corpo: () => ({ nome: 'Com logo alheio', canal: 'WHATSAPP', texto: 'Oi', arquivoId: arquivoDemo.id }),
    status: 400,
    mensagem: 'Anexo não encontrado: envie a imagem ou o PDF de novo.',
  },
  { rota: 'delete /services/mensagem/modelo/delete/{id}', metodo: 'DELETE', url: () => `/services/mensagem/modelo/delete/${modeloDemo.id}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  {
    rota: 'post /services/mensagem/modelo/previsualizar',
    metodo: 'POST',
    url: () => '/services/mensagem/modelo/previsualizar',
    corpo: () => ({ clienteId: ids.clienteDemo, texto: '{nome} {saldo_cashback} {loja}' }),
    status: 404,
    mensagem: 'Cliente não encontrado.',
  },
  // Automatic messages: outra cannot point its message at the demo's template nor test it on a demo customer.
  {
    rota: 'post /services/mensagem/automatica/save',
    metodo: 'POST',
    url: () => '/services/mensagem/automatica/save',
    corpo: () => ({ gatilho: 'ANIVERSARIO', ativo: true, modeloId: modeloDemo.id, canal: 'WHATSAPP' }),
    status: 400,
    mensagem: 'Modelo não encontrado.',
  },
  // Campaigns: outra neither reads, changes, deletes, fires, lists the participants of nor reads the results of the demo's.
  { rota: 'get /services/campanha/findbyid/{id}', metodo: 'GET', url: () => `/services/campanha/findbyid/${campanhaDemo.id}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  {
    rota: 'post /services/campanha/save',
    metodo: 'POST',
    url: () => '/services/campanha/save',
    corpo: () => ({ id: campanhaDemo.id, nome: 'Tomada', publicoId: publicosDemo.publico, modeloId: modeloDemo.id }),
    status: 404,
    mensagem: MENSAGENS_PRODUTO.naoEncontrado,
  },
  {
    rota: 'post /services/campanha/save',
    metodo: 'POST',
    url: () => '/services/campanha/save',
    corpo: () => ({ nome: 'Com público alheio', publicoId: publicosDemo.publico, modeloId: modeloDemo.id }),
    status: 400,
    mensagem: 'Público não encontrado.',
  },
  { rota: 'delete /services/campanha/delete/{id}', metodo: 'DELETE', url: () => `/services/campanha/delete/${campanhaDemo.id}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/campanha/disparar/{id}', metodo: 'POST', url: () => `/services/campanha/disparar/${campanhaDemo.id}`, status: 404, mensagem: 'Campanha não encontrada.' },
  { rota: 'get /services/filtrar/participantes/{a}/{b}/{c}', metodo: 'GET', url: () => `/services/filtrar/participantes/${campanhaDemo.id}/0/10`, status: 404, mensagem: 'Campanha não encontrada.' },
  { rota: 'get /services/campanha/resultados/{id}', metodo: 'GET', url: () => `/services/campanha/resultados/${campanhaDemo.id}`, status: 404, mensagem: 'Campanha não encontrada.' },
  // Audiences, audience blocking and tags (docs/areas/publicos.md).
  { rota: 'get /services/publico/findbyid/{id}', metodo: 'GET', url: () => `/services/publico/findbyid/${publicosDemo.publico}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/publico/save', metodo: 'POST', url: () => '/services/publico/save', corpo: () => ({ id: publicosDemo.publico, nome: 'Tomado', condicoes: {} }), status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'delete /services/publico/delete/{id}', metodo: 'DELETE', url: () => `/services/publico/delete/${publicosDemo.publico}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'get /services/publico/estatisticas/{id}', metodo: 'GET', url: () => `/services/publico/estatisticas/${publicosDemo.publico}`, status: 404, mensagem: 'Público não encontrado.' },
  { rota: 'get /services/publico/bloqueio/findbyid/{id}', metodo: 'GET', url: () => `/services/publico/bloqueio/findbyid/${publicosDemo.bloqueio}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/publico/bloqueio/save', metodo: 'POST', url: () => '/services/publico/bloqueio/save', corpo: () => ({ clienteId: ids.clienteDemo, motivo: 'Infiltrado' }), status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'delete /services/publico/bloqueio/delete/{id}', metodo: 'DELETE', url: () => `/services/publico/bloqueio/delete/${publicosDemo.bloqueio}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'get /services/etiqueta/findbyid/{id}', metodo: 'GET', url: () => `/services/etiqueta/findbyid/${publicosDemo.etiqueta}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/etiqueta/save', metodo: 'POST', url: () => '/services/etiqueta/save', corpo: () => ({ id: publicosDemo.etiqueta, nome: 'Tomada' }), status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'delete /services/etiqueta/delete/{id}', metodo: 'DELETE', url: () => `/services/etiqueta/delete/${publicosDemo.etiqueta}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'get /services/etiqueta/cliente/{id}', metodo: 'GET', url: () => `/services/etiqueta/cliente/${ids.clienteDemo}`, status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'post /services/etiqueta/cliente/{id}', metodo: 'POST', url: () => `/services/etiqueta/cliente/${ids.clienteDemo}`, corpo: () => ({ etiquetas: [] }), status: 404, mensagem: 'Cliente não encontrado.' },
  // Prize draws: outra neither reads, changes, deletes, freezes, seeds, draws nor prints the demo's.
  { rota: 'get /services/sorteio/findbyid/{id}', metodo: 'GET', url: () => `/services/sorteio/findbyid/${sorteioDemo.id}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/sorteio/save', metodo: 'POST', url: () => '/services/sorteio/save', corpo: () => ({ id: sorteioDemo.id, nome: 'Tomado', regulamento: 'Regulamento tomado.', inicio: '2020-01-01', fim: '2020-01-31', premios: ['Nada'], regra: 'VENDA', origemSemente: 'FIXA', semente: '1' }), status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/sorteio/save', metodo: 'POST', url: () => '/services/sorteio/save', corpo: () => ({ nome: 'Na loja da demo', regulamento: 'Regulamento tomado.', inicio: '2020-01-01', fim: '2020-01-31', premios: ['Nada'], regra: 'VENDA', origemSemente: 'FIXA', semente: '1', filiais: [2] }), status: 400, mensagem: 'Filial não encontrada na rede.' },
  { rota: 'delete /services/sorteio/delete/{id}', metodo: 'DELETE', url: () => `/services/sorteio/delete/${sorteioDemo.id}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/sorteio/congelar', metodo: 'POST', url: () => '/services/sorteio/congelar', corpo: () => ({ id: sorteioDemo.id }), status: 404, mensagem: 'Sorteio não encontrado.' },
  { rota: 'post /services/sorteio/encerrar', metodo: 'POST', url: () => '/services/sorteio/encerrar', corpo: () => ({ id: sorteioDemo.id }), status: 404, mensagem: 'Sorteio não encontrado.' },
  { rota: 'post /services/sorteio/semente', metodo: 'POST', url: () => '/services/sorteio/semente', corpo: () => ({ id: sorteioDemo.id, semente: '999' }), status: 404, mensagem: 'Sorteio não encontrado.' },
  { rota: 'get /services/sorteio/addganhador/{id}', metodo: 'GET', url: () => `/services/sorteio/addganhador/${sorteioDemo.id}`, status: 404, mensagem: 'Sorteio não encontrado.' },
  { rota: 'post /services/sorteio/addganhadormanual', metodo: 'POST', url: () => '/services/sorteio/addganhadormanual', corpo: () => ({ id: sorteioDemo.id, numero: '1', motivo: 'Infiltrado pela outra' }), status: 404, mensagem: 'Sorteio não encontrado.' },
  { rota: 'get /services/sorteio/ganhadores/{id}', metodo: 'GET', url: () => `/services/sorteio/ganhadores/${sorteioDemo.id}`, status: 404, mensagem: 'Sorteio não encontrado.' },
  { rota: 'get /services/sorteio/ganhadores/impressao/{id}', metodo: 'GET', url: () => `/services/sorteio/ganhadores/impressao/${sorteioDemo.id}`, status: 404, mensagem: 'Sorteio não encontrado.' },
  { rota: 'get /services/sorteio/participantes/impressao/{id}', metodo: 'GET', url: () => `/services/sorteio/participantes/impressao/${sorteioDemo.id}`, status: 404, mensagem: 'Sorteio não encontrado.' },
  // Prizes and their redemptions: outra neither reads, changes, redeems, hands over, cancels, re-sends nor prints the demo's.
  { rota: 'get /services/empresa/contato/findbyid/{id}', metodo: 'GET', url: () => `/services/empresa/contato/findbyid/${contatoDemo.id}`, status: 404, mensagem: 'Contato não encontrado.' },
  {
    rota: 'post /services/empresa/contato/consentimento',
    metodo: 'POST',
    url: () => '/services/empresa/contato/consentimento',
    corpo: () => ({ contatoId: contatoDemo.id, canal: 'EMAIL', concedido: false }),
    status: 404,
    mensagem: 'Contato não encontrado.',
  },
  { rota: 'get /services/premio/findbyid/{id}', metodo: 'GET', url: () => `/services/premio/findbyid/${premiosDemo.premio}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/premio/save', metodo: 'POST', url: () => '/services/premio/save', corpo: () => ({ id: premiosDemo.premio, nome: 'Tomado', custoPontos: 1 }), status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/premio/save', metodo: 'POST', url: () => '/services/premio/save', corpo: () => ({ nome: 'Com a foto da demo', custoPontos: 1, fotoArquivoId: arquivoDemo.id }), status: 400, mensagem: 'Foto não encontrada: envie a imagem de novo.' },
  { rota: 'post /services/premio/save', metodo: 'POST', url: () => '/services/premio/save', corpo: () => ({ nome: 'Na loja da demo', custoPontos: 1, filiais: [2] }), status: 400, mensagem: 'Filial não encontrada na rede.' },
  { rota: 'delete /services/premio/delete/{id}', metodo: 'DELETE', url: () => `/services/premio/delete/${premiosDemo.premio}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'get /services/premio/cliente/{id}', metodo: 'GET', url: () => `/services/premio/cliente/${ids.clienteDemo}`, status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'post /services/premio/resgate/save', metodo: 'POST', url: () => '/services/premio/resgate/save', corpo: () => ({ premioId: premiosDemo.premio, clienteId: ids.clienteDemo }), status: 404, mensagem: 'Prêmio não encontrado.' },
  { rota: 'get /services/premio/resgate/findbyid/{id}', metodo: 'GET', url: () => `/services/premio/resgate/findbyid/${premiosDemo.resgate}`, status: 404, mensagem: 'Resgate não encontrado.' },
  { rota: 'get /services/premio/resgate/historico/{id}', metodo: 'GET', url: () => `/services/premio/resgate/historico/${premiosDemo.resgate}`, status: 404, mensagem: 'Resgate não encontrado.' },
  { rota: 'get /services/premio/resgate/retirar/{a}/{b}', metodo: 'GET', url: () => `/services/premio/resgate/retirar/${premiosDemo.resgate}/${premiosDemo.codigo}`, status: 404, mensagem: 'Resgate não encontrado.' },
  { rota: 'get /services/premio/resgate/cancelar/{id}', metodo: 'GET', url: () => `/services/premio/resgate/cancelar/${premiosDemo.resgate}`, status: 404, mensagem: 'Resgate não encontrado.' },
  { rota: 'get /services/premio/resgate/reenviar/resgate/{id}', metodo: 'GET', url: () => `/services/premio/resgate/reenviar/resgate/${premiosDemo.resgate}`, status: 404, mensagem: 'Resgate não encontrado.' },
  { rota: 'post /services/premio/resgate/alterar/status', metodo: 'POST', url: () => '/services/premio/resgate/alterar/status', corpo: () => ({ id: premiosDemo.resgate, status: 'SEPARADO' }), status: 404, mensagem: 'Resgate não encontrado.' },
  { rota: 'post /services/premio/resgate/imprimir', metodo: 'POST', url: () => '/services/premio/resgate/imprimir', corpo: () => ({ id: premiosDemo.resgate }), status: 404, mensagem: 'Resgate não encontrado.' },
  // Coupons: outra neither reads, changes, generates, prints, downloads nor uses the demo's coupon and codes.
  { rota: 'get /services/cupomdesconto/findbyid/{id}', metodo: 'GET', url: () => `/services/cupomdesconto/findbyid/${cuponsDemo.cupom}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/cupomdesconto/save', metodo: 'POST', url: () => '/services/cupomdesconto/save', corpo: () => ({ id: cuponsDemo.cupom, nome: 'Tomado', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5 }), status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/cupomdesconto/save', metodo: 'POST', url: () => '/services/cupomdesconto/save', corpo: () => ({ nome: 'Na loja da demo', tipo: 'LOTE', beneficio: 'PERCENTUAL', percentual: 5, filiais: [2] }), status: 400, mensagem: 'Filial não encontrada na rede.' },
  { rota: 'delete /services/cupomdesconto/delete/{id}', metodo: 'DELETE', url: () => `/services/cupomdesconto/delete/${cuponsDemo.cupom}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'get /services/cupomdesconto/duplicar/{id}', metodo: 'GET', url: () => `/services/cupomdesconto/duplicar/${cuponsDemo.cupom}`, status: 404, mensagem: 'Cupom não encontrado.' },
  { rota: 'post /services/cupomdesconto/gerar/{id}', metodo: 'POST', url: () => `/services/cupomdesconto/gerar/${cuponsDemo.cupom}`, corpo: () => ({}), status: 404, mensagem: 'Cupom não encontrado.' },
  { rota: 'get /services/cupomdesconto/cancelar/{id}', metodo: 'GET', url: () => `/services/cupomdesconto/cancelar/${cuponsDemo.uso}`, status: 404, mensagem: 'Uso de cupom não encontrado.' },
  { rota: 'get /services/cupomdesconto/download/cupons/csv/{id}', metodo: 'GET', url: () => `/services/cupomdesconto/download/cupons/csv/${cuponsDemo.cupom}`, status: 404, mensagem: 'Cupom não encontrado.' },
  { rota: 'post /services/cupomdesconto/download/cupons', metodo: 'POST', url: () => '/services/cupomdesconto/download/cupons', corpo: () => ({ cupomId: cuponsDemo.cupom }), status: 404, mensagem: 'Cupom não encontrado.' },
  { rota: 'post /services/cupomdesconto/gerarimpressao{x}', metodo: 'POST', url: () => `/services/cupomdesconto/gerarimpressao${cuponsDemo.cupom}`, corpo: () => ({}), status: 404, mensagem: 'Cupom não encontrado.' },
  { rota: 'post /services/cupomdesconto/validar', metodo: 'POST', url: () => '/services/cupomdesconto/validar', corpo: () => ({ codigo: cuponsDemo.codigo, valor: 10 }), status: 404, mensagem: 'Cupom não encontrado: confira o código.' },
  { rota: 'post /services/cupomdesconto/whats/enviar', metodo: 'POST', url: () => '/services/cupomdesconto/whats/enviar', corpo: () => ({ cupomId: cuponsDemo.cupom, publicoId: publicosDemo.publico }), status: 404, mensagem: 'Cupom não encontrado.' },
  { rota: 'post /services/cupomdesconto/whats/enviar', metodo: 'POST', url: () => '/services/cupomdesconto/whats/enviar', corpo: () => ({ cupomId: cuponsDemo.cupom, publicoId: publicosDemo.publico, simular: true }), status: 404, mensagem: 'Cupom não encontrado.' },
  { rota: 'post /services/cupomdesconto/whats/teste', metodo: 'POST', url: () => '/services/cupomdesconto/whats/teste', corpo: () => ({ cupomId: cuponsDemo.cupom, celular: '11988887777' }), status: 404, mensagem: 'Cupom não encontrado.' },
  { rota: 'post /services/cupomdesconto/download/whats', metodo: 'POST', url: () => '/services/cupomdesconto/download/whats', corpo: () => ({ cupomId: cuponsDemo.cupom }), status: 404, mensagem: 'Cupom não encontrado.' },
  { rota: 'post /services/cupomdesconto/validar', metodo: 'POST', url: () => '/services/cupomdesconto/validar', corpo: () => ({ codigo: 'DEMOISO', valor: 10 }), status: 404, mensagem: 'Cupom não encontrado: confira o código.' },
  // Gift cards: outra neither reads, cancels, prints, checks nor spends the demo's card, even with its code and PIN.
  { rota: 'get /services/valepresente/findbyid/{id}', metodo: 'GET', url: () => `/services/valepresente/findbyid/${valesDemo.id}`, status: 404, mensagem: 'Vale-presente não encontrado.' },
  { rota: 'post /services/valepresente/cancelar/{id}', metodo: 'POST', url: () => `/services/valepresente/cancelar/${valesDemo.id}`, corpo: () => ({ motivo: 'Tentativa' }), status: 404, mensagem: 'Vale-presente não encontrado.' },
  { rota: 'post /services/valepresente/imprimir', metodo: 'POST', url: () => '/services/valepresente/imprimir', corpo: () => ({ id: valesDemo.id }), status: 404, mensagem: 'Vale-presente não encontrado.' },
  { rota: 'post /services/valepresente/saldo', metodo: 'POST', url: () => '/services/valepresente/saldo', corpo: () => ({ codigo: valesDemo.codigo, pin: valesDemo.pin }), status: 404, mensagem: 'Vale-presente não encontrado: confira o código.' },
  {
    rota: 'post /services/valepresente/venda',
    metodo: 'POST',
    url: () => '/services/valepresente/venda',
    corpo: () => ({ venda: { clienteId: ids.clienteDemo, valor: 30 }, vale: { codigo: valesDemo.codigo, pin: valesDemo.pin, valor: 10 } }),
    status: 404,
    mensagem: 'Vale-presente não encontrado: confira o código.',
  },
  {
    rota: 'post /services/valepresente/vender',
    metodo: 'POST',
    url: () => '/services/valepresente/vender',
    corpo: () => ({ valor: 20, beneficiarioClienteId: ids.clienteDemo }),
    status: 404,
    mensagem: 'Presenteado não encontrado.',
  },
  // A physical card of the demo as the carrier of outra's gift card: not found, and left DISPONIVEL (the snapshot).
  {
    rota: 'post /services/valepresente/vender',
    metodo: 'POST',
    url: () => '/services/valepresente/vender',
    corpo: () => ({ valor: 20, cartao: cartoesDemo.disponivelNumero }),
    status: 404,
    mensagem: 'Cartão não encontrado.',
  },
  // Redemptions at a partner: outra neither posts at, lists, totals nor reverses at the demo's partner.
  {
    rota: 'post /services/convenio/conta',
    metodo: 'POST',
    url: () => '/services/convenio/conta',
    corpo: () => ({ redeCredenciadaId: parceiroDemo.id, clienteId: ids.clienteDemo, unidade: 'CASHBACK', valor: 1, documento: 'INFILTRADO' }),
    status: 404,
    mensagem: 'Parceiro não encontrado.',
  },
  { rota: 'post /services/convenio/conta/filtrar/{id}/{page}/{size}', metodo: 'POST', url: () => `/services/convenio/conta/filtrar/${parceiroDemo.id}/0/10`, corpo: () => ({}), status: 404, mensagem: 'Parceiro não encontrado.' },
  { rota: 'get /services/convenio/conta/{id}/totalizador', metodo: 'GET', url: () => `/services/convenio/conta/${parceiroDemo.id}/totalizador`, status: 404, mensagem: 'Parceiro não encontrado.' },
  {
    rota: 'delete /services/convenio/conta/{id}/excluir/{resgateId}',
    metodo: 'DELETE',
    url: () => `/services/convenio/conta/${parceiroDemo.id}/excluir/${resgatesDemo.resgate}`,
    corpo: () => ({ motivo: 'Tentativa' }),
    status: 404,
    mensagem: 'Resgate não encontrado.',
  },
  {
    rota: 'post /services/integracao/v1/parceiro/resgates/{id}/cancelamento',
    metodo: 'POST',
    url: () => `/services/integracao/v1/parceiro/resgates/${resgatesDemo.resgate}/cancelamento`,
    corpo: () => ({ motivo: 'Tentativa' }),
    cabecalhos: porTokenParceiro,
    status: 404,
    mensagem: 'Resgate não encontrado.',
  },
  {
    rota: 'post /services/integracao/v1/parceiro/resgates',
    metodo: 'POST',
    url: () => '/services/integracao/v1/parceiro/resgates',
    corpo: () => ({ clienteId: ids.clienteDemo, unidade: 'CASHBACK', valor: 1, documento: 'INFILTRADO' }),
    cabecalhos: porTokenParceiro,
    status: 404,
    mensagem: 'Cliente não encontrado.',
  },
  { rota: 'delete /services/computers/delete/{id}', metodo: 'DELETE', url: () => `/services/computers/delete/${dispositivoDemo.id}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  // Ledger: the demo network's customers and postings (ids from the demo seed) are out of reach.
  { rota: 'get /services/account/saldos/{id}', metodo: 'GET', url: () => '/services/account/saldos/1', status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'post /services/account/extrato/{id}/{page}/{size}', metodo: 'POST', url: () => '/services/account/extrato/1/0/10', corpo: () => ({ unidade: 'CASHBACK' }), status: 404 },
  { rota: 'post /services/account/lancamento/estornar/{id}', metodo: 'POST', url: () => '/services/account/lancamento/estornar/1', corpo: () => ({ motivo: 'Tentativa' }), status: 404 },
  { rota: 'get /services/client/findbyid/{id}', metodo: 'GET', url: () => `/services/client/findbyid/${ids.clienteDemo}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'delete /services/client/delete/{id}', metodo: 'DELETE', url: () => `/services/client/delete/${ids.clienteDemo}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  {
    rota: 'post /services/client/save',
    metodo: 'POST',
    url: () => '/services/client/save',
    corpo: () => ({ id: ids.clienteBloqueadoDemo, nome: 'Sequestrado', status: 'ATIVO', consentimentos: [{ canal: 'SMS', concedido: true }] }),
    status: 404,
    mensagem: MENSAGENS_PRODUTO.naoEncontrado,
  },
  { rota: 'post /services/client/save', metodo: 'POST', url: () => '/services/client/save', corpo: () => ({ nome: 'Infiltrado', filialOrigemId: 2 }), status: 400, mensagem: 'Filial de origem inválida.' },
  { rota: 'get /services/client/{id}/lgpd/exportar', metodo: 'GET', url: () => `/services/client/${ids.clienteDemo}/lgpd/exportar`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/client/{id}/lgpd/anonimizar', metodo: 'POST', url: () => `/services/client/${ids.clienteDemo}/lgpd/anonimizar`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  // API tokens: the demo's token cannot be changed or revoked by outra; its token reaches no demo row.
  { rota: 'post /services/company/api/save', metodo: 'POST', url: () => '/services/company/api/save', corpo: () => ({ id: tokensDemo.demo, nome: 'x', escopos: ['vendas:lancar'] }), status: 404, mensagem: 'Token não encontrado.' },
  { rota: 'delete /services/company/api/{id}', metodo: 'DELETE', url: () => `/services/company/api/${tokensDemo.demo}`, status: 404, mensagem: 'Token não encontrado.' },
  { rota: 'get /services/integracao/v1/clientes/{id}/saldos', metodo: 'GET', url: () => `/services/integracao/v1/clientes/${ids.clienteDemo}/saldos`, cabecalhos: porToken, status: 404, mensagem: 'Cliente não encontrado.' },
  {
    rota: 'post /services/integracao/v1/vendas/{id}/cancelamento',
    metodo: 'POST',
    url: () => `/services/integracao/v1/vendas/${ids.vendaDemo}/cancelamento`,
    corpo: () => ({}),
    cabecalhos: porToken,
    status: 404,
    mensagem: 'Venda não encontrada.',
  },
  { rota: 'post /services/integracao/v1/vendas', metodo: 'POST', url: () => '/services/integracao/v1/vendas', corpo: () => ({ clienteId: ids.clienteDemo, valor: 100 }), cabecalhos: porToken, status: 404, mensagem: 'Cliente não encontrado.' },
  // Sales: the demo's sales, customers and branches are out of reach (the cancel GET carries XSRF, as the SPA sends it).
  { rota: 'get /services/transacao/cancelar/{id}', metodo: 'GET', url: () => `/services/transacao/cancelar/${ids.vendaDemo}`, status: 404, mensagem: 'Venda não encontrada.' },
  { rota: 'post /services/transacao/venda', metodo: 'POST', url: () => '/services/transacao/venda', corpo: () => ({ clienteId: ids.clienteDemo, valor: 100 }), status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'post /services/transacao/venda', metodo: 'POST', url: () => '/services/transacao/venda', corpo: () => ({ clienteId: ids.clienteDemo, valor: 100, resgate: 1 }), status: 404 },
  { rota: 'post /services/transacao/venda', metodo: 'POST', url: () => '/services/transacao/venda', corpo: () => ({ clienteId: ids.clienteDemo, valor: 100, cupom: 'DEMOISO' }), status: 404, mensagem: 'Cupom não encontrado: confira o código.' },
  // Sales reports (issue 3 §4): a demo sale's receipt, and correcting it as a "duplicate", are out of reach.
  { rota: 'get /services/transacao/impressao/{id}', metodo: 'GET', url: () => `/services/transacao/impressao/${ids.vendaDemo}`, status: 404, mensagem: 'Venda não encontrada.' },
  {
    rota: 'post /services/transacao/duplicada/corrigir',
    metodo: 'POST',
    url: () => '/services/transacao/duplicada/corrigir',
    corpo: () => ({ ids: [ids.vendaDemo] }),
    status: 404,
  },
  // Cards: the demo's cards, print queue items and customers are out of reach, by id or by number.
  { rota: 'get /services/card/findbyid/{id}', metodo: 'GET', url: () => `/services/card/findbyid/${cartoesDemo.ativo}`, status: 404, mensagem: 'Cartão não encontrado.' },
  { rota: 'get /services/card/{id}/estatistica/vida', metodo: 'GET', url: () => `/services/card/${cartoesDemo.ativo}/estatistica/vida`, status: 404, mensagem: 'Cartão não encontrado.' },
  { rota: 'post /services/card/{id}/bloquear', metodo: 'POST', url: () => `/services/card/${cartoesDemo.ativo}/bloquear`, corpo: () => ({ motivo: 'Tentativa' }), status: 404, mensagem: 'Cartão não encontrado.' },
  { rota: 'post /services/card/{id}/desbloquear', metodo: 'POST', url: () => `/services/card/${cartoesDemo.bloqueado}/desbloquear`, corpo: () => ({}), status: 404, mensagem: 'Cartão não encontrado.' },
  { rota: 'post /services/card/vincular', metodo: 'POST', url: () => '/services/card/vincular', corpo: () => ({ cartaoId: cartoesDemo.disponivel, clienteId: ids.clienteDemo }), status: 404, mensagem: 'Cartão não encontrado.' },
  { rota: 'post /services/card/vincular', metodo: 'POST', url: () => '/services/card/vincular', corpo: () => ({ numero: cartoesDemo.ativoNumero, clienteId: ids.clienteDemo }), status: 404 },
  { rota: 'post /services/card/substituir', metodo: 'POST', url: () => '/services/card/substituir', corpo: () => ({ cartaoId: cartoesDemo.ativo, motivo: 'Tentativa' }), status: 404, mensagem: 'Cartão não encontrado.' },
  { rota: 'post /services/card/print', metodo: 'POST', url: () => '/services/card/print', corpo: () => ({ id: cartoesDemo.ativo }), status: 404, mensagem: 'Cartão não encontrado.' },
  { rota: 'post /services/card/print/back', metodo: 'POST', url: () => '/services/card/print/back', corpo: () => ({ id: cartoesDemo.ativo }), status: 404 },
  { rota: 'post /services/card/printcardlist', metodo: 'POST', url: () => '/services/card/printcardlist', corpo: () => ({ ids: [cartoesDemo.ativo, cartoesDemo.disponivel] }), status: 404 },
  { rota: 'post /services/card/printcardlist/back', metodo: 'POST', url: () => '/services/card/printcardlist/back', corpo: () => ({ ids: [cartoesDemo.disponivel] }), status: 404 },
  { rota: 'post /services/card/addcardprintqueue', metodo: 'POST', url: () => '/services/card/addcardprintqueue', corpo: () => ({ ids: [cartoesDemo.disponivel] }), status: 404, mensagem: 'Cartão não encontrado.' },
  { rota: 'post /services/card/createcardlistprint', metodo: 'POST', url: () => '/services/card/createcardlistprint', corpo: () => ({ itens: [cartoesDemo.itemFila] }), status: 404, mensagem: 'Item da fila não encontrado.' },
  { rota: 'post /services/card/createcardlistprint', metodo: 'POST', url: () => '/services/card/createcardlistprint', corpo: () => ({}), status: 409, mensagem: 'Não há cartões pendentes na fila de impressão.' },
  {
    rota: 'post /services/card/filaimpressao/salveall',
    metodo: 'POST',
    url: () => '/services/card/filaimpressao/salveall',
    corpo: () => ({ itens: [{ id: cartoesDemo.itemFila, status: 'CANCELADO' }] }),
    status: 404,
    mensagem: 'Item da fila não encontrado.',
  },
  { rota: 'post /services/card/relatorio/cliente', metodo: 'POST', url: () => '/services/card/relatorio/cliente', corpo: () => ({ clienteId: ids.clienteDemo }), status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'post /services/card/relatorio/empresa', metodo: 'POST', url: () => '/services/card/relatorio/empresa', corpo: () => ({ filialId: 2 }), status: 400, mensagem: 'Filial inválida.' },
  // Dashboard (docs/areas/dashboard.md): a branch of the demo network is refused before anything is read.
  { rota: 'post /services/empresadashboard/completo', metodo: 'POST', url: () => '/services/empresadashboard/completo', corpo: () => ({ de: '2026-01-01', ate: '2026-01-31', filialId: 2 }), status: 400, mensagem: 'Filial inválida.' },
  { rota: 'post /services/empresadashboard/imprimir/resultados/usuario', metodo: 'POST', url: () => '/services/empresadashboard/imprimir/resultados/usuario', corpo: () => ({ de: '2026-01-01', ate: '2026-01-31', filialId: 3 }), status: 400, mensagem: 'Filial inválida.' },
  // Import and background jobs: the demo's uploads, statuses and result files are out of reach.
  { rota: 'get /services/status/assincrono/{id}', metodo: 'GET', url: () => `/services/status/assincrono/${tarefasDemo.importacao}`, status: 404, mensagem: 'Tarefa não encontrada.' },
  { rota: 'get /services/tarefa/{id}/arquivo', metodo: 'GET', url: () => `/services/tarefa/${tarefasDemo.importacao}/arquivo`, status: 404, mensagem: 'Tarefa não encontrada.' },
  { rota: 'get /services/importacao/metadados/{x}', metodo: 'GET', url: () => `/services/importacao/metadados/${tarefasDemo.importacao}`, status: 404, mensagem: 'Importação não encontrada.' },
  { rota: 'get /services/importacao/status/{id}', metodo: 'GET', url: () => `/services/importacao/status/${tarefasDemo.importacao}`, status: 404, mensagem: 'Importação não encontrada.' },
  { rota: 'post /services/importacao/importar', metodo: 'POST', url: () => '/services/importacao/importar', corpo: () => ({ tarefaId: tarefasDemo.importacao, mapeamento: { nome: 0 } }), status: 404 },
  { rota: 'get /services/empresa/importacao/contato/metadados/{x}', metodo: 'GET', url: () => `/services/empresa/importacao/contato/metadados/${tarefasDemo.contato}`, status: 404, mensagem: 'Importação não encontrada.' },
  { rota: 'get /services/empresa/importacao/contato/status/{id}', metodo: 'GET', url: () => `/services/empresa/importacao/contato/status/${tarefasDemo.contato}`, status: 404, mensagem: 'Importação não encontrada.' },
  { rota: 'post /services/empresa/importacao/contato/importar', metodo: 'POST', url: () => '/services/empresa/importacao/contato/importar', corpo: () => ({ tarefaId: tarefasDemo.contato, mapeamento: { nome: 0 } }), status: 404 },
  // Plans and account reports: the demo's plans, contracts, customers and accounts are out of reach.
  { rota: 'post /services/account/clienteplano/save', metodo: 'POST', url: () => '/services/account/clienteplano/save', corpo: () => ({ clienteId: planosDemo.clienteContrato, planoId: planosDemo.plano }), status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'post /services/account/clienteplano/save', metodo: 'POST', url: () => '/services/account/clienteplano/save', corpo: () => ({ clienteId: planosDemo.clienteOutra, planoId: planosDemo.plano }), status: 404, mensagem: 'Plano não encontrado.' },
  { rota: 'get /services/account/clienteplano/cancelar/{a}/{b}', metodo: 'GET', url: () => `/services/account/clienteplano/cancelar/${planosDemo.clienteContrato}/${planosDemo.contrato}`, status: 404, mensagem: 'Contrato não encontrado.' },
  { rota: 'get /services/account/clienteplano/{id}/qtde/plano', metodo: 'GET', url: () => `/services/account/clienteplano/${planosDemo.plano}/qtde/plano`, status: 404, mensagem: 'Plano não encontrado.' },
  { rota: 'get /services/account/{x}/qtde/periodo/contratacao', metodo: 'GET', url: () => `/services/account/${planosDemo.plano}/qtde/periodo/contratacao`, status: 404, mensagem: 'Plano não encontrado.' },
  { rota: 'get /services/account/gerarrenovacao/{id}', metodo: 'GET', url: () => `/services/account/gerarrenovacao/${planosDemo.contrato}`, status: 404, mensagem: 'Contrato não encontrado.' },
  {
    rota: 'post /services/config/salvarconfiguracaoplano',
    metodo: 'POST',
    url: () => '/services/config/salvarconfiguracaoplano',
    corpo: () => ({ id: planosDemo.plano, nome: 'Sequestrado', preco: 0, periodicidade: 'MENSAL', cashbackPercentual: 100 }),
    status: 404,
    mensagem: 'Plano não encontrado.',
  },
  { rota: 'post /services/account/bloquear', metodo: 'POST', url: () => '/services/account/bloquear', corpo: () => ({ clienteId: ids.clienteDemo, unidade: 'CASHBACK', motivo: 'Tentativa' }), status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'post /services/account/desbloquear', metodo: 'POST', url: () => '/services/account/desbloquear', corpo: () => ({ clienteId: ids.clienteDemo, unidade: 'CASHBACK' }), status: 404, mensagem: 'Conta não encontrada.' },
  // Default accounts and unification (docs/areas/razao.md): a demo customer is out of reach on either side.
  { rota: 'get /services/account/criar/contaspadrao/{id}', metodo: 'GET', url: () => `/services/account/criar/contaspadrao/${ids.clienteDemo}`, status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'post /services/account/createAccount', metodo: 'POST', url: () => '/services/account/createAccount', corpo: () => ({ clienteId: ids.clienteDemo, unidade: 'PREPAGO' }), status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'post /services/conta/unificacao/buscarcontas', metodo: 'POST', url: () => '/services/conta/unificacao/buscarcontas', corpo: () => ({ origemId: ids.clienteDemo }), status: 404, mensagem: 'Cliente não encontrado.' },
  { rota: 'post /services/conta/unificacao/quantidade', metodo: 'POST', url: () => '/services/conta/unificacao/quantidade', corpo: () => ({ origemId: ids.clienteDemo, destinoId: planosDemo.clienteOutra }), status: 404, mensagem: 'Cliente de origem não encontrado.' },
  { rota: 'post /services/conta/unificacao/unificar', metodo: 'POST', url: () => '/services/conta/unificacao/unificar', corpo: () => ({ origemId: ids.clienteDemo, destinoId: planosDemo.clienteOutra }), status: 404, mensagem: 'Cliente de origem não encontrado.' },
  { rota: 'post /services/conta/unificacao/unificar', metodo: 'POST', url: () => '/services/conta/unificacao/unificar', corpo: () => ({ origemId: planosDemo.clienteOutra, destinoId: ids.clienteDemo }), status: 404, mensagem: 'Cliente de destino não encontrado.' },
  // Customer page (docs/areas/clientes.md): contract, notes, activation e-mail and payment forms of a demo customer.
  { rota: 'get /services/client/gerarcontrato/{id}', metodo: 'GET', url: () => `/services/client/gerarcontrato/${ids.clienteDemo}`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'get /services/client/{id}/formapagamento/ativo', metodo: 'GET', url: () => `/services/client/${ids.clienteDemo}/formapagamento/ativo`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/client/{id}/notas/{page}/{size}', metodo: 'POST', url: () => `/services/client/${ids.clienteDemo}/notas/0/10`, status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/client/{id}/nota', metodo: 'POST', url: () => `/services/client/${ids.clienteDemo}/nota`, corpo: () => ({ texto: 'Plantada' }), status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  { rota: 'post /services/client/solicitarativacaoemail', metodo: 'POST', url: () => '/services/client/solicitarativacaoemail', corpo: () => ({ clienteId: ids.clienteDemo }), status: 404, mensagem: MENSAGENS_PRODUTO.naoEncontrado },
  // Admin-only calls: a company user is refused before anything is read.
  { rota: 'get /services/profile/listall', metodo: 'GET', url: () => '/services/profile/listall', status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/sistema/email/reenviar/{id}', metodo: 'POST', url: () => '/services/sistema/email/reenviar/1', status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/sistema/email/filtrar/{page}/{size}', metodo: 'POST', url: () => '/services/sistema/email/filtrar/0/10', corpo: () => ({}), status: 403 },
  // Maintenance and tasks (docs/areas/manutencao.md): the system administrator's only.
  { rota: 'get /services/sistema/manutencao/detalhe/{id}', metodo: 'GET', url: () => `/services/sistema/manutencao/detalhe/${tarefasDemo.importacao}`, status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'get /services/sistema/tarefa/agendamento/{nome}', metodo: 'GET', url: () => '/services/sistema/tarefa/agendamento/resumo-vendas', status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/sistema/tarefa/agendamento/executar/{nome}', metodo: 'POST', url: () => '/services/sistema/tarefa/agendamento/executar/resumo-vendas', status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/sistema/tarefa/filtrar/{page}/{size}', metodo: 'POST', url: () => '/services/sistema/tarefa/filtrar/0/10', corpo: () => ({}), status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/sistema/tarefa/reexecutar/{id}', metodo: 'POST', url: () => `/services/sistema/tarefa/reexecutar/${tarefasDemo.importacao}`, status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  // Files: a demo logo is another company's, so not found (docs/areas/manutencao.md § Arquivos).
  { rota: 'get /services/arquivo/findbyid/{id}', metodo: 'GET', url: () => `/services/arquivo/findbyid/${arquivoDemo.id}`, status: 404, mensagem: 'Arquivo não encontrado.' },
  { rota: 'delete /services/arquivo/delete/{id}', metodo: 'DELETE', url: () => `/services/arquivo/delete/${arquivoDemo.id}`, status: 404, mensagem: 'Arquivo não encontrado.' },
  { rota: 'get /arquivo/{id}', metodo: 'GET', url: () => `/arquivo/${arquivoDemo.id}`, status: 404, mensagem: 'Arquivo não encontrado.' },
  // The platform's companies, settings and white label (docs/areas/sistema.md): the system administrator's only.
  { rota: 'post /services/config/save', metodo: 'POST', url: () => '/services/config/save', corpo: () => ({ nomeSistema: 'Plantado' }), status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/sistema/whitelabel/imagem/{tipo}', metodo: 'POST', url: () => '/services/sistema/whitelabel/imagem/topoAngular', corpo: () => ({ mime: 'image/png', base64: 'iVBORw0KGgo=' }), status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'delete /services/sistema/whitelabel/imagem/{tipo}', metodo: 'DELETE', url: () => '/services/sistema/whitelabel/imagem/topoAngular', status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/company/admin/filterpaginated/{page}/{size}', metodo: 'POST', url: () => '/services/company/admin/filterpaginated/0/10', corpo: () => ({}), status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'get /services/company/admin/findbyid/{id}', metodo: 'GET', url: () => '/services/company/admin/findbyid/1', status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/company/admin/save', metodo: 'POST', url: () => '/services/company/admin/save', corpo: () => ({ id: 1, nome: 'Plantada Ltda', nomeCurto: 'Plantada', slug: 'plantada' }), status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/empresabloqueio/save', metodo: 'POST', url: () => '/services/empresabloqueio/save', corpo: () => ({ empresaId: 1, motivo: 'Bloqueio plantado por outra empresa' }), status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'delete /services/empresabloqueio/{id}', metodo: 'DELETE', url: () => '/services/empresabloqueio/1', corpo: () => ({ motivo: 'Desbloqueio plantado por outra empresa' }), status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  // WhatsApp servers, transfer and monitoring (docs/areas/mensageria.md): the system administrator's only.
  { rota: 'get /services/servidores/listar/{x}', metodo: 'GET', url: () => '/services/servidores/listar/todos', status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'get /services/servidores/findbyid/{id}', metodo: 'GET', url: () => `/services/servidores/findbyid/${whatsDemo.servidor}`, status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'get /services/servidores/status/{id}', metodo: 'GET', url: () => `/services/servidores/status/${whatsDemo.servidor}`, status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/servidores/save', metodo: 'POST', url: () => '/services/servidores/save', corpo: () => ({ id: whatsDemo.servidor, nome: 'Plantado', tipo: 'sandbox', baseUrl: 'http://plantado.local', capacidade: 1, ativo: true }), status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'delete /services/servidores/delete/{id}', metodo: 'DELETE', url: () => `/services/servidores/delete/${whatsDemo.servidor}`, status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'post /services/servidores/transferencia/cancelar/{id}', metodo: 'POST', url: () => '/services/servidores/transferencia/cancelar/1', status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'get /services/monitoramento/{id}', metodo: 'GET', url: () => '/services/monitoramento/1', status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  { rota: 'get /services/monitoramento/{a}/{b}', metodo: 'GET', url: () => '/services/monitoramento/0/10', status: 403, mensagem: MENSAGENS_PRODUTO.acessoNegado },
  // The demo network's own WhatsApp instance: outra (COMPARTILHADO) does not see it.
  { rota: 'get /services/servidorwhatsapp/atualizar/{id}', metodo: 'GET', url: () => `/services/servidorwhatsapp/atualizar/${whatsDemo.instancia}`, status: 404, mensagem: MENSAGEM_INSTANCIA_NAO_ENCONTRADA },
  { rota: 'get /services/instancia/reiniciar/{id}', metodo: 'GET', url: () => `/services/instancia/reiniciar/${whatsDemo.instancia}`, status: 404, mensagem: MENSAGEM_INSTANCIA_NAO_ENCONTRADA },
  { rota: 'get /services/instancia/status/atualizar/{id}', metodo: 'GET', url: () => `/services/instancia/status/atualizar/${whatsDemo.instancia}`, status: 404, mensagem: MENSAGEM_INSTANCIA_NAO_ENCONTRADA },
  { rota: 'post /services/instancia/desconectar/{id}', metodo: 'POST', url: () => `/services/instancia/desconectar/${whatsDemo.instancia}`, status: 404, mensagem: MENSAGEM_INSTANCIA_NAO_ENCONTRADA },
  { rota: 'post /services/servidorwhatsapp/sandbox/lerqr/{id}', metodo: 'POST', url: () => `/services/servidorwhatsapp/sandbox/lerqr/${whatsDemo.instancia}`, status: 404, mensagem: MENSAGEM_INSTANCIA_NAO_ENCONTRADA },
  {
    rota: 'post /services/servidorwhatsapp/sandbox/recebida/{id}',
    metodo: 'POST',
    url: () => `/services/servidorwhatsapp/sandbox/recebida/${whatsDemo.instancia}`,
    corpo: () => ({ de: '11987654321', texto: 'SAIR' }),
    status: 404,
    mensagem: MENSAGEM_INSTANCIA_NAO_ENCONTRADA,
  },
  // The outbox screen and the pacing form (docs/areas/mensageria.md "Caixa de saída: a tela", "Ritmo editável").
  {
    rota: 'post /services/servidorwhatsapp/sandbox/queda/{id}',
    metodo: 'POST',
    url: () => `/services/servidorwhatsapp/sandbox/queda/${whatsDemo.instancia}`,
    corpo: () => ({ para: '11987654321', texto: 'Plantada' }),
    status: 404,
    mensagem: MENSAGEM_INSTANCIA_NAO_ENCONTRADA,
  },
  { rota: 'get /services/servidorwhatsapp/ritmo/{id}', metodo: 'GET', url: () => `/services/servidorwhatsapp/ritmo/${whatsDemo.instancia}`, status: 404, mensagem: MENSAGEM_INSTANCIA_NAO_ENCONTRADA },
  {
    rota: 'post /services/servidorwhatsapp/ritmo/{id}',
    metodo: 'POST',
    url: () => `/services/servidorwhatsapp/ritmo/${whatsDemo.instancia}`,
    corpo: () => ({ porMinuto: 60, porDia: 5000, silencioInicio: null, silencioFim: null }),
    status: 404,
    mensagem: MENSAGEM_INSTANCIA_NAO_ENCONTRADA,
  },
  { rota: 'post /services/mensagem/saida/resolver', metodo: 'POST', url: () => '/services/mensagem/saida/resolver', corpo: () => ({ ids: [mensagemDemo.id], acao: 'REENVIAR' }), status: 404, mensagem: 'Mensagem não encontrada.' },
  { rota: 'post /services/mensagem/saida/resolver', metodo: 'POST', url: () => '/services/mensagem/saida/resolver', corpo: () => ({ ids: [mensagemDemo.id], acao: 'DESCARTAR' }), status: 404, mensagem: 'Mensagem não encontrada.' },
  // The webhook: no session counts, only the instance's secret.
  { rota: 'post /services/servidorwhatsapp/webhook/{instanciaId}/{segredo}', metodo: 'POST', url: () => `/services/servidorwhatsapp/webhook/${whatsDemo.instancia}/segredo-plantado-por-outra`, corpo: () => ({ tipo: 'CONEXAO' }), status: 401, mensagem: MENSAGEM_WEBHOOK_RECUSADO },
  // The programme's rule of a demo branch (docs/areas/programa.md): not in this network.
  { rota: 'delete /services/config/configuracaoprograma/filial/{id}', metodo: 'DELETE', url: () => '/services/config/configuracaoprograma/filial/2', status: 404, mensagem: 'Filial não encontrada.' },
];

/** Lists: they answer 200, with the caller's tenant only (checked one by one below). */
const LISTAS = [
  'post /services/user/filter/user/client/{page}/{size}',
  'post /services/user/filterpaginated/{page}/{size}',
  'post /services/profile/filterpaginated/{page}/{size}',
  'post /services/client/filterpaginated/{page}/{size}',
  'post /services/transacao/filterpaginated/{page}/{size}',
  'post /services/company/filterpaginated/{page}/{size}',
  'post /services/computers/filterpaginated/{page}/{size}',
  'post /services/convenio/filterpaginated/{page}/{size}',
  // Message templates: checked in 'modelos de mensagem' below.
  'post /services/mensagem/modelo/filterpaginated/{page}/{size}',
  'post /services/filtrar/msgautomatica/{page}/{size}',
  'post /services/card/filterpaginated/{page}/{size}',
  'post /services/card/filaimpressao/filter/{page}/{size}',
  // The programme rule's history: checked in 'as listas continuam só com a própria empresa' below.
  'post /services/config/configuracaoprograma/historico/{page}/{size}',
  // Customers' birthdays (docs/areas/clientes.md).
  'post /services/client/aniversariantes/{a}/{b}',
  // Plans and account reports: checked in 'planos, ranking e contas bloqueadas' below.
  'post /services/account/clienteplano/filterpaginated/{page}/{size}',
  'post /services/account/ranking/{page}/{size}',
  'post /services/account/contasbloqueadas/{page}/{size}',
  // Import history: each company sees only its own imports (checked in importacao.test.ts).
  'get /services/importacao/metadados/empresa/{a}/{b}',
  'get /services/empresa/importacao/contato/metadados/empresa/{a}/{b}',
  // Audiences, their block list and tags: checked in 'públicos, bloqueios e etiquetas' below.
  'post /services/publico/filterpaginated/{page}/{size}',
  'post /services/publico/bloqueio/filterpaginated/{page}/{size}',
  'post /services/etiqueta/filterpaginated/{page}/{size}',
  // Campaigns: checked in 'campanhas' below.
  'post /services/campanha/filterpaginated/{page}/{size}',
  // The outbox screen: checked in 'caixa de saída' below.
  'post /services/mensagem/saida/filterpaginated/{page}/{size}',
  // Prizes and redemptions: checked in 'prêmios' below.
  // Prize draws: checked in 'sorteios' below.
  'post /services/sorteio/filterpaginated/{page}/{size}',
  'post /services/premio/filterpaginated/{page}/{size}',
  'post /services/cupomdesconto/filterpaginated/{page}/{size}',
  'post /services/cupomdesconto/filtrar/{page}/{size}',
  'post /services/cupomdesconto/filtrar/resgatados/{page}/{size}',
  'post /services/premio/resgate/filtrar/{page}/{size}',
  // Imported contacts: checked in contato-consentimento.test.ts (outra lists none of the demo's).
  'post /services/empresa/contato/filterpaginated/{page}/{size}',
  // Gift cards: checked in 'vales-presente' below.
  'post /services/valepresente/filtrar/{page}/{size}',
];

/** Parameters that are not a tenant's record: a username to recover, a CEP. */
const SEM_DADOS_DE_EMPRESA = ['get /services/user/esqueciminhasenha/{x}', 'get /services/endereco/cep/{cep}'];

const CASOS_NOMEADOS = CASOS.map((c, i) => [`${c.rota} #${i + 1} → ${c.status}`, c] as const);

async function conferirRecusa(caso: Caso) {
  const r = await outra.requisitar({ method: caso.metodo, url: caso.url(), ...(caso.corpo ? { payload: caso.corpo() as object } : {}), ...(caso.cabecalhos ? { headers: caso.cabecalhos() } : {}) });
  expect(r.statusCode, r.body).toBe(caso.status);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  const e = env(r);
  expect(e.hasError).toBe(true);
  expect(e.result).toBeNull();
  expect(e.results).toBeNull();
  if (caso.mensagem) expect(e.messageError).toBe(caso.mensagem);
  expect(r.body).not.toMatch(VAZAMENTO);
}

describe('isolamento entre empresas: outra (Padaria Pão Quente) pedindo ids da rede demo', () => {
  let antes: Awaited<ReturnType<typeof fotografiaDaDemo>>;
  beforeAll(async () => {
    antes = await fotografiaDaDemo();
  });

  it('todo endpoint com id, referência de empresa ou gravação está coberto por um caso aqui', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const rotas = Object.entries(doc.paths).flatMap(([caminho, metodos]) => Object.keys(metodos).map((m) => `${m} ${caminho}`));
    const sensiveis = rotas.filter((r) => /\{|\/save$|\/delete\//.test(r) && !SEM_DADOS_DE_EMPRESA.includes(r));
    const cobertas = new Set([...CASOS.map((c) => c.rota), ...LISTAS]);
    expect(sensiveis.filter((r) => !cobertas.has(r))).toEqual([]);
    expect(sensiveis.length).toBeGreaterThanOrEqual(15);
  });

  it.each(CASOS_NOMEADOS)('%s, sem revelar nada', (_nome, caso) => conferirRecusa(caso));

  it('as listas de usuários só trazem usuários da própria empresa, mesmo filtrando pelos ids da demo', async () => {
    for (const rota of ['/services/user/filter/user/client/0/100', '/services/user/filterpaginated/0/100']) {
      for (const filtro of [{}, { empresaId: 1 }, { empresaId: 2 }, { perfilId: 4 }, { busca: 'gerente' }, { ativo: true }]) {
        const r = await outra.post(rota, filtro);
        expect(r.statusCode).toBe(200);
        const p = env<Pagina<UsuarioResumo>>(r).result;
        expect(p.content.every((u) => u.empresaId === 4)).toBe(true);
        expect(p.totalElements).toBe(p.content.length);
        expect(r.body).not.toMatch(VAZAMENTO);
      }
      expect(env<Pagina<UsuarioResumo>>(await outra.post(rota, {})).result.content.map((u) => u.username)).toEqual(['outra']);
    }
  });

  it('registro das mensagens automáticas: outra não vê o que a demo enviou, nem filtrando pelo cliente da demo', async () => {
    await t.banco.db.insert(envioAutomatica).values({ empresaId: 1, gatilho: 'ANIVERSARIO', clienteId: ids.clienteDemo, motivo: 'ANIVERSARIO:2026', canal: 'WHATSAPP' });
    expect(env<Pagina<unknown>>(await gerente.post('/services/filtrar/msgautomatica/0/100', {})).result.totalElements).toBeGreaterThan(0);
    for (const filtro of [{}, { clienteId: ids.clienteDemo }, { gatilho: 'ANIVERSARIO' }]) {
      const r = await outra.post('/services/filtrar/msgautomatica/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
      expect(r.body).not.toMatch(VAZAMENTO);
    }
  });

  it('link de descadastro (público, assinado): um link da empresa outra não alcança o cliente da demo, nem trocando o id ou a empresa', async () => {
    const segredo = await segredoDescadastro(t.app.db);
    const anonimo = t.cliente();
    const daOutraComIdDaDemo = tokenDescadastro(segredo, { empresaId: 4, tipo: 'CLIENTE', id: ids.clienteDemo });
    const [emp, , assinatura] = tokenDescadastro(segredo, { empresaId: 4, tipo: 'CLIENTE', id: 1 }).split('.');
    for (const tk of [daOutraComIdDaDemo, `${emp}.c${ids.clienteDemo}.${assinatura}`, `1.c${ids.clienteDemo}.${assinatura}`]) {
      for (const r of [await anonimo.get(`/descadastro/${tk}`), await anonimo.post(`/descadastro/${tk}`, '', { semXsrf: true })]) {
        expect(r.statusCode).toBe(404);
        expect(r.body).toContain('Link inválido');
      }
    }
    const r = (await t.app.db.execute(sql`select count(*)::int as n from cliente_consentimento where cliente_id = ${ids.clienteDemo} and origem = 'EMAIL_DESCADASTRO'`)) as unknown as { rows: { n: number }[] };
    expect(r.rows[0]!.n).toBe(0);
  });

  it('caixa de saída: outra não vê a mensagem da demo em REVISAR, nem filtrando pelo lote, pelo número ou pelo nome; o resumo não a conta', async () => {
    const daDemo = env<Pagina<{ id: number }>>(await gerente.post('/services/mensagem/saida/filterpaginated/0/100', { status: 'REVISAR' })).result;
    expect(daDemo.content.map((m) => m.id)).toContain(mensagemDemo.id);
    for (const filtro of [{}, { status: 'REVISAR' }, { loteId: loteDemo.id }, { busca: '5511900000001' }, { busca: 'Maria' }, { origem: 'CAMPANHA' }]) {
      const r = await outra.post('/services/mensagem/saida/filterpaginated/0/100', filtro);
      expect(r.statusCode, r.body).toBe(200);
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
      expect(r.body).not.toMatch(VAZAMENTO);
    }
    const resumo = await outra.get('/services/mensagem/saida/resumo');
    expect(env<{ revisar: number; lotes: unknown[] }>(resumo).result).toEqual({ revisar: 0, lotes: [] });
    // A mix of its own id and the demo's is refused as a whole: nothing of either changes.
    const r = await outra.post('/services/mensagem/saida/resolver', { ids: [mensagemDemo.id, mensagemDemo.id + 1_000_000], acao: 'DAR_COMO_ENVIADA' });
    expect(r.statusCode).toBe(404);
  });

  it('campanhas: a lista de outra não traz as da demo, nem buscando pelo nome ou pela situação', async () => {
    for (const filtro of [{}, { busca: 'Bonifica' }, { status: 'RASCUNHO' }]) {
      const r = await outra.post('/services/campanha/filterpaginated/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
      expect(r.body).not.toMatch(VAZAMENTO);
    }
    // The demo sees its own, so the empty list above is isolation, not an empty table.
    const d = await gerente.post('/services/campanha/filterpaginated/0/100', { busca: 'Bonifica' });
    expect(env<Pagina<{ id: number }>>(d).result.content.map((c) => c.id)).toContain(campanhaDemo.id);
  });

  it('modelos de mensagem: a lista de outra não traz os da demo, nem buscando pelo nome', async () => {
    for (const filtro of [{}, { busca: 'Aniversário' }, { canal: 'WHATSAPP' }, { ativo: true }]) {
      const r = await outra.post('/services/mensagem/modelo/filterpaginated/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
      expect(r.body).not.toMatch(VAZAMENTO);
    }
  });

  it('as listas de perfis não trazem o perfil 4 (Atendente de balcão) da demo', async () => {
    const p = env<Pagina<Perfil>>(await outra.post('/services/profile/filterpaginated/0/100', {})).result;
    expect(p.content.map((x) => x.id)).toEqual([3]);
    for (const rota of ['/services/profile/listcompanyprofiles', '/services/profile/4/available']) {
      const r = await outra.get(rota);
      expect(r.statusCode).toBe(200);
      expect((env<null>(r).results as Perfil[]).map((x) => x.id)).toEqual([3]);
      expect(r.body).not.toMatch(VAZAMENTO);
    }
  });

  it('a lista de clientes só traz os de outra, mesmo filtrando por filiais, nomes e telefones da demo', async () => {
    for (const filtro of [{}, { filialOrigemId: 1 }, { filialOrigemId: 2 }, { busca: 'Maria' }, { busca: '11976651212' }, { status: 'BLOQUEADO' }]) {
      const r = await outra.post('/services/client/filterpaginated/0/100', filtro);
      expect(r.statusCode).toBe(200);
      const p = env<Pagina<ClienteResumo>>(r).result;
      expect(p.content.every((c) => c.filialOrigemId === 4)).toBe(true);
      expect(r.body).not.toMatch(VAZAMENTO);
    }
    expect(env<Pagina<ClienteResumo>>(await outra.post('/services/client/filterpaginated/0/100', {})).result.totalElements).toBe(3);
  });

  it('a lista de vendas só traz as de outra, mesmo filtrando por clientes e filiais da demo; a regra do programa é a dela', async () => {
    for (const filtro of [{}, { clienteId: ids.clienteDemo }, { filialId: 1 }, { filialId: 2 }, { status: 'CANCELADA' }]) {
      const r = await outra.post('/services/transacao/filterpaginated/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
      expect(r.body).not.toMatch(VAZAMENTO);
    }
    const regra = await outra.get('/services/config/configuracaoprograma');
    expect(env(regra).result).toMatchObject({ configurada: false, cashbackPercentual: 0 });
    const venda = await outra.post('/services/transacao/venda', { clienteId: ids.clienteDemo, valor: 10, filialId: 2 });
    expect(venda.statusCode).toBe(400);
    expect(env(venda).messageError).toBe('Filial inválida.');
  });

  it('cartões: listas, fila, busca de cliente pelo número, exportação e relatórios de outra não trazem nada da demo', async () => {
    for (const filtro of [{}, { busca: cartoesDemo.ativoNumero }, { busca: cartoesDemo.ativoNumero.slice(-4) }, { status: 'ATIVO' }, { clienteId: ids.clienteDemo }]) {
      const r = await outra.post('/services/card/filterpaginated/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
    }
    for (const filtro of [{}, { status: 'PENDENTE' }, { lote: 'DEMO-1' }]) {
      const r = await outra.post('/services/card/filaimpressao/filter/0/100', filtro);
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
      expect(r.body).not.toMatch(VAZAMENTO);
    }
    expect(env<Pagina<unknown>>(await outra.post('/services/client/filterpaginated/0/10', { busca: cartoesDemo.ativoNumero })).result.totalElements).toBe(0);
    const csv = await outra.post('/services/card/exportar/clientes/csv', {});
    expect(csv.body.trim().split('\n')).toHaveLength(1);
    const empresa = env<{ vendas: number; cartoesPorStatus: Record<string, number> }>(await outra.post('/services/card/relatorio/empresa', {})).result;
    expect(empresa.vendas).toBe(0);
    expect(Object.values(empresa.cartoesPorStatus).every((n) => n === 0)).toBe(true);
  });

  it('planos, ranking e contas bloqueadas: listas, relatórios, PDFs e renovação de outra não trazem nem tocam nada da demo', async () => {
    expect(env<null>(await outra.get('/services/config/configuracaoplano')).results).toEqual([]);
    for (const filtro of [{}, { clienteId: planosDemo.clienteContrato }, { planoId: planosDemo.plano }, { busca: 'Ana' }, { situacao: 'CANCELADO' }]) {
      const r = await outra.post('/services/account/clienteplano/filterpaginated/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
    }
    const hoje = new Date().toISOString().slice(0, 10);
    const ano = `${Number(hoje.slice(0, 4)) - 1}${hoje.slice(4)}`;
    for (const criterio of ['CASHBACK', 'PONTOS', 'COMPRAS']) {
      const r = await outra.post('/services/account/ranking/0/100', { criterio, de: ano, ate: hoje, filialId: 2 });
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
      expect(env<Pagina<unknown>>(await outra.post('/services/account/ranking/0/100', { criterio, de: ano, ate: hoje })).result.totalElements).toBe(0);
    }
    expect(env<Pagina<unknown>>(await outra.post('/services/account/contasbloqueadas/0/100', { busca: 'Letícia' })).result.totalElements).toBe(0);
    const downloads = [
      await outra.post('/services/account/clienteplano/relatorio/download', { formato: 'CSV' }),
      await outra.post('/services/account/clienteplano/relatorio/download', { formato: 'PDF' }),
      await outra.post('/services/account/ranking/impressao', { criterio: 'CASHBACK', de: ano, ate: hoje }),
      await outra.post('/services/account/imprimir/contasbloqueadas', {}),
    ];
    for (const r of downloads) {
      expect(r.statusCode).toBe(200);
      const texto = r.headers['content-type'] === 'application/pdf' ? textoDoPdf(r.rawPayload).join('').replace(/\s+/g, ' ') : r.body;
      expect(texto).not.toMatch(/Ana Beatriz|Camila|Thiago|Letícia|Clube Ouro|Clube Prata/);
    }
    for (const alvo of ['PLANO', 'CONTA']) {
      const r = await outra.post('/services/account/renovar', { alvo, vencendoAte: '2100-01-01', clienteId: planosDemo.clienteContrato });
      expect(env(r).result).toEqual({ alvo, renovados: 0 });
    }
  });

  it('aniversariantes, impressões e notas: outra só vê a própria rede, e nada foi acrescentado na demo', async () => {
    const contar = async () => {
      const r = await t.banco.db.execute(sql`select (select count(*)::int from cliente_nota where empresa_id = 1) as notas, (select count(*)::int from email_saida where empresa_id = 1) as emails`);
      return (r as unknown as { rows: unknown[] }).rows[0];
    };
    const antesDaDemo = await contar();
    for (const filtro of [{}, { filialOrigemId: 2 }, { mes: 1 }, { de: '01-01', ate: '12-31' }]) {
      const r = await outra.post('/services/client/aniversariantes/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<{ filialOrigemId: number }>>(r).result.content.every((a) => a.filialOrigemId === 4)).toBe(true);
      expect(r.body).not.toMatch(VAZAMENTO);
    }
    for (const [rota, corpo] of [['/services/client/aniversariantes/impressao', { de: '01-01', ate: '12-31' }], ['/services/client/imprimir', { filialOrigemId: 2 }], ['/services/client/imprimir', {}]] as const) {
      const r = await outra.post(rota, corpo);
      expect(r.statusCode, rota).toBe(200);
      expect(r.rawPayload.toString('latin1')).not.toMatch(/Maria|Jardins|Moema/);
    }
    expect(await contar()).toEqual(antesDaDemo);
  });

  it('totalizador e vendas duplicadas só contam as vendas de outra, mesmo filtrando por filiais e atendentes da demo', async () => {
    const hoje = new Date().toISOString().slice(0, 10);
    const antes = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    for (const filtro of [{}, { filialId: 1 }, { filialId: 2 }, { usuarioId: ids.atendente }]) {
      const r = await outra.post('/services/transacao/relatorio/totalizador/', { de: antes, ate: hoje, ...filtro });
      expect(r.statusCode).toBe(200);
      expect(env<{ total: { quantidade: number; canceladas: number } }>(r).result.total).toMatchObject({ quantidade: 0, canceladas: 0 });
      expect(r.body).not.toMatch(VAZAMENTO);
      const d = await outra.post('/services/transacao/duplicada/relatorio', { minutos: 1440, de: antes, ate: hoje, ...('filialId' in filtro ? filtro : {}) });
      expect(d.statusCode).toBe(200);
      expect(env(d).results).toEqual([]);
    }
  });

  it('públicos, bloqueios e etiquetas: as listas e contagens de outra não trazem nada da demo', async () => {
    for (const rota of ['/services/publico/filterpaginated/0/100', '/services/publico/bloqueio/filterpaginated/0/100', '/services/etiqueta/filterpaginated/0/100']) {
      for (const filtro of [{}, { busca: 'demo' }]) {
        const r = await outra.post(rota, filtro);
        expect(r.statusCode, r.body).toBe(200);
        expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
        expect(r.body).not.toMatch(VAZAMENTO);
      }
    }
    const c = await outra.post('/services/publico/estatisticas', { filiais: [2, 3], etiquetas: [publicosDemo.etiqueta] });
    expect(c.statusCode, c.body).toBe(200);
    expect(env<{ clientes: number }>(c).result.clientes).toBe(0);
    expect(c.body).not.toMatch(VAZAMENTO);
  });

  it('prêmios: catálogo, resgates, relatório e PDFs de outra não trazem nada da demo, nem filtrando pelos ids dela', async () => {
    for (const filtro of [{}, { busca: 'demo' }, { filialId: 2 }]) {
      const r = await outra.post('/services/premio/filterpaginated/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<{ id: number }>>(r).result.content.map((x) => x.id)).not.toContain(premiosDemo.premio);
    }
    for (const filtro of [{}, { premioId: premiosDemo.premio }, { clienteId: ids.clienteDemo }, { filialId: 2 }, { codigo: premiosDemo.codigo }]) {
      const r = await outra.post('/services/premio/resgate/filtrar/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
    }
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const rel = await outra.post('/services/premio/resgate/relatorio', { de: hoje, ate: hoje, premioId: premiosDemo.premio });
    expect(env<{ total: { quantidade: number } }>(rel).result.total.quantidade).toBe(0);
    const pdf = await outra.post('/services/premio/imprimir', {});
    expect(pdf.statusCode).toBe(200);
    expect(textoDoPdf(pdf.rawPayload).join(' ')).not.toMatch(/Prêmio da demo|Bonifica/);
  });

  it('sorteios: a lista de outra não traz os da demo, nem buscando pelo nome', async () => {
    for (const filtro of [{}, { busca: 'demo' }, { status: 'RASCUNHO' }]) {
      const r = await outra.post('/services/sorteio/filterpaginated/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<{ id: number }>>(r).result.content.map((x) => x.id)).not.toContain(sorteioDemo.id);
    }
  });
  it('cupons: campanhas, códigos, usos e lotes de outra não trazem nada da demo, nem filtrando pelos ids dela', async () => {
    for (const [rota, filtro] of [
      ['/services/cupomdesconto/filterpaginated/0/100', {}],
      ['/services/cupomdesconto/filterpaginated/0/100', { busca: 'demo' }],
      ['/services/cupomdesconto/filtrar/0/100', {}],
      ['/services/cupomdesconto/filtrar/0/100', { cupomId: cuponsDemo.cupom }],
      ['/services/cupomdesconto/filtrar/0/100', { codigo: cuponsDemo.codigo }],
      ['/services/cupomdesconto/filtrar/resgatados/0/100', {}],
      ['/services/cupomdesconto/filtrar/resgatados/0/100', { cupomId: cuponsDemo.cupom, clienteId: ids.clienteDemo }],
    ] as const) {
      const r = await outra.post(rota, filtro);
      expect(r.statusCode, r.body).toBe(200);
      expect(env<Pagina<unknown>>(r).result.totalElements).toBe(0);
    }
    const lotes = await outra.get('/services/cupomdesconto/cuponsdescontolotes');
    expect(env<unknown[]>(lotes).result).toEqual([]);
  });
  it('vales-presente: a lista de outra não traz os da demo, nem filtrando pelo código dela', async () => {
    for (const filtro of [{}, { codigo: valesDemo.codigo }, { situacao: 'ATIVO' }]) {
      const r = await outra.post('/services/valepresente/filtrar/0/100', filtro);
      expect(r.statusCode).toBe(200);
      expect(env<Pagina<{ id: number }>>(r).result.content.map((x) => x.id)).not.toContain(valesDemo.id);
    }
  });

  it('as chamadas sem id devolvem só a empresa de quem pergunta', async () => {
    for (const rota of ['/services/company/rede', '/services/company/empresalogadafiliais', '/services/company/filiaisempresalogada', '/services/company/empresausuariologado', '/services/company/faturamento/status', '/services/companyconfig/empresa']) {
      const r = await outra.get(rota);
      expect(r.statusCode, rota).toBe(200);
      expect(r.body, rota).not.toMatch(VAZAMENTO);
    }
  });

  it('depois de tudo isso, as linhas da rede demo estão intactas e nada foi criado', async () => {
    expect(await fotografiaDaDemo()).toEqual(antes);
    const [n] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(usuario).where(eq(usuario.username, 'infiltrado'));
    expect(n?.n).toBe(0);
    expect(await t.cliente().login('gerente', 'demo1234').then((r) => r.statusCode)).toBe(200);
  });

  it('no sentido inverso, o gerente da demo também não alcança a Padaria', async () => {
    for (const url of [`/services/user/findbyid/${ids.outra}`, '/services/company/matrizefiliais/4', '/services/company/logoimagevo/4', '/services/profile/4/available']) {
      const r = await gerente.get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.body).not.toMatch(/Padaria|Otávio|outra@/);
    }
    expect((await gerente.delete(`/services/user/delete/${ids.outra}`)).statusCode).toBe(404);
    expect(env<Pagina<UsuarioResumo>>(await gerente.post('/services/user/filterpaginated/0/100', { busca: 'outra' })).result.totalElements).toBe(0);
  });
});

describe('row-level security no banco (a segunda tranca)', () => {
  const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;
  // The production path (comTenant) for a company user, so a change in how it binds the tenant is tested here.
  const comoEmpresa = <T>(empresaId: string, fn: (tx: Executor) => Promise<T>) =>
    comTenant(
      t.banco.db,
      { id: 0, nome: 'rls', username: 'rls', email: null, empresaId: Number(empresaId), empresaAtualId: Number(empresaId), perfilId: null, perfilNome: null, permissoes: [], administradorFaturamento: false },
      async (tx) => {
        expect(linhas<{ u: string }>(await tx.execute(sql`select current_user as u`))[0]!.u).toBe('bonifica_app');
        return fn(tx);
      },
    );

  it('com app.empresa_id = 4, select em usuario, empresa, perfil e fatura_empresa só vê a empresa 4', async () => {
    await comoEmpresa('4', async (tx) => {
      const us = linhas<{ username: string; empresa_id: number }>(await tx.execute(sql`select username, empresa_id from usuario order by username`));
      expect(us.map((u) => u.username)).toEqual(['outra']);
      expect(us.every((u) => u.empresa_id === 4)).toBe(true);
      expect(linhas<{ id: number }>(await tx.execute(sql`select id from empresa order by id`)).map((e) => e.id)).toEqual([4]);
      // System profiles (empresa_id null) are readable by every tenant; the demo's own profile 4 is not.
      expect(linhas<{ id: number }>(await tx.execute(sql`select id from perfil order by id`)).map((p) => p.id)).toEqual([1, 2, 3]);
      expect(linhas(await tx.execute(sql`select id from fatura_empresa`))).toEqual([]);
      expect(linhas(await tx.execute(sql`select id from auditoria where empresa_id is distinct from 4`))).toEqual([]);
    });
  });

  it('UPDATE e DELETE de linhas da empresa 1 afetam 0 linhas', async () => {
    await comoEmpresa('4', async (tx) => {
      expect(linhas(await tx.execute(sql`update usuario set nome = 'Invadido' where username = 'gerente' returning id`))).toEqual([]);
      expect(linhas(await tx.execute(sql`update usuario set empresa_id = 4 where empresa_id = 1 returning id`))).toEqual([]);
      expect(linhas(await tx.execute(sql`update empresa set nome_curto = 'Invadida' where id = 1 returning id`))).toEqual([]);
      expect(linhas(await tx.execute(sql`update perfil set nome = 'Invadido' where id in (3, 4) returning id`))).toEqual([]);
      expect(linhas(await tx.execute(sql`delete from fatura_empresa returning id`))).toEqual([]);
    });
    const [g] = await t.banco.db.select({ nome: usuario.nome, empresaId: usuario.empresaId }).from(usuario).where(eq(usuario.username, 'gerente'));
    expect(g).toEqual({ nome: 'Gabriel Gerente Souza', empresaId: 1 });
    const [p] = await t.banco.db.select({ nome: perfil.nome }).from(perfil).where(eq(perfil.id, 3));
    expect(p?.nome).toBe('Gerente');
    const [f] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(faturaEmpresa);
    expect(f?.n).toBe(1);
  });

  it('INSERT com empresa_id de outra empresa é recusado pela política', async () => {
    let falha: unknown = null;
    try {
      await comoEmpresa('4', (tx) =>
        tx.execute(sql`insert into usuario (empresa_id, nome, username, senha_hash) values (1, 'Plantado', 'plantado', 'x')`),
      );
    } catch (e) {
      falha = e;
    }
    expect(falha).not.toBeNull();
    const texto = `${(falha as Error).message} ${String((falha as { cause?: unknown }).cause ?? '')}`;
    expect(texto).toMatch(/row-level security/);
    const [n] = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(usuario).where(eq(usuario.username, 'plantado'));
    expect(n?.n).toBe(0);
  });

  it('sem app.empresa_id definido, o papel da aplicação não vê nenhuma linha de empresa', async () => {
    await comoEmpresa('', async (tx) => {
      expect(linhas(await tx.execute(sql`select id from usuario`))).toEqual([]);
      expect(linhas(await tx.execute(sql`select id from empresa`))).toEqual([]);
    });
  });
});

/**
 * ARCHITECTURE §6 asks for two locks. With row-level security switched off on this file's own
 * throwaway database, the tenant filters written in the queries must still hold by themselves.
 */
describe('com a row-level security desligada, os filtros das consultas sozinhos ainda isolam', () => {
  let antes: Awaited<ReturnType<typeof fotografiaDaDemo>>;
  beforeAll(async () => {
    for (const tabela of ['empresa', 'usuario', 'perfil', 'fatura_empresa', 'auditoria', 'cliente', 'cliente_consentimento', 'conta', 'lancamento', 'partida', 'transacao', 'regra_programa', 'cartao', 'cartao_impressao', 'cartao_numeracao', 'plano', 'cliente_plano']) {
      await t.banco.db.execute(sql.raw(`alter table ${tabela} disable row level security`));
    }
    antes = await fotografiaDaDemo();
  });

  it('a RLS está mesmo desligada: o papel da aplicação vê todas as empresas', async () => {
    const todas = await t.banco.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.empresa_id', '4', true)`);
      await tx.execute(sql`set local role bonifica_app`);
      return (await tx.execute(sql`select id from empresa`)) as unknown as { rows: unknown[] };
    });
    expect(todas.rows).toHaveLength(4);
  });

  it.each(CASOS_NOMEADOS)('%s, sem revelar nada', (_nome, caso) => conferirRecusa(caso));

  it('as listas continuam só com a própria empresa e as linhas da demo continuam intactas', async () => {
    const usuarios = env<Pagina<UsuarioResumo>>(await outra.post('/services/user/filterpaginated/0/100', {})).result;
    expect(usuarios.content.map((u) => u.username)).toEqual(['outra']);
    const perfis = env<Pagina<Perfil>>(await outra.post('/services/profile/filterpaginated/0/100', {})).result;
    expect(perfis.content.map((p) => p.id)).toEqual([3]);
    const clientes = env<Pagina<ClienteResumo>>(await outra.post('/services/client/filterpaginated/0/100', { busca: 'Maria' })).result;
    expect(clientes.totalElements).toBe(0);
    expect(env(await outra.get('/services/client/duplicados')).results).toEqual([]);
    // The demo has a rule change in its history (saved before the snapshots): outra's history stays empty.
    expect(env<Pagina<unknown>>(await gerente.post('/services/config/configuracaoprograma/historico/0/10', {})).result.totalElements).toBeGreaterThan(0);
    expect(env<Pagina<unknown>>(await outra.post('/services/config/configuracaoprograma/historico/0/10', {})).result.totalElements).toBe(0);
    expect(await fotografiaDaDemo()).toEqual(antes);
  });
});
