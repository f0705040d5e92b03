import {
  PERMISSOES,
  PODE_ADMINISTRAR_PERFIS,
  PODE_ADMINISTRAR_USUARIOS,
  PODE_CONSULTAR_CARTOES,
  PODE_CONSULTAR_CLIENTES,
  PODE_IMPORTAR,
  PODE_GERENCIAR_CARTOES,
  PODE_GERENCIAR_CONTAS,
  PODE_GERENCIAR_MENSAGENS,
  PODE_VER_DASHBOARD,
  PODE_GERENCIAR_PLANOS,
  PODE_GERENCIAR_PREMIOS,
  PODE_GERENCIAR_SORTEIOS,
  PODE_GERENCIAR_CUPONS,
  PODE_GERENCIAR_VALE_PRESENTE,
  PODE_VENDER_VALE_PRESENTE,
  PODE_RESGATAR_PREMIOS,
  PODE_VER_RELATORIOS_CONTAS,
  PODE_VER_SERVIDOR_WHATS,
  PODE_CANCELAR_VENDAS,
  PODE_VER_VENDAS,
  possuiAlguma,
  type ItemMenu,
} from '@bonifica/contracts';

/** A menu entry as defined here: the wire fields plus who may see it (never sent). */
type Definicao = Omit<ItemMenu, 'subMenu' | 'urlExterna' | 'navegadorExclusivo' | 'state'> & {
  state?: string;
  urlExterna?: string;
  navegadorExclusivo?: boolean;
  permissoes?: readonly string[];
  subMenu?: Definicao[];
};

const ADMIN = [PERMISSOES.admin];
const GESTAO = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

/**
 * The side menu (spec §2). Served by the server so that each user gets only what their
 * permissions open; new areas add their entries here as their issues land.
 */
export const MENU: Definicao[] = [
  { titulo: 'Início', icone: 'home', tipo: 'interno', state: '/app/pages/bemvindo' },
  { titulo: 'Dashboard', icone: 'dashboard', tipo: 'interno', state: '/app/dashboard', permissoes: PODE_VER_DASHBOARD },
  // Groups follow the areas of the URLs (spec §2), so the menu and the breadcrumbs say the same.
  {
    titulo: 'Cadastros',
    icone: 'users',
    tipo: 'sub',
    permissoes: [...PODE_CONSULTAR_CLIENTES, ...PODE_GERENCIAR_PLANOS, ...PODE_GERENCIAR_CONTAS, ...PODE_ADMINISTRAR_USUARIOS, ...PODE_ADMINISTRAR_PERFIS],
    subMenu: [
      { titulo: 'Clientes', icone: 'contacts', tipo: 'interno', state: '/app/cadastros/clientes', permissoes: PODE_CONSULTAR_CLIENTES },
      { titulo: 'Aniversariantes', icone: 'cake', tipo: 'interno', state: '/app/cadastros/aniversariantes', permissoes: PODE_CONSULTAR_CLIENTES },
      // Contracted plans (docs/areas/planos.md).
      { titulo: 'Planos dos clientes', icone: 'star', tipo: 'interno', state: '/app/cadastros/planos-clientes', permissoes: PODE_GERENCIAR_PLANOS },
      { titulo: 'Catálogo de planos', icone: 'list', tipo: 'interno', state: '/app/cadastros/planos', permissoes: PODE_GERENCIAR_PLANOS },
      // Default accounts and unification (docs/areas/razao.md): management only.
      { titulo: 'Contas padrão', icone: 'wallet', tipo: 'interno', state: '/app/cadastros/contas-padrao', permissoes: PODE_GERENCIAR_CONTAS },
      { titulo: 'Unificação de contas', icone: 'users', tipo: 'interno', state: '/app/cadastros/unificacao-contas', permissoes: PODE_GERENCIAR_CONTAS },
      { titulo: 'Usuários', icone: 'user', tipo: 'interno', state: '/app/cadastros/usuarios', permissoes: PODE_ADMINISTRAR_USUARIOS },
      { titulo: 'Perfis de acesso', icone: 'shield', tipo: 'interno', state: '/app/cadastros/perfis', permissoes: PODE_ADMINISTRAR_PERFIS },
    ],
  },
  // Company administration (spec §2 `empresa` area): the programme's rules (docs/areas/programa.md),
  // branches, accredited network and counter devices (docs/areas/filiais.md) and the API tokens for
  // tills and ERPs (docs/areas/integracao.md).
  {
    titulo: 'Empresa',
    icone: 'building',
    tipo: 'sub',
    permissoes: GESTAO,
    subMenu: [
      { titulo: 'Programa de fidelidade', icone: 'gift', tipo: 'interno', state: '/app/empresa/programa', permissoes: PODE_GERENCIAR_CONTAS },
      { titulo: 'Filiais', icone: 'building', tipo: 'interno', state: '/app/empresa/filiais', permissoes: GESTAO },
      { titulo: 'Rede credenciada', icone: 'store', tipo: 'interno', state: '/app/empresa/rede-credenciada', permissoes: GESTAO },
      { titulo: 'Dispositivos', icone: 'desktop', tipo: 'interno', state: '/app/empresa/dispositivos', permissoes: GESTAO },
      { titulo: 'API / integrações', icone: 'key', tipo: 'interno', state: '/app/empresa/api', permissoes: GESTAO },
    ],
  },
  {
    titulo: 'Cartões',
    icone: 'credit-card',
    tipo: 'sub',
    permissoes: PODE_CONSULTAR_CARTOES,
    subMenu: [
      { titulo: 'Cartões', icone: 'credit-card', tipo: 'interno', state: '/app/cartoes/lista', permissoes: PODE_CONSULTAR_CARTOES },
      { titulo: 'Fila de impressão', icone: 'printer', tipo: 'interno', state: '/app/cartoes/fila', permissoes: PODE_GERENCIAR_CARTOES },
      { titulo: 'Uso dos cartões', icone: 'report', tipo: 'interno', state: '/app/cartoes/uso', permissoes: PODE_GERENCIAR_CARTOES },
      // Gift cards (docs/areas/vale-presente.md): the counter sells and checks balances; the management lists and cancels.
      { titulo: 'Vender vale-presente', icone: 'gift', tipo: 'interno', state: '/app/cartoes/vale-presente/vender', permissoes: PODE_VENDER_VALE_PRESENTE },
      { titulo: 'Saldo do vale-presente', icone: 'search', tipo: 'interno', state: '/app/cartoes/vale-presente/saldo', permissoes: PODE_VENDER_VALE_PRESENTE },
      { titulo: 'Vales-presente', icone: 'list', tipo: 'interno', state: '/app/cartoes/vales-presente', permissoes: PODE_GERENCIAR_VALE_PRESENTE },
    ],
  },
  {
    titulo: 'Importação',
    icone: 'importacao',
    tipo: 'sub',
    permissoes: PODE_IMPORTAR,
    subMenu: [
      { titulo: 'Importar clientes', icone: 'users', tipo: 'interno', state: '/app/importacao/clientes' },
      { titulo: 'Importar contatos', icone: 'contacts', tipo: 'interno', state: '/app/importacao/contatos' },
    ],
  },
  {
    titulo: 'Relatórios',
    icone: 'report',
    tipo: 'sub',
    permissoes: PODE_VER_RELATORIOS_CONTAS,
    subMenu: [
      { titulo: 'Ranking de clientes', icone: 'trophy', tipo: 'interno', state: '/app/relatorio/ranking' },
      { titulo: 'Contas bloqueadas', icone: 'lock', tipo: 'interno', state: '/app/relatorio/contas-bloqueadas' },
    ],
  },
  // Sales: list with reprint and cancel, totals report, duplicates (docs/areas/vendas.md).
  {
    titulo: 'Transações',
    icone: 'receipt',
    tipo: 'sub',
    permissoes: PODE_VER_VENDAS,
    subMenu: [
      { titulo: 'Vendas', icone: 'receipt', tipo: 'interno', state: '/app/transacoes/vendas', permissoes: PODE_VER_VENDAS },
      { titulo: 'Totalizador', icone: 'report', tipo: 'interno', state: '/app/transacoes/totalizador', permissoes: PODE_VER_VENDAS },
      { titulo: 'Vendas duplicadas', icone: 'list', tipo: 'interno', state: '/app/transacoes/duplicadas', permissoes: PODE_CANCELAR_VENDAS },
    ],
  },
  // Messages (spec §2 "messages: automatic, template"; docs/areas/mensageria.md).
  {
    titulo: 'Mensagens',
    icone: 'message',
    tipo: 'sub',
    permissoes: PODE_GERENCIAR_MENSAGENS,
    subMenu: [
      { titulo: 'Mensagens automáticas', icone: 'message', tipo: 'interno', state: '/app/mensagens/automatica' },
      { titulo: 'Modelos de mensagem', icone: 'file', tipo: 'interno', state: '/app/mensagens/modelo' },
      { titulo: 'Caixa de saída', icone: 'list', tipo: 'interno', state: '/app/mensagens/saida' },
    ],
  },
  // Marketing (issue 14, docs/areas/publicos.md, mensageria.md "Campanhas"): campaigns, audiences and the audience block list.
  {
    titulo: 'Marketing',
    icone: 'marketing',
    tipo: 'sub',
    permissoes: GESTAO,
    subMenu: [
      { titulo: 'Campanhas', icone: 'marketing', tipo: 'interno', state: '/app/marketing/campanhas' },
      { titulo: 'Públicos', icone: 'users', tipo: 'interno', state: '/app/marketing/publicos' },
      { titulo: 'Bloqueio de público', icone: 'lock', tipo: 'interno', state: '/app/marketing/bloqueio-publico' },
    ],
  },
  // Prizes (spec §2 area `premios`; docs/areas/premios.md): the counter redeems and hands over, the management keeps the catalogue.
  {
    titulo: 'Prêmios',
    icone: 'gift',
    tipo: 'sub',
    permissoes: PODE_RESGATAR_PREMIOS,
    subMenu: [
      { titulo: 'Catálogo', icone: 'gift', tipo: 'interno', state: '/app/premios/catalogo', permissoes: PODE_GERENCIAR_PREMIOS },
      { titulo: 'Resgates', icone: 'receipt', tipo: 'interno', state: '/app/premios/resgates', permissoes: PODE_RESGATAR_PREMIOS },
    ],
  },
  // Prize draws (spec §2 area `sorteio`; docs/areas/sorteios.md): management only.
  {
    titulo: 'Sorteios',
    icone: 'ticket',
    tipo: 'sub',
    permissoes: PODE_GERENCIAR_SORTEIOS,
    subMenu: [
      { titulo: 'Sorteios', icone: 'ticket', tipo: 'interno', state: '/app/sorteio/sorteios' },
      { titulo: 'Rede', icone: 'network', tipo: 'interno', state: '/app/sorteio/rede' },
      { titulo: 'Ganhadores', icone: 'trophy', tipo: 'interno', state: '/app/sorteio/ganhadores' },
    ],
  },
  // Coupons (spec §2 area `cupom`; docs/areas/cupons.md): the management's screens; the counter applies codes in the sale itself.
  {
    titulo: 'Cupons',
    icone: 'cupom',
    tipo: 'sub',
    permissoes: PODE_GERENCIAR_CUPONS,
    subMenu: [
      { titulo: 'Impressos', icone: 'file', tipo: 'interno', state: '/app/cupom/impressos' },
      { titulo: 'Online', icone: 'link', tipo: 'interno', state: '/app/cupom/online' },
      { titulo: 'Lotes', icone: 'list', tipo: 'interno', state: '/app/cupom/lotes' },
      { titulo: 'Cupons usados', icone: 'receipt', tipo: 'interno', state: '/app/cupom/resgatados' },
    ],
  },
  { titulo: 'Servidor WhatsApp', icone: 'whatsapp', tipo: 'interno', state: '/app/servidor/whats', permissoes: PODE_VER_SERVIDOR_WHATS },
  {
    titulo: 'Sistema',
    icone: 'settings',
    tipo: 'sub',
    permissoes: ADMIN,
    subMenu: [
      { titulo: 'Empresas', icone: 'building', tipo: 'interno', state: '/app/sistema/empresas' },
      { titulo: 'Manutenção', icone: 'tool', tipo: 'interno', state: '/app/sistema/manutencao' },
      { titulo: 'Tarefas', icone: 'list', tipo: 'interno', state: '/app/sistema/tarefa' },
      { titulo: 'White label', icone: 'palette', tipo: 'interno', state: '/app/sistema/white-label' },
      { titulo: 'Servidores', icone: 'server', tipo: 'interno', state: '/app/sistema/servidores' },
      { titulo: 'Transferência de servidor', icone: 'transfer', tipo: 'interno', state: '/app/sistema/transferencia-servidor' },
      { titulo: 'Configurações', icone: 'adjustments', tipo: 'interno', state: '/app/sistema/configuracoes' },
      { titulo: 'Monitoramento WhatsApp', icone: 'activity', tipo: 'interno', state: '/app/sistema/monitoramento' },
      { titulo: 'Caixa de saída de e-mails', icone: 'mail', tipo: 'interno', state: '/app/sistema/emails' },
    ],
  },
  {
    titulo: 'Ajuda',
    icone: 'help',
    tipo: 'sub',
    subMenu: [
      { titulo: 'Central de ajuda', icone: 'external', tipo: 'externo', urlExterna: 'https://ajuda.bonifica.com.br' },
      { titulo: 'Treinamentos em vídeo', icone: 'video', tipo: 'externo', urlExterna: 'https://treinamento.bonifica.com.br', navegadorExclusivo: true },
      { titulo: 'Termos de uso', icone: 'file', tipo: 'interno', state: '/paginas/termos-de-uso' },
    ],
  },
];

export function menuDoUsuario(permissoes: readonly string[], definicoes: Definicao[] = MENU): ItemMenu[] {
  const itens: ItemMenu[] = [];
  for (const d of definicoes) {
    if (!possuiAlguma(permissoes, d.permissoes)) continue;
    const subMenu = d.subMenu ? menuDoUsuario(permissoes, d.subMenu) : [];
    if (d.tipo === 'sub' && subMenu.length === 0) continue;
    itens.push({
      titulo: d.titulo,
      icone: d.icone,
      state: d.state ?? null,
      urlExterna: d.urlExterna ?? null,
      tipo: d.tipo,
      navegadorExclusivo: d.navegadorExclusivo ?? false,
      subMenu,
    });
  }
  return itens;
}
