import { z } from 'zod';

/**
 * The outbox screen (Mensagens › Caixa de saída) and the pacing form of the WhatsApp page
 * (docs/areas/mensageria.md "Caixa de saída: a tela" and "Ritmo editável"; decision 035). The spec
 * gives neither path: they are ours.
 */

export const STATUS_MENSAGEM = ['FILA', 'ENVIANDO', 'ENVIADA', 'ENTREGUE', 'LIDA', 'FALHOU', 'CANCELADA', 'REVISAR'] as const;
export type StatusMensagemSaida = (typeof STATUS_MENSAGEM)[number];

/** Where a message came from (`mensagem_saida.origem`); the screen names them. */
export const ORIGENS_MENSAGEM = ['CAMPANHA', 'AUTOMATICA', 'TESTE', 'OPTOUT'] as const;
export type OrigemMensagem = (typeof ORIGENS_MENSAGEM)[number];

export const CAMPOS_ORDENACAO_SAIDA = ['criadoEm', 'enviadaEm', 'status', 'clienteNome'] as const;
export type CampoOrdenacaoSaida = (typeof CAMPOS_ORDENACAO_SAIDA)[number];

/** A real calendar day: "2026-02-31" is refused here, not by the database. */
const dia = (rotulo: string) =>
  z
    .string({ message: `${rotulo} inválida: use AAAA-MM-DD.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${rotulo} inválida: use AAAA-MM-DD.`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${rotulo} inválida: use AAAA-MM-DD.`);

const idPositivo = (mensagem: string) => z.number({ message: mensagem }).int(mensagem).positive(mensagem).max(Number.MAX_SAFE_INTEGER, mensagem);

/** POST mensagem/saida/filterpaginated/{page}/{size}. */
export const filtroCaixaSaidaSchema = z
  .object({
    /** Customer name, or digits of the number it went to. */
    busca: z.string({ message: 'Busca inválida.' }).trim().max(120, 'Busca longa demais.').optional(),
    status: z.enum(STATUS_MENSAGEM, { message: 'Situação inválida.' }).optional(),
    origem: z.enum(ORIGENS_MENSAGEM, { message: 'Origem inválida.' }).optional(),
    loteId: idPositivo('Lote inválido.').optional(),
    /** Days in the company's time zone, on when the message was queued. */
    de: dia('Data inicial').optional(),
    ate: dia('Data final').optional(),
    ordenarPor: z.enum(CAMPOS_ORDENACAO_SAIDA, { message: 'Ordenação inválida.' }).optional(),
    direcao: z.enum(['asc', 'desc'], { message: 'Direção inválida: use asc ou desc.' }).optional(),
  })
  .strict()
  .refine((f) => !f.de || !f.ate || f.de <= f.ate, { message: 'A data inicial deve ser anterior à final.', path: ['ate'] });
export type FiltroCaixaSaida = z.infer<typeof filtroCaixaSaidaSchema>;

/** One row of the outbox screen. */
export type MensagemCaixa = {
  id: number;
  canal: 'WHATSAPP' | 'EMAIL';
  clienteId: number | null;
  clienteNome: string | null;
  para: string;
  texto: string;
  origem: string;
  loteId: number | null;
  loteNome: string | null;
  marketing: boolean;
  status: StatusMensagemSaida;
  tentativas: number;
  erro: string | null;
  criadoEm: string;
  enviandoEm: string | null;
  enviadaEm: string | null;
  entregueEm: string | null;
  lidaEm: string | null;
  /** A person's decision on a REVISAR message: what, who and when. */
  revisao: ResolucaoRevisar | null;
  revisadaPor: string | null;
  revisadaEm: string | null;
};

/** GET mensagem/saida/resumo: how many wait for a decision, and the batches to filter by. */
export type ResumoCaixaSaida = {
  revisar: number;
  lotes: { id: number; nome: string; criadoEm: string; revisar: number }[];
};

/**
 * What a person decides about a message whose fate is unknown (REVISAR):
 * - REENVIAR: back to the queue (FILA) — the customer may get it twice;
 * - DAR_COMO_ENVIADA: the person checked it arrived — ENVIADA (counts as sent);
 * - DESCARTAR: it is not sent — CANCELADA.
 */
export const RESOLUCOES_REVISAR = ['REENVIAR', 'DAR_COMO_ENVIADA', 'DESCARTAR'] as const;
export type ResolucaoRevisar = (typeof RESOLUCOES_REVISAR)[number];
export const STATUS_DA_RESOLUCAO: Record<ResolucaoRevisar, StatusMensagemSaida> = { REENVIAR: 'FILA', DAR_COMO_ENVIADA: 'ENVIADA', DESCARTAR: 'CANCELADA' };
export const MAX_RESOLVER_DE_UMA_VEZ = 500;

/** POST mensagem/saida/resolver. */
export const resolverRevisarSchema = z
  .object({
    ids: z
      .array(idPositivo('Mensagem inválida.'), { message: 'Escolha as mensagens.' })
      .min(1, 'Escolha ao menos uma mensagem.')
      .max(MAX_RESOLVER_DE_UMA_VEZ, `Escolha no máximo ${MAX_RESOLVER_DE_UMA_VEZ} mensagens de uma vez.`),
    acao: z.enum(RESOLUCOES_REVISAR, { message: 'Ação inválida: use REENVIAR, DAR_COMO_ENVIADA ou DESCARTAR.' }),
  })
  .strict();
export type ResolverRevisar = z.infer<typeof resolverRevisarSchema>;

/** What changed; `ignoradas` were no longer in REVISAR (someone decided first) or their batch was cancelled. */
export type ResultadoResolver = { alteradas: number; ignoradas: number };

// ---------------------------------------------------------------- pacing of an instance

/** Safe bounds of the pacing form, checked by the server. */
export const LIMITES_RITMO = { porMinutoMin: 1, porMinutoMax: 60, porDiaMin: 1, porDiaMax: 5000 } as const;

const hhmm = (rotulo: 'Início' | 'Fim') =>
  z
    .string({ message: `${rotulo} do silêncio inválido: use HH:MM, de 00:00 a 23:59.` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${rotulo} do silêncio inválido: use HH:MM, de 00:00 a 23:59.`);

/** POST servidorwhatsapp/ritmo/{id}. `null` = back to the documented default. */
export const ritmoSaveSchema = z
  .object({
    porMinuto: z
      .number({ message: 'Informe quantas mensagens por minuto.' })
      .int('Mensagens por minuto: use um número inteiro.')
      .min(LIMITES_RITMO.porMinutoMin, `Mensagens por minuto: no mínimo ${LIMITES_RITMO.porMinutoMin}.`)
      .max(LIMITES_RITMO.porMinutoMax, `Mensagens por minuto: no máximo ${LIMITES_RITMO.porMinutoMax}, para o número não ser bloqueado.`)
      .nullable(),
    porDia: z
      .number({ message: 'Informe quantas mensagens por dia.' })
      .int('Mensagens por dia: use um número inteiro.')
      .min(LIMITES_RITMO.porDiaMin, `Mensagens por dia: no mínimo ${LIMITES_RITMO.porDiaMin}.`)
      .max(LIMITES_RITMO.porDiaMax, `Mensagens por dia: no máximo ${LIMITES_RITMO.porDiaMax.toLocaleString('pt-BR')}, para o número não ser bloqueado.`)
      .nullable(),
    silencioInicio: hhmm('Início').nullable(),
    silencioFim: hhmm('Fim').nullable(),
  })
  .strict()
  .refine((r) => (r.silencioInicio === null) === (r.silencioFim === null), {
    message: 'Informe o início e o fim do silêncio, ou deixe os dois em branco para usar o padrão.',
    path: ['silencioFim'],
  });
export type RitmoSave = z.infer<typeof ritmoSaveSchema>;

/** GET servidorwhatsapp/ritmo/{id}: the settings and what they mean today. */
export type RitmoInstancia = {
  instanciaId: number;
  /** What is saved (null = default). */
  salvo: RitmoSave;
  /** What is in force (saved or default). */
  vigente: { porMinuto: number; porDia: number; silencioInicio: string; silencioFim: string };
  padrao: { porMinuto: number; porDia: number; silencioInicio: string; silencioFim: string };
  podeEditar: boolean;
  hoje: {
    /** Today's cap: the daily limit or the warm-up allowance, whichever is lower. */
    limiteDoDia: number;
    /** Day of the warm-up (0 = pairing day); null once warmed up (30 days). */
    diaDoAquecimento: number | null;
    enviadosHoje: number;
    emSilencio: boolean;
    /** When quiet hours end, if in them now. */
    fimDoSilencio: string | null;
    /** The earliest the instance may send again (pacing, quiet hours, today's cap). */
    proximaVaga: string;
    fuso: string;
  };
};

/**
 * POST servidorwhatsapp/sandbox/queda/{id} (sandbox servers only): a send interrupted by a crash —
 * the message committed as ENVIANDO and the worker died before the gateway heard of it — then the
 * reconciliation, which finds the gateway does not know it: REVISAR. How the outbox screen is tried offline.
 */
export const sandboxQuedaSchema = z
  .object({
    para: z
      .string({ message: 'Informe o celular com DDD.' })
      .transform((v) => v.replace(/\D/g, ''))
      .refine((d) => d.length === 10 || d.length === 11, 'Celular inválido: informe DDD e número.'),
    texto: z.string({ message: 'Informe o texto.' }).trim().min(1, 'Informe o texto.').max(1000, 'Texto longo demais.'),
  })
  .strict();

/** How the screens name a message's status and origin. */
export const ROTULO_STATUS_MENSAGEM: Record<StatusMensagemSaida, string> = {
  FILA: 'Na fila',
  ENVIANDO: 'Enviando',
  ENVIADA: 'Enviada',
  ENTREGUE: 'Entregue',
  LIDA: 'Lida',
  FALHOU: 'Falhou',
  CANCELADA: 'Cancelada',
  REVISAR: 'Em revisão',
};
export const ROTULO_ORIGEM_MENSAGEM: Record<OrigemMensagem, string> = {
  CAMPANHA: 'Campanha',
  AUTOMATICA: 'Mensagem automática',
  TESTE: 'Teste',
  OPTOUT: 'Confirmação de saída',
};
export const ROTULO_RESOLUCAO: Record<ResolucaoRevisar, string> = {
  REENVIAR: 'Reenviada',
  DAR_COMO_ENVIADA: 'Dada como enviada',
  DESCARTAR: 'Descartada',
};
