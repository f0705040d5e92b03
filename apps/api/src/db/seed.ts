import { and, count, eq, inArray } from 'drizzle-orm';
import { ORIGENS_CONSENTIMENTO, PERMISSOES, somenteDigitos, tipoDocumento } from '@bonifica/contracts';
import type { Db, Executor } from './client.js';
import { cliente, clienteConsentimento, configSistema, empresa, faturaEmpresa, perfil, regraPrograma, usuario } from './schema/index.js';
import { cancelarVenda, registrarVenda } from '../modules/transacao/venda.js';
import { criarContasPadrao } from '../modules/account/contas-padrao.js';
import { semearPlanos } from '../modules/plano/plano.seed.js';
import { semearCartoesDemo } from '../modules/card/seed-cartoes.js';
import { trocarLogoEmpresa } from '../modules/arquivo/index.js';
import { gerarHashSenha, type ParametrosArgon2 } from '../lib/senha.js';
import { clientesDemo, clientesOutra, type ClienteDemo } from './seed-clientes.js';

export const SENHA_DEMO = 'demo1234';

export const USUARIOS_DEMO = [
  { username: 'admin', papel: 'administrador do sistema (ROLE_ADMIN)' },
  { username: 'gerente', papel: 'gerente da matriz, administrador do faturamento (fatura em aberto)' },
  { username: 'atendente', papel: 'atendente de balcão numa filial (perfil restrito)' },
  { username: 'analista', papel: 'analista sem empresa' },
  { username: 'outra', papel: 'gerente de outra empresa (isolamento)' },
] as const;

const LOGO_DEMO = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#f59f00"/><text x="48" y="62" text-anchor="middle" font-family="Arial, sans-serif" font-size="40" font-weight="700" fill="#fff">BD</text></svg>`,
);

function diasAPartirDeHoje(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

/** Always present: the system's own profiles and name (migrations create tables; this fills reference rows). */
export async function garantirDadosBase(db: Db): Promise<void> {
  await db.insert(configSistema).values({ chave: 'nome_sistema', valor: 'Bonifica', publica: true }).onConflictDoNothing();
  const [n] = await db.select({ n: count() }).from(perfil);
  if ((n?.n ?? 0) > 0) return;
  await db.insert(perfil).values([
    { nome: 'Administrador do sistema', referencia: 'SISTEMA', permissoes: [PERMISSOES.admin], descricao: 'Opera o serviço para todas as empresas.' },
    { nome: 'Analista', referencia: 'SISTEMA', permissoes: [PERMISSOES.analista], descricao: 'Acompanha o serviço sem empresa vinculada.' },
    {
      nome: 'Gerente',
      referencia: 'EMPRESA',
      descricao: 'Dono ou gerente: acesso completo à empresa.',
      permissoes: [
        PERMISSOES.empresa,
        PERMISSOES.empresaAdmin,
        PERMISSOES.usuarios,
        PERMISSOES.perfis,
        PERMISSOES.relatorios,
        PERMISSOES.clientesConsultar,
        PERMISSOES.clientesGerenciar,
        PERMISSOES.terminal,
      ],
    },
  ]);
}

export async function bancoVazio(db: Db): Promise<boolean> {
  const [n] = await db.select({ n: count() }).from(empresa);
  return (n?.n ?? 0) === 0;
}

/** Customers and their consents in two batched inserts, so the seed stays fast. */
async function semearClientes(tx: Executor, empresaId: number, unidades: number[], lista: ClienteDemo[]) {
  const agora = Date.now();
  const linhas = lista.map((c) => ({
    empresaId,
    filialOrigemId: unidades[c.origem] ?? empresaId,
    nome: c.nome,
    documento: c.documento ?? null,
    tipoDocumento: tipoDocumento(c.documento),
    dataNascimento: c.nascimento ?? null,
    celular: c.celular ? somenteDigitos(c.celular) : null,
    celularWhatsapp: c.whatsapp ?? false,
    email: c.email ?? null,
    ...(c.endereco ?? {}),
    status: c.bloqueado ? ('BLOQUEADO' as const) : ('ATIVO' as const),
    observacoes: c.observacoes ?? null,
    criadoEm: new Date(agora - c.diasAtras * 86_400_000),
    atualizadoEm: new Date(agora - c.diasAtras * 86_400_000),
  }));
  const ids = await tx.insert(cliente).values(linhas).returning({ id: cliente.id });
  await criarContasPadrao(tx, empresaId, ids.map((i) => i.id));
  const consentimentos = lista.flatMap((c, i) =>
    (c.consentimentos ?? []).map((canal) => ({
      empresaId,
      clienteId: ids[i]!.id,
      canal,
      concedido: true,
      origem: ORIGENS_CONSENTIMENTO.backoffice,
      criadoEm: linhas[i]!.criadoEm,
    })),
  );
  if (consentimentos.length) await tx.insert(clienteConsentimento).values(consentimentos);
}

/** Customers of the demo with sales; the others stay without ledger history (tests rely on some of them). */
const CLIENTES_COM_VENDAS = [
  'Ana Beatriz Gonçalves',
  'João Pedro Araújo',
  'Márcia Helena Conceição',
  'Patrícia Lemos Ribeiro',
  'Camila Oliveira Rocha',
  'Maria José da Silva',
  'Thiago Mendonça Pires',
  'Letícia Albuquerque Santos',
];

/**
 * The demo's programme rule (5% cashback, 1 point per real, minimum R$ 10,00, at most R$ 50,00 per
 * sale) and ~40 sales over the last 60 days, posted through the same service as the API, so that
 * every balance comes from real postings. Two of them are cancelled (reversing postings).
 */
async function semearVendas(tx: Executor, empresaId: number, lojas: number[]) {
  await tx.insert(regraPrograma).values({ empresaId, cashbackPercentualBp: 500, pontosPorReal: 1, compraMinimaCentavos: 1_000, maximoCashbackPorVendaCentavos: 5_000 });
  const clientes = await tx
    .select({ id: cliente.id, nome: cliente.nome })
    .from(cliente)
    .where(and(eq(cliente.empresaId, empresaId), inArray(cliente.nome, CLIENTES_COM_VENDAS)));
  const usuarios = await tx.select({ id: usuario.id, username: usuario.username }).from(usuario).where(inArray(usuario.username, ['gerente', 'atendente']));
  const usuarioId = (i: number) => usuarios.find((u) => u.username === (i % 3 === 0 ? 'gerente' : 'atendente'))?.id ?? null;
  const ordenados = CLIENTES_COM_VENDAS.map((nome) => clientes.find((c) => c.nome === nome)!).filter(Boolean);
  const saldo = new Map<number, number>();
  const agora = Date.now();
  // Deterministic amounts (a small LCG), so the demo looks the same on every start.
  let semente = 20_240_601;
  const proximo = () => (semente = (semente * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const TOTAL = 40;
  for (let i = 0; i < TOTAL; i++) {
    const c = ordenados[i % ordenados.length]!;
    const criadoEm = new Date(agora - Math.round(((TOTAL - i) / TOTAL) * 60 * 86_400_000) + Math.round(proximo() * 3_600_000));
    const valorCentavos = 800 + Math.round(proximo() * 60_000);
    const disponivel = saldo.get(c.id) ?? 0;
    // Every fifth sale uses part of the customer's cashback as payment.
    const resgateCentavos = i % 5 === 4 ? Math.min(disponivel, Math.floor(valorCentavos / 2)) : 0;
    const v = await registrarVenda(tx, { empresaId, clienteId: c.id, filialId: lojas[i % lojas.length]!, valorCentavos, resgateCentavos, usuarioId: usuarioId(i), criadoEm });
    saldo.set(c.id, v.saldos.CASHBACK);
    if (i === 12 || i === 27) {
      const cancelada = await cancelarVenda(tx, {
        empresaId,
        transacaoId: v.transacaoId,
        usuarioId: usuarios.find((u) => u.username === 'gerente')?.id ?? null,
        motivo: 'Venda lançada em duplicidade no caixa.',
        canceladaEm: new Date(criadoEm.getTime() + 20 * 60_000),
      });
      saldo.set(c.id, cancelada.saldos.CASHBACK);
    }
  }
}

/** Demo network of issue 2 §2. Runs only on an empty database. */
export async function semearDemo(db: Db, opcoes: { publicUrl: string; argon2?: ParametrosArgon2 }): Promise<boolean> {
  await garantirDadosBase(db);
  if (!(await bancoVazio(db))) return false;
  await db.transaction(async (tx) => {
    const hash = () => gerarHashSenha(SENHA_DEMO, opcoes.argon2);
    const [matriz] = await tx
      .insert(empresa)
      .values({
        matrizId: 0,
        tipo: 'MATRIZ',
        nome: 'Bonifica Demo Comércio de Alimentos Ltda',
        nomeCurto: 'Supermercados Bonifica Demo Centro',
        cnpj: '11.222.333/0001-81',
        slug: 'bonifica-demo',
        tipoServidorWhats: 'DEDICADO',
        contatoSuporteWhats: '5511999990000',
      })
      .returning({ id: empresa.id });
    const matrizId = matriz!.id;
    // The demo logo is an SVG of ours: uploads refuse SVG (lib/imagem.ts), and the image routes serve any file sandboxed.
    await tx.update(empresa).set({ matrizId }).where(eq(empresa.id, matrizId));
    await trocarLogoEmpresa(tx, matrizId, matrizId, { nome: 'logo', tipo: 'image/svg+xml', dados: LOGO_DEMO, usuarioId: null });
    const filiais = await tx
      .insert(empresa)
      .values([
        { matrizId, tipo: 'FILIAL', nome: 'Bonifica Demo Filial Jardins', nomeCurto: 'Bonifica Jardins', slug: 'bonifica-demo-jardins' },
        { matrizId, tipo: 'FILIAL', nome: 'Bonifica Demo Filial Moema', nomeCurto: 'Bonifica Moema', slug: 'bonifica-demo-moema' },
      ])
      .returning({ id: empresa.id });
    const [outra] = await tx
      .insert(empresa)
      .values({ matrizId: 0, tipo: 'MATRIZ', nome: 'Padaria Pão Quente Ltda', nomeCurto: 'Padaria Pão Quente', slug: 'padaria-pao-quente', tipoServidorWhats: 'COMPARTILHADO', experimentalAte: diasAPartirDeHoje(10) })
      .returning({ id: empresa.id });
    await tx.update(empresa).set({ matrizId: outra!.id }).where(eq(empresa.id, outra!.id));

    await tx.insert(faturaEmpresa).values({
      empresaId: matrizId,
      valorCentavos: 34_990,
      vencimento: diasAPartirDeHoje(5),
      status: 'ABERTA',
      // The invoice page of the back office; online payment (boleto/PIX sandbox) comes with billing.
      urlPagamento: `${opcoes.publicUrl}/app/faturamento`,
    });

    const perfis = await tx.select({ id: perfil.id, nome: perfil.nome }).from(perfil);
    const idPerfil = (nome: string) => perfis.find((p) => p.nome === nome)!.id;
    const [atendente] = await tx
      .insert(perfil)
      .values({
        empresaId: matrizId,
        nome: 'Atendente de balcão',
        referencia: 'EMPRESA',
        descricao: 'Atende no balcão: terminal e consulta de clientes.',
        permissoes: [PERMISSOES.empresaUsuario, PERMISSOES.terminal, PERMISSOES.clientesConsultar],
      })
      .returning({ id: perfil.id });

    await tx.insert(usuario).values([
      { nome: 'Ana Administradora', username: 'admin', email: 'admin@bonifica.local', senhaHash: await hash(), perfilId: idPerfil('Administrador do sistema') },
      {
        nome: 'Gabriel Gerente Souza',
        username: 'gerente',
        email: 'gerente@bonifica-demo.local',
        senhaHash: await hash(),
        empresaId: matrizId,
        perfilId: idPerfil('Gerente'),
        administradorFaturamento: true,
      },
      { nome: 'Amanda Atendente', username: 'atendente', email: 'atendente@bonifica-demo.local', senhaHash: await hash(), empresaId: matrizId, filialId: filiais[0]!.id, perfilId: atendente!.id },
      { nome: 'Lucas Analista', username: 'analista', email: 'analista@bonifica.local', senhaHash: await hash(), perfilId: idPerfil('Analista') },
      { nome: 'Otávio Outra', username: 'outra', email: 'outra@paopquente.local', senhaHash: await hash(), empresaId: outra!.id, perfilId: idPerfil('Gerente'), administradorFaturamento: true },
    ]);

    await semearClientes(tx, matrizId, [matrizId, filiais[0]!.id, filiais[1]!.id], clientesDemo());
    await semearClientes(tx, outra!.id, [outra!.id], clientesOutra());
    await semearVendas(tx, matrizId, [matrizId, filiais[0]!.id, filiais[1]!.id]);
    await semearPlanos(tx, matrizId);
    const [gerenteDemo] = await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.username, 'gerente'));
    await semearCartoesDemo(tx, matrizId, gerenteDemo?.id ?? null);
  });
  return true;
}
