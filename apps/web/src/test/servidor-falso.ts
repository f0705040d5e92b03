import { vi } from 'vitest';
import type { Envelope, FaturamentoStatus, ItemMenu, UsuarioLogado } from '@bonifica/contracts';

export type RequisicaoFalsa = {
  metodo: string;
  /** Path without the /services/ prefix (e.g. "user/getUserInformations"); other paths as they are ("/login"). */
  caminho: string;
  url: URL;
  headers: Headers;
  corpo: string | null;
};

export type RespostaFalsa = { status?: number; corpo?: unknown; headers?: Record<string, string> };
export type Manipulador = (req: RequisicaoFalsa) => RespostaFalsa | Promise<RespostaFalsa>;
/** A plain value is the `result` of a successful envelope; a function answers the request itself. */
export type Rotas = Record<string, unknown>;

export function envelope<R>(result: R): Envelope<R> {
  return { hasError: false, messageError: null, result, results: null };
}

export function falha(status: number, mensagem: string): RespostaFalsa {
  return { status, corpo: { hasError: true, messageError: mensagem, result: null, results: null } };
}

/** Wraps a handler so `rotas` can tell it from a plain result value. */
export function responder(fn: Manipulador): { manipulador: Manipulador } {
  return { manipulador: fn };
}

export const usuarioGerente: UsuarioLogado = {
  id: 2,
  name: 'Mariana Souza Lima',
  username: 'gerente',
  email: 'mariana@exemplo.com.br',
  companyName: 'Supermercado Bom Preço do Bairro',
  empresaId: 7,
  matrizId: 7,
  perfil: 'Gerente',
  perfilId: 3,
  administradorFaturamento: true,
  permissions: ['ROLE_COMPANY', 'ROLE_USER_COMPANY_ADMIN', 'USUARIO_GERENCIAR', 'PERFIL_GERENCIAR'],
};

export const usuarioAdmin: UsuarioLogado = {
  id: 1,
  name: 'Carlos Administrador',
  username: 'admin',
  email: null,
  companyName: null,
  empresaId: null,
  matrizId: null,
  perfil: 'Administrador',
  perfilId: 1,
  administradorFaturamento: false,
  permissions: ['ROLE_ADMIN'],
};

export const menuPadrao: ItemMenu[] = [
  { titulo: 'Início', icone: 'home', state: '/app/pages/bemvindo', urlExterna: null, tipo: 'interno', navegadorExclusivo: false, subMenu: [] },
];

export const faturamentoSemBanner: FaturamentoStatus = {
  experimental: false,
  administrador: false,
  faturaAberta: false,
  valorFatura: null,
  vencimentoFatura: null,
  urlEscolhaPlano: null,
  urlFaturaAberta: null,
};

/** What a logged-in shell asks on start, answered for a company manager. */
export function rotasPadrao(usuario: UsuarioLogado | null = usuarioGerente): Rotas {
  return {
    'GET user/getUserInformations': usuario ?? responder(() => falha(401, 'Você não está autenticado!')),
    'GET config/nomesistema': 'Bonifica',
    'GET backoffice/menu': { menuList: menuPadrao },
    'GET servidorwhatsapp/tipo/contratado': 'COMPARTILHADO',
    'GET company/faturamento/status': faturamentoSemBanner,
    [`GET company/logoimagevo/${usuario?.empresaId ?? 0}`]: { url: null },
    'GET companyconfig/empresa': { contatoSuporteWhats: '11987654321' },
    'GET company/acesso/backoffice/admin': true,
  };
}

/**
 * Replaces fetch with an in-memory server speaking the envelope. Unknown calls answer 404 so a
 * test never depends on something it did not declare. Returns the spy to inspect calls.
 */
export function servidorFalso(rotas: Rotas) {
  const requisicoes: RequisicaoFalsa[] = [];
  const fetchFalso = vi.fn(async (entrada: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(entrada instanceof Request ? entrada.url : String(entrada), 'http://localhost');
    const metodo = (init?.method ?? 'GET').toUpperCase();
    const caminho = url.pathname.startsWith('/services/') ? url.pathname.slice('/services/'.length) : url.pathname;
    const req: RequisicaoFalsa = {
      metodo,
      caminho,
      url,
      headers: new Headers(init?.headers),
      corpo: typeof init?.body === 'string' ? init.body : null,
    };
    requisicoes.push(req);
    const definicao = rotas[`${metodo} ${caminho}`];
    let resposta: RespostaFalsa;
    if (definicao === undefined) resposta = falha(404, `Rota não simulada: ${metodo} ${caminho}`);
    else if (definicao && typeof definicao === 'object' && 'manipulador' in definicao)
      resposta = await (definicao as { manipulador: Manipulador }).manipulador(req);
    else resposta = { corpo: envelope(definicao) };
    return new Response(JSON.stringify(resposta.corpo ?? null), {
      status: resposta.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...resposta.headers },
    });
  });
  vi.stubGlobal('fetch', fetchFalso);
  return { fetch: fetchFalso, requisicoes, chamadas: (chave: string) => requisicoes.filter((r) => `${r.metodo} ${r.caminho}` === chave) };
}
