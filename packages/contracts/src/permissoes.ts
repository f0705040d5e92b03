/**
 * Permission strings. The ROLE_* names come from spec §6; the others are ours and
 * group what a profile may do. A check passes when the user holds ANY of those asked (spec §6).
 */
export const PERMISSOES = {
  admin: 'ROLE_ADMIN',
  empresa: 'ROLE_COMPANY',
  empresaAdmin: 'ROLE_USER_COMPANY_ADMIN',
  empresaUsuario: 'ROLE_USER_COMPANY',
  analista: 'ROLE_ANALISTA',
  usuarios: 'USUARIO_GERENCIAR',
  perfis: 'PERFIL_GERENCIAR',
  terminal: 'TERMINAL_USAR',
  clientesConsultar: 'CLIENTE_CONSULTAR',
  clientesGerenciar: 'CLIENTE_GERENCIAR',
  cartoesGerenciar: 'CARTAO_GERENCIAR',
  relatorios: 'RELATORIO_VER',
} as const;

export type Permissao = (typeof PERMISSOES)[keyof typeof PERMISSOES];

export const TODAS_PERMISSOES: readonly Permissao[] = Object.values(PERMISSOES);

export const ROTULOS_PERMISSAO: Record<Permissao, string> = {
  ROLE_ADMIN: 'Administrador do sistema',
  ROLE_COMPANY: 'Empresa (gestão)',
  ROLE_USER_COMPANY_ADMIN: 'Administrador da empresa',
  ROLE_USER_COMPANY: 'Usuário da empresa',
  ROLE_ANALISTA: 'Analista',
  USUARIO_GERENCIAR: 'Gerenciar usuários',
  PERFIL_GERENCIAR: 'Gerenciar perfis',
  TERMINAL_USAR: 'Usar o terminal de atendimento',
  CLIENTE_CONSULTAR: 'Consultar clientes',
  CLIENTE_GERENCIAR: 'Gerenciar clientes',
  CARTAO_GERENCIAR: 'Gerenciar cartões (emitir, imprimir, bloquear)',
  RELATORIO_VER: 'Ver relatórios',
};

const GESTAO_DA_EMPRESA: readonly Permissao[] = [
  PERMISSOES.empresaUsuario,
  PERMISSOES.terminal,
  PERMISSOES.clientesConsultar,
  PERMISSOES.clientesGerenciar,
  PERMISSOES.cartoesGerenciar,
  PERMISSOES.relatorios,
];

/**
 * What a permission already lets its holder do in terms of the others, read off the PODE_* lists
 * below (ROLE_COMPANY opens every management screen but users and profiles; the company
 * administrator opens those too). Whoever holds one may grant what it implies (docs/decisions/019).
 */
export const PERMISSOES_IMPLICITAS: Partial<Record<Permissao, readonly Permissao[]>> = {
  ROLE_USER_COMPANY_ADMIN: [PERMISSOES.empresa, PERMISSOES.usuarios, PERMISSOES.perfis, ...GESTAO_DA_EMPRESA],
  ROLE_COMPANY: GESTAO_DA_EMPRESA,
  CLIENTE_GERENCIAR: [PERMISSOES.clientesConsultar],
};

/** The permissions held, with what they imply (the table above is already closed under implication). */
export function permissoesEfetivas(permissoes: readonly string[]): Set<string> {
  const efetivas = new Set(permissoes);
  for (const p of permissoes) for (const q of PERMISSOES_IMPLICITAS[p as Permissao] ?? []) efetivas.add(q);
  return efetivas;
}

/** Any-of check of spec §6; an empty or missing list is open to any logged-in user. */
export function possuiAlguma(permissoesUsuario: readonly string[] | null | undefined, exigidas?: readonly string[]): boolean {
  if (!exigidas || exigidas.length === 0) return true;
  if (!permissoesUsuario) return false;
  return exigidas.some((p) => permissoesUsuario.includes(p));
}

/** Who may administer users and profiles of a company. */
export const PODE_ADMINISTRAR_USUARIOS: readonly Permissao[] = [
  PERMISSOES.admin,
  PERMISSOES.empresaAdmin,
  PERMISSOES.usuarios,
];
export const PODE_ADMINISTRAR_PERFIS: readonly Permissao[] = [PERMISSOES.admin, PERMISSOES.empresaAdmin, PERMISSOES.perfis];
export const PODE_VER_SERVIDOR_WHATS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/** Customers: who may register, edit and block them. */
export const PODE_GERENCIAR_CLIENTES: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.clientesGerenciar];
/** Customers: who may look them up (the counter attendant too). */
export const PODE_CONSULTAR_CLIENTES: readonly Permissao[] = [...PODE_GERENCIAR_CLIENTES, PERMISSOES.clientesConsultar];
/** LGPD anonymisation is irreversible: only the company's management. */
export const PODE_ANONIMIZAR_CLIENTES: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/** Cards: who issues, prints, replaces and blocks them (docs/areas/cartoes.md). */
export const PODE_GERENCIAR_CARTOES: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.cartoesGerenciar];
/** Cards: who looks them up and links one to a customer at the counter. */
export const PODE_CONSULTAR_CARTOES: readonly Permissao[] = [...PODE_GERENCIAR_CARTOES, PERMISSOES.clientesConsultar, PERMISSOES.terminal];

/** Dashboard: the company's management and whoever may see reports (never the counter attendant). */
export const PODE_VER_DASHBOARD: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.relatorios];

// Permissions of the screens of the programme. Kept here, not beside each screen's schemas: the
// route table of the first load needs them, and importing one constant of a contracts module brings
// all of that module's zod schemas into the login page's JavaScript (bench/tamanho-login.mjs).
/** Who configures default accounts and unifies customers: the company's management only. */
export const PODE_GERENCIAR_CONTAS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
/** Rankings and the blocked-accounts list: management and whoever holds the reports permission. */
export const PODE_VER_RELATORIOS_CONTAS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.relatorios];
/** Blocking or unblocking an account stops or frees a customer's money: management only. */
export const PODE_BLOQUEAR_CONTAS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
/** Importing writes customers and balances in bulk: the company's management only. */
export const PODE_IMPORTAR: readonly Permissao[] = PODE_GERENCIAR_CLIENTES;
/** Plans are sold and cancelled by the company's management (the counter attendant is refused). */
export const PODE_GERENCIAR_PLANOS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
/** The sales screens, the receipt reprint and the totals report: management and the reports permission. */
export const PODE_VER_VENDAS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.relatorios];
/** Cancelling and correcting duplicates give money back or take it away: management only. */
export const PODE_CANCELAR_VENDAS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
/** Who posts sales at the counter (and reprints their receipts there). */
export const PODE_VENDER: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.terminal];
/** Who may take the customer base out of the system: management and report viewers, never the counter. */
export const PODE_EXPORTAR_CLIENTES: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.clientesGerenciar, PERMISSOES.relatorios];
/** Message templates and automatic messages (issue 14 §3): they write to customers in the company's name, management only. */
export const PODE_GERENCIAR_MENSAGENS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
/** Prize catalogue (docs/areas/premios.md): the management keeps it; the counter redeems and hands prizes over. */
export const PODE_GERENCIAR_PREMIOS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
export const PODE_RESGATAR_PREMIOS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.terminal];
/** Prize draws (docs/areas/sorteios.md): the management only — the counter takes no part in the draw admin. */
export const PODE_GERENCIAR_SORTEIOS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
/** Coupons (docs/areas/cupons.md): the management creates, generates and sends them; the counter applies them to sales. */
export const PODE_GERENCIAR_CUPONS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
export const PODE_APLICAR_CUPONS: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.terminal];
/** Gift cards (issue 15 §4): the counter sells, takes as payment and checks the balance; the management also lists, cancels and reports. */
export const PODE_VENDER_VALE_PRESENTE: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin, PERMISSOES.terminal];
export const PODE_GERENCIAR_VALE_PRESENTE: readonly Permissao[] = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];
