import { z } from 'zod';
import { TAMANHO_PAGINA_MAXIMO } from './envelope.js';

/**
 * Campaigns (issue 14 §3; docs/areas/mensageria.md "Campanhas"): a saved audience × a template × a
 * channel × a schedule, with a holdout group that does not receive, participants and results.
 */

export const STATUS_CAMPANHA = ['RASCUNHO', 'AGENDADA', 'ENVIANDO', 'PAUSADA', 'CONCLUIDA', 'CANCELADA'] as const;
export type StatusCampanha = (typeof STATUS_CAMPANHA)[number];

/** AGORA: as soon as the instance's pace allows; DATA: from a given instant; ESPALHADA: over N days from a given instant (or now). */
export const AGENDAS_CAMPANHA = ['AGORA', 'DATA', 'ESPALHADA'] as const;
export type AgendaCampanha = (typeof AGENDAS_CAMPANHA)[number];

export const GRUPOS_PARTICIPANTE = ['ENVIO', 'CONTROLE'] as const;
export type GrupoParticipante = (typeof GRUPOS_PARTICIPANTE)[number];

/** Holdout share the manager may set, in whole percent. */
export const CONTROLE_MAXIMO = 50;
/** Days after the start in which participants' sales count for the results (default and limits). */
export const DIAS_ATRIBUICAO_PADRAO = 7;
export const DIAS_ATRIBUICAO_MAXIMO = 90;
export const DIAS_ESPALHAR_MAXIMO = 30;

export const campanhaSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    nome: z.string({ message: 'Informe o nome da campanha.' }).trim().min(2, 'Informe o nome da campanha.').max(120, 'Nome longo demais.'),
    publicoId: z.number({ message: 'Escolha o público.' }).int('Escolha o público.').positive('Escolha o público.'),
    modeloId: z.number({ message: 'Escolha o modelo de mensagem.' }).int('Escolha o modelo de mensagem.').positive('Escolha o modelo de mensagem.'),
    canal: z.enum(['WHATSAPP', 'EMAIL'], { message: 'Escolha o canal.' }).default('WHATSAPP'),
    agenda: z.enum(AGENDAS_CAMPANHA, { message: 'Escolha quando enviar.' }).default('AGORA'),
    /** ISO instant; required by DATA, optional start of ESPALHADA. */
    agendadaPara: z.string().datetime({ offset: true, message: 'Data e hora de envio inválidas.' }).nullish(),
    diasEspalhar: z
      .number({ message: 'Informe em quantos dias espalhar.' })
      .int('Informe em quantos dias espalhar.')
      .min(2, 'Espalhe por pelo menos 2 dias.')
      .max(DIAS_ESPALHAR_MAXIMO, `Espalhe por no máximo ${DIAS_ESPALHAR_MAXIMO} dias.`)
      .nullish(),
    controlePercentual: z
      .number({ message: 'Informe o percentual do grupo de controle.' })
      .int('O grupo de controle é um percentual inteiro.')
      .min(0, 'O grupo de controle não pode ser negativo.')
      .max(CONTROLE_MAXIMO, `O grupo de controle pode ter no máximo ${CONTROLE_MAXIMO}% do público.`)
      .default(10),
    diasAtribuicao: z
      .number({ message: 'Informe os dias de atribuição de vendas.' })
      .int('Informe os dias de atribuição de vendas.')
      .min(1, 'Conte as vendas de pelo menos 1 dia.')
      .max(DIAS_ATRIBUICAO_MAXIMO, `Conte as vendas de no máximo ${DIAS_ATRIBUICAO_MAXIMO} dias.`)
      .default(DIAS_ATRIBUICAO_PADRAO),
    cupom: z.string().trim().max(40, 'Cupom longo demais.').nullish(),
    link: z.string().trim().max(300, 'Link longo demais.').nullish(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.agenda === 'DATA' && !c.agendadaPara) ctx.addIssue({ code: 'custom', path: ['agendadaPara'], message: 'Informe a data e a hora de envio.' });
    if (c.agenda === 'ESPALHADA' && !c.diasEspalhar) ctx.addIssue({ code: 'custom', path: ['diasEspalhar'], message: 'Informe em quantos dias espalhar.' });
  });
export type CampanhaSave = z.input<typeof campanhaSaveSchema>;
export type CampanhaDados = z.output<typeof campanhaSaveSchema>;

export const filtroCampanhaSchema = z
  .object({
    busca: z.string().trim().max(80).optional(),
    status: z.enum(STATUS_CAMPANHA, { message: 'Situação inválida.' }).optional(),
  })
  .strict();
export type FiltroCampanha = z.infer<typeof filtroCampanhaSchema>;

export type Campanha = {
  id: number;
  nome: string;
  publicoId: number | null;
  publicoNome: string | null;
  modeloId: number | null;
  modeloNome: string | null;
  canal: 'WHATSAPP' | 'EMAIL';
  agenda: AgendaCampanha;
  agendadaPara: string | null;
  diasEspalhar: number | null;
  controlePercentual: number;
  diasAtribuicao: number;
  cupom: string | null;
  link: string | null;
  status: StatusCampanha;
  loteId: number | null;
  /** When it was fired, and from when sales count (the schedule's start). */
  disparadaEm: string | null;
  inicioEm: string | null;
  participantesEnvio: number;
  participantesControle: number;
  criadoEm: string;
};

export type DisparoCampanha = { loteId: number; envio: number; controle: number };

/** `GET filtrar/participantes/{a}/{b}/{c}`: a = campaign, b = page from 0, c = page size (1–100). Optional `?grupo=`. */
export const participantesParamsSchema = z.object({
  a: z.coerce.number({ message: 'Campanha inválida.' }).int('Campanha inválida.').positive('Campanha inválida.').max(2147483647, 'Campanha inválida.'),
  b: z.coerce.number({ message: 'Página inválida.' }).int('Página inválida.').min(0, 'Página inválida.').max(100000, 'Página inválida.'),
  c: z.coerce.number({ message: 'Tamanho de página inválido.' }).int('Tamanho de página inválido.').min(1, 'Tamanho de página inválido.').max(TAMANHO_PAGINA_MAXIMO, 'Tamanho de página inválido.'),
});
export const participantesQuerySchema = z.object({ grupo: z.enum(GRUPOS_PARTICIPANTE, { message: 'Grupo inválido.' }).optional() }).strict();

export const TIPOS_PARTICIPANTE = ['CLIENTE', 'CONTATO'] as const;
export type TipoParticipante = (typeof TIPOS_PARTICIPANTE)[number];

/** A customer (`clienteId`) or an imported contact (`contatoId`, docs/decisions/034). */
export type ParticipanteCampanha = {
  tipo: TipoParticipante;
  clienteId: number | null;
  contatoId: number | null;
  nome: string;
  celular: string | null;
  email: string | null;
  grupo: GrupoParticipante;
  mensagemId: number | null;
  /** The message's status in the outbox (null for the holdout group). */
  situacao: string | null;
  erro: string | null;
  enviadaEm: string | null;
  entregueEm: string | null;
  lidaEm: string | null;
};

export const resultadosQuerySchema = z
  .object({
    dias: z.coerce
      .number({ message: 'Informe os dias de atribuição de vendas.' })
      .int('Informe os dias de atribuição de vendas.')
      .min(1, 'Conte as vendas de pelo menos 1 dia.')
      .max(DIAS_ATRIBUICAO_MAXIMO, `Conte as vendas de no máximo ${DIAS_ATRIBUICAO_MAXIMO} dias.`)
      .optional(),
  })
  .strict();

export type GrupoResultado = {
  participantes: number;
  compradores: number;
  /** Buyers / participants, 0..1 (0 without participants). */
  taxaCompra: number;
  receitaCentavos: number;
  /** Revenue / participants, rounded to the cent. */
  receitaPorClienteCentavos: number;
};

export type ResultadosCampanha = {
  campanhaId: number;
  /** E-mail has no delivery or read receipts: `entregues` and `lidas` are always 0 there (the screen says so). */
  canal: 'WHATSAPP' | 'EMAIL';
  dias: number;
  inicioEm: string | null;
  fimEm: string | null;
  enviadas: number;
  entregues: number;
  lidas: number;
  falhas: number;
  /** Sending-group participants whose consent on the campaign's channel was revoked (SAIR, unsubscribe link) after the start. */
  optOuts: number;
  /** Contacts among the participants (they count in the groups; only those that became customers can buy). */
  contatosEnvio: number;
  contatosControle: number;
  envio: GrupoResultado;
  controle: GrupoResultado;
  /** Purchase rate difference, in percentage points (envio − controle); null without a holdout. */
  liftTaxaPontos: number | null;
  /** Revenue per customer difference (envio − controle), in cents; null without a holdout. */
  liftReceitaPorClienteCentavos: number | null;
  /** Incremental revenue credited to the campaign: lift per customer × sending-group size; null without a holdout. */
  receitaAtribuidaCentavos: number | null;
};
