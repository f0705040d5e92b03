import { z } from 'zod';

/**
 * Message templates and automatic messages (issue 14 §3; docs/areas/mensageria.md "Modelos e
 * mensagens automáticas"). The variables a template may carry, what each becomes, and the wire
 * schemas of `mensagem/modelo/*`, `mensagem/automatica/*` and `filtrar/msgautomatica/{p}/{s}`.
 */

export const CANAIS_MENSAGEM = ['WHATSAPP', 'EMAIL'] as const;
export type CanalMensagem = (typeof CANAIS_MENSAGEM)[number];

export type VariavelModelo = { nome: string; descricao: string; exemplo: string };

/** Every variable a template may use, with what it becomes (money in R$ pt-BR, dates DD/MM/AAAA in the company's zone). */
export const VARIAVEIS_MODELO = [
  { nome: 'nome', descricao: 'Nome completo do cliente', exemplo: 'Maria da Silva' },
  { nome: 'primeiro_nome', descricao: 'Primeiro nome do cliente', exemplo: 'Maria' },
  { nome: 'saldo_cashback', descricao: 'Saldo de cashback do cliente, em reais', exemplo: 'R$ 1.234,56' },
  { nome: 'pontos', descricao: 'Saldo de pontos do cliente', exemplo: '1.250' },
  { nome: 'vencimento', descricao: 'Data do próximo vencimento de cashback do cliente (vazio se nada vence)', exemplo: '15/12/2026' },
  { nome: 'valor_vencendo', descricao: 'Cashback que vence nessa data, em reais', exemplo: 'R$ 12,30' },
  { nome: 'cupom', descricao: 'Código de cupom da mensagem (definido na mensagem automática ou na campanha)', exemplo: 'NIVER10' },
  { nome: 'loja', descricao: 'Nome da empresa', exemplo: 'Bonifica Demo' },
  { nome: 'link', descricao: 'Link da mensagem (definido na mensagem automática ou na campanha)', exemplo: 'https://loja.exemplo.com.br' },
] as const satisfies readonly VariavelModelo[];

export type NomeVariavel = (typeof VARIAVEIS_MODELO)[number]['nome'];
export const NOMES_VARIAVEIS: readonly string[] = VARIAVEIS_MODELO.map((v) => v.nome);

/** Anything between braces without spaces is read as a variable: `{Nome}` or `{saldo}` are errors, not text. */
export const PADRAO_VARIAVEL = /\{([^{}\s]{1,40})\}/g;

/** A template split into literal text and variables, in order: what every renderer walks. */
export type ParteModelo = { tipo: 'texto'; valor: string } | { tipo: 'variavel'; nome: NomeVariavel };

export function partesDoModelo(texto: string): ParteModelo[] {
  const partes: ParteModelo[] = [];
  let ultimo = 0;
  for (const m of texto.matchAll(PADRAO_VARIAVEL)) {
    const nome = m[1]!;
    if (!NOMES_VARIAVEIS.includes(nome)) continue;
    if (m.index > ultimo) partes.push({ tipo: 'texto', valor: texto.slice(ultimo, m.index) });
    partes.push({ tipo: 'variavel', nome: nome as NomeVariavel });
    ultimo = m.index + m[0].length;
  }
  if (ultimo < texto.length) partes.push({ tipo: 'texto', valor: texto.slice(ultimo) });
  return partes;
}

/** The unknown variables of a text, each once, in order of appearance. */
export function variaveisDesconhecidas(texto: string): string[] {
  const nomes = [...texto.matchAll(PADRAO_VARIAVEL)].map((m) => m[1]!).filter((n) => !NOMES_VARIAVEIS.includes(n));
  return [...new Set(nomes)];
}

export function mensagemVariavelDesconhecida(desconhecidas: string[]): string {
  const lista = desconhecidas.map((n) => `{${n}}`).join(', ');
  const disponiveis = NOMES_VARIAVEIS.map((n) => `{${n}}`).join(', ');
  return desconhecidas.length === 1
    ? `Variável desconhecida: ${lista}. Use uma destas: ${disponiveis}.`
    : `Variáveis desconhecidas: ${lista}. Use uma destas: ${disponiveis}.`;
}

const verificarVariaveis = (campo: string) => (texto: string | null | undefined, ctx: z.RefinementCtx) => {
  if (!texto) return;
  const d = variaveisDesconhecidas(texto);
  if (d.length) ctx.addIssue({ code: 'custom', path: [campo], message: mensagemVariavelDesconhecida(d) });
};

/** WhatsApp accepts 4,096 characters in one text; an e-mail body may be longer. */
export const LIMITE_TEXTO_WHATSAPP = 4096;
export const LIMITE_TEXTO_EMAIL = 20000;

const id = (rotulo: string) => z.number({ message: `${rotulo} inválido.` }).int(`${rotulo} inválido.`).positive(`${rotulo} inválido.`);

/** POST mensagem/modelo/save */
export const modeloMensagemSaveSchema = z
  .object({
    id: id('Modelo').optional(),
    nome: z.string({ message: 'Informe o nome do modelo.' }).trim().min(2, 'Informe o nome do modelo.').max(80, 'O nome pode ter até 80 caracteres.'),
    canal: z.enum(CANAIS_MENSAGEM, { message: 'Canal inválido: use WHATSAPP ou EMAIL.' }),
    assunto: z.string({ message: 'Assunto inválido.' }).trim().max(200, 'O assunto pode ter até 200 caracteres.').nullable().default(null),
    texto: z.string({ message: 'Escreva o texto da mensagem.' }).trim().min(1, 'Escreva o texto da mensagem.').max(LIMITE_TEXTO_EMAIL, 'Texto longo demais.'),
    arquivoId: id('Anexo').nullable().default(null),
    ativo: z.boolean({ message: 'Situação inválida.' }).default(true),
  })
  .strict()
  .superRefine((m, ctx) => {
    verificarVariaveis('texto')(m.texto, ctx);
    verificarVariaveis('assunto')(m.assunto, ctx);
    if (m.canal === 'EMAIL' && !m.assunto) ctx.addIssue({ code: 'custom', path: ['assunto'], message: 'Informe o assunto do e-mail.' });
    if (m.canal === 'WHATSAPP' && m.texto.length > LIMITE_TEXTO_WHATSAPP)
      ctx.addIssue({ code: 'custom', path: ['texto'], message: `No WhatsApp o texto pode ter até ${LIMITE_TEXTO_WHATSAPP} caracteres.` });
  });
export type ModeloMensagemSave = z.input<typeof modeloMensagemSaveSchema>;
export type ModeloMensagemDados = z.output<typeof modeloMensagemSaveSchema>;

/** POST mensagem/modelo/filterpaginated/{page}/{size} */
export const filtroModeloMensagemSchema = z
  .object({
    busca: z.string().trim().max(80).optional(),
    canal: z.enum(CANAIS_MENSAGEM, { message: 'Canal inválido: use WHATSAPP ou EMAIL.' }).optional(),
    ativo: z.boolean().optional(),
  })
  .strict();
export type FiltroModeloMensagem = z.infer<typeof filtroModeloMensagemSchema>;

export type ModeloMensagem = {
  id: number;
  nome: string;
  canal: CanalMensagem;
  assunto: string | null;
  texto: string;
  arquivoId: number | null;
  arquivoNome: string | null;
  /** The attachment's type (an image, or application/pdf sent as a document). */
  arquivoTipo: string | null;
  ativo: boolean;
  criadoEm: string;
  atualizadoEm: string;
};

const textoLivre = (max: number, msg: string) => z.string().trim().max(max, msg).nullable().optional();

/**
 * POST mensagem/modelo/previsualizar — the text (saved or still being typed) rendered for a real
 * customer of the company. `cupom` and `link` stand for what the automatic message or campaign sets.
 */
export const previsualizarModeloSchema = z
  .object({
    clienteId: id('Cliente'),
    texto: z.string({ message: 'Escreva o texto da mensagem.' }).max(LIMITE_TEXTO_EMAIL, 'Texto longo demais.'),
    assunto: textoLivre(200, 'O assunto pode ter até 200 caracteres.'),
    cupom: textoLivre(40, 'O cupom pode ter até 40 caracteres.'),
    link: textoLivre(300, 'O link pode ter até 300 caracteres.'),
  })
  .strict()
  .superRefine((p, ctx) => {
    verificarVariaveis('texto')(p.texto, ctx);
    verificarVariaveis('assunto')(p.assunto, ctx);
  });
export type PrevisualizarModelo = z.input<typeof previsualizarModeloSchema>;

export type Previsualizacao = { texto: string; assunto: string | null; clienteNome: string };

// ---- Automatic messages ----

export const GATILHOS_AUTOMATICA = ['BOAS_VINDAS', 'CASHBACK_GANHO', 'SALDO_VENCENDO', 'ANIVERSARIO', 'INATIVO'] as const;
export type Gatilho = (typeof GATILHOS_AUTOMATICA)[number];

export type DescricaoGatilho = {
  titulo: string;
  descricao: string;
  /** Marketing needs the customer's consent for the channel; transactional only that they did not opt out. */
  marketing: boolean;
  /** Daily triggers run once a day at the configured hour; event triggers follow the event. */
  diario: boolean;
  /** What N means, when the trigger takes one. */
  dias: { rotulo: string; padrao: number; min: number; max: number } | null;
};

export const GATILHOS: Record<Gatilho, DescricaoGatilho> = {
  BOAS_VINDAS: { titulo: 'Boas-vindas', descricao: 'Quando um cliente novo é cadastrado.', marketing: false, diario: false, dias: null },
  CASHBACK_GANHO: { titulo: 'Cashback ganho', descricao: 'Depois de uma venda que deu cashback ao cliente.', marketing: false, diario: false, dias: null },
  SALDO_VENCENDO: {
    titulo: 'Saldo prestes a vencer',
    descricao: 'Quando um crédito de cashback do cliente vence em N dias.',
    marketing: false,
    diario: true,
    dias: { rotulo: 'Dias antes do vencimento', padrao: 7, min: 1, max: 90 },
  },
  ANIVERSARIO: { titulo: 'Aniversário', descricao: 'No dia do aniversário do cliente.', marketing: true, diario: true, dias: null },
  INATIVO: {
    titulo: 'Cliente inativo',
    descricao: 'Quando o cliente completa N dias sem comprar.',
    marketing: true,
    diario: true,
    dias: { rotulo: 'Dias sem comprar', padrao: 60, min: 7, max: 730 },
  },
};

const horarioSchema = z
  .string({ message: 'Informe o horário (HH:MM).' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Horário inválido: use HH:MM, de 00:00 a 23:59.');

/** POST mensagem/automatica/save — one trigger's settings. */
export const mensagemAutomaticaSaveSchema = z
  .object({
    gatilho: z.enum(GATILHOS_AUTOMATICA, { message: 'Gatilho inválido.' }),
    ativo: z.boolean({ message: 'Situação inválida.' }),
    modeloId: id('Modelo').nullable().default(null),
    canal: z.enum(CANAIS_MENSAGEM, { message: 'Canal inválido: use WHATSAPP ou EMAIL.' }),
    dias: z.number({ message: 'Informe o número de dias.' }).int('O número de dias é inteiro.').nullable().default(null),
    horario: horarioSchema.default('10:00'),
    cupom: textoLivre(40, 'O cupom pode ter até 40 caracteres.').transform((v) => v || null),
    link: textoLivre(300, 'O link pode ter até 300 caracteres.').transform((v) => v || null),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (a.ativo && !a.modeloId) ctx.addIssue({ code: 'custom', path: ['modeloId'], message: 'Escolha o modelo antes de ligar a mensagem.' });
    const d = GATILHOS[a.gatilho].dias;
    if (d && a.dias === null) ctx.addIssue({ code: 'custom', path: ['dias'], message: `Informe ${d.rotulo.toLowerCase()}.` });
    if (d && a.dias !== null && (a.dias < d.min || a.dias > d.max))
      ctx.addIssue({ code: 'custom', path: ['dias'], message: `${d.rotulo}: de ${d.min} a ${d.max}.` });
  });
export type MensagemAutomaticaSave = z.input<typeof mensagemAutomaticaSaveSchema>;
export type MensagemAutomaticaDados = z.output<typeof mensagemAutomaticaSaveSchema>;

export type MensagemAutomatica = {
  gatilho: Gatilho;
  ativo: boolean;
  modeloId: number | null;
  modeloNome: string | null;
  canal: CanalMensagem;
  dias: number | null;
  horario: string;
  cupom: string | null;
  link: string | null;
  /** Local day (AAAA-MM-DD) of the last daily run. */
  ultimaRodada: string | null;
};

/** POST mensagem/automatica/msgteste — the trigger's template rendered for a customer, sent to a test number or e-mail. */
export const msgTesteSchema = z
  .object({
    gatilho: z.enum(GATILHOS_AUTOMATICA, { message: 'Gatilho inválido.' }),
    para: z.string({ message: 'Informe o número ou e-mail de teste.' }).trim().min(5, 'Informe o número ou e-mail de teste.').max(160, 'Destino longo demais.'),
    clienteId: id('Cliente').optional(),
  })
  .strict();
export type MsgTeste = z.input<typeof msgTesteSchema>;

/** POST mensagem/automatica/enviar/msg/agora — runs the trigger's round now (all active daily ones when no trigger). */
export const enviarAgoraSchema = z.object({ gatilho: z.enum(GATILHOS_AUTOMATICA, { message: 'Gatilho inválido.' }).optional() }).strict();

export type ResultadoRodada = { gatilho: Gatilho; enfileiradas: number; loteId: number | null };

/** POST filtrar/msgautomatica/{page}/{size} — what the automatic messages queued. */
export const filtroEnvioAutomaticaSchema = z
  .object({
    gatilho: z.enum(GATILHOS_AUTOMATICA, { message: 'Gatilho inválido.' }).optional(),
    canal: z.enum(CANAIS_MENSAGEM, { message: 'Canal inválido: use WHATSAPP ou EMAIL.' }).optional(),
    clienteId: id('Cliente').optional(),
    de: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inicial inválida: use AAAA-MM-DD.').optional(),
    ate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data final inválida: use AAAA-MM-DD.').optional(),
  })
  .strict()
  .refine((f) => !f.de || !f.ate || f.de <= f.ate, { message: 'A data inicial deve ser anterior à final.', path: ['ate'] });
export type FiltroEnvioAutomatica = z.infer<typeof filtroEnvioAutomaticaSchema>;

export type EnvioAutomatica = {
  id: number;
  gatilho: Gatilho;
  clienteId: number;
  clienteNome: string;
  canal: CanalMensagem;
  para: string | null;
  texto: string | null;
  /** The outbox status (FILA, ENVIADA, ENTREGUE, LIDA, FALHOU…). */
  status: string | null;
  erro: string | null;
  criadoEm: string;
};
