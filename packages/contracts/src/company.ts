/** Company (spec §3): id and shortName, plus what the screens show. */
export type Empresa = {
  id: number;
  shortName: string;
  nome: string;
  cnpj: string | null;
  tipo: 'MATRIZ' | 'FILIAL';
  matrizId: number;
  fusoHorario: FusoHorario;
  ativa: boolean;
};

export type LogoEmpresa = { url: string | null };

/** GET company/faturamento/status — fields of spec §3, verbatim. */
export type FaturamentoStatus = {
  experimental: boolean;
  administrador: boolean;
  faturaAberta: boolean;
  valorFatura: number | null;
  vencimentoFatura: string | null;
  urlEscolhaPlano: string | null;
  urlFaturaAberta: string | null;
};

export const FUSOS_HORARIOS = ['UTC_3_BRASIL', 'UTC_4_BRASIL', 'UTC_5_BRASIL'] as const;
export type FusoHorario = (typeof FUSOS_HORARIOS)[number];

export const TIPOS_SERVIDOR_WHATS = ['DEDICADO', 'COMPARTILHADO', 'NENHUM'] as const;
export type TipoServidorWhats = (typeof TIPOS_SERVIDOR_WHATS)[number];

export type ConfiguracaoEmpresa = {
  empresaId: number;
  fusoHorario: FusoHorario;
  tipoServidorWhats: TipoServidorWhats;
  contatoSuporteWhats: string | null;
  urlCompartilhamento: string;
};

export type ConfiguracaoSistema = { chave: string; valor: string };
