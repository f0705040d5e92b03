import { z } from 'zod';
import { paginaParamsSchema } from './envelope.js';

/**
 * WhatsApp servers, instances, webhooks, server transfer and monitoring (issue 14 §1,
 * docs/areas/mensageria.md). Wire names follow spec §7 "WhatsApp messaging" and "Monitoring".
 */

export type TipoGateway = 'evolution' | 'sandbox';
export type EstadoInstancia = 'CONECTADA' | 'CONECTANDO' | 'DESCONECTADA';
export type SituacaoServidor = 'DESCONHECIDA' | 'OK' | 'FALHA';

/**
 * Minutes after a message went out with no ack back before a "connected" instance counts as having
 * stopped delivering. A healthy number acks (delivered to the phone) within seconds; a phone off
 * for a quarter of an hour is rare enough to be worth a look, and frequent checks would cry wolf.
 */
export const MINUTOS_SEM_ACK_ALERTA = 15;
/** A send older than this no longer speaks of the instance's health today. */
export const HORAS_ENVIO_RECENTE = 24;

const idSchema = z.coerce
  .number({ message: 'Identificador inválido.' })
  .int('Identificador inválido.')
  .positive('Identificador inválido.')
  .max(2_147_483_647, 'Identificador inválido.');
export const idWhatsParamSchema = z.object({ id: idSchema });

export const MENSAGEM_SERVIDOR_NAO_ENCONTRADO = 'Servidor não encontrado.';
export const MENSAGEM_INSTANCIA_NAO_ENCONTRADA = 'Instância não encontrada.';
export const MENSAGEM_SEM_SERVIDOR_COM_VAGA = 'Nenhum servidor de WhatsApp ativo tem vaga. Avise o administrador da plataforma.';
export const MENSAGEM_NAO_CONTRATADO = 'Sua empresa não contratou o servidor de WhatsApp.';
export const MENSAGEM_COMPARTILHADO = 'Sua empresa usa o número compartilhado da plataforma, administrado por ela.';
export const MENSAGEM_INSTANCIA_EXISTENTE = 'Sua empresa já tem uma instância de WhatsApp.';
export const MENSAGEM_GATEWAY_FALHOU = 'O servidor de WhatsApp não respondeu como esperado. Tente de novo em instantes.';
export const MENSAGEM_SO_SANDBOX = 'Disponível apenas em servidores sandbox.';
export const MENSAGEM_TRANSFERENCIA_EM_ANDAMENTO = 'Esta instância já tem uma transferência em andamento.';
export const MENSAGEM_MONITORAMENTO_NAO_ENCONTRADO = 'Execução de monitoramento não encontrada.';
export const MENSAGEM_WEBHOOK_RECUSADO = 'Webhook não autorizado.';

// ---------------------------------------------------------------- servers (admin)

const texto = (rotulo: string, max: number) =>
  z
    .string({ message: `Informe ${rotulo}.` })
    .trim()
    .min(1, `Informe ${rotulo}.`)
    .max(max, `${rotulo[0]!.toUpperCase()}${rotulo.slice(1)} deve ter no máximo ${max} caracteres.`);

const urlServidor = z
  .string({ message: 'Informe o endereço do servidor.' })
  .trim()
  .max(300, 'O endereço deve ter no máximo 300 caracteres.')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Informe um endereço http(s) válido, ex.: https://whats.exemplo.com.br.');

/** POST servidores/save — without `id` creates; `chave` empty on an edit keeps the stored one. */
export const servidorSalvarSchema = z
  .object({
    id: idSchema.optional(),
    nome: texto('o nome', 80),
    tipo: z.enum(['evolution', 'sandbox'], { message: 'Tipo de servidor inválido.' }),
    baseUrl: urlServidor,
    chave: z.string({ message: 'Chave inválida.' }).trim().max(200, 'A chave deve ter no máximo 200 caracteres.').optional(),
    capacidade: z.number({ message: 'Capacidade inválida.' }).int('Capacidade inválida.').min(1, 'A capacidade deve ser de pelo menos 1 instância.').max(100_000, 'Capacidade grande demais.'),
    ativo: z.boolean({ message: 'Situação inválida.' }),
  })
  .strict();
export type ServidorSalvar = z.infer<typeof servidorSalvarSchema>;

/** POST servidores/salvaordem — every server's id in the new order (first = gets new instances first). */
export const salvaOrdemSchema = z
  .object({ ids: z.array(idSchema, { message: 'Ordem inválida.' }).min(1, 'Ordem inválida.').max(1000, 'Ordem inválida.') })
  .strict();

/** POST servidores/testar — a stored server (`id`) or one being typed (url + key). */
export const servidorTestarSchema = z
  .object({
    id: idSchema.optional(),
    tipo: z.enum(['evolution', 'sandbox'], { message: 'Tipo de servidor inválido.' }).optional(),
    baseUrl: urlServidor.optional(),
    chave: z.string({ message: 'Chave inválida.' }).trim().max(200, 'A chave deve ter no máximo 200 caracteres.').optional(),
  })
  .strict()
  .refine((v) => v.id !== undefined || (v.tipo !== undefined && v.baseUrl !== undefined), 'Informe o servidor ou o tipo e o endereço.');

export const listarServidoresParamSchema = z.object({ x: z.enum(['todos', 'ativos'], { message: 'Use todos ou ativos.' }) });

/** A server as the admin screen sees it: never its key, only whether one is stored. */
export type Servidor = {
  id: number;
  nome: string;
  tipo: TipoGateway;
  baseUrl: string;
  temChave: boolean;
  capacidade: number;
  ocupadas: number;
  ordem: number;
  ativo: boolean;
  situacao: SituacaoServidor;
  ultimoErro: string | null;
  verificadoEm: string | null;
};

export type TesteConexao = { ok: boolean; mensagem: string; latenciaMs: number };

// ---------------------------------------------------------------- instances

export type TipoContratado = 'DEDICADO' | 'COMPARTILHADO' | 'NENHUM';

export type Instancia = {
  id: number;
  empresaId: number | null;
  empresaNome: string | null;
  servidorId: number;
  servidorNome: string;
  servidorTipo: TipoGateway;
  nome: string;
  estado: EstadoInstancia;
  numero: string | null;
  qrCode: string | null;
  codigoPareamento: string | null;
  pareadaEm: string | null;
  ultimoEnvioEm: string | null;
  ultimoAckEm: string | null;
  /** A "connected" instance whose last send got no ack for MINUTOS_SEM_ACK_ALERTA (see `parouDeEntregar`). */
  parouDeEntregar: boolean;
  pausada: boolean;
  ativa: boolean;
  /** The transfer to another server in progress, if any (its QR is paired on the company's phone). */
  transferencia: Transferencia | null;
};

/** GET servidorwhatsapp/status — the company's (or, as admin, every) instance and what it contracted. */
export type StatusWhats = { tipo: TipoContratado; podeGerenciar: boolean; instancias: Instancia[] };

/** POST servidorwhatsapp/nova/instancia — `numero` asks the gateway for a pairing code as well. */
export const novaInstanciaSchema = z
  .object({
    numero: z
      .string({ message: 'Número inválido.' })
      .trim()
      .regex(/^\d{12,13}$/, 'Informe o número com DDI e DDD, só dígitos (ex.: 5511987654321).')
      .optional(),
  })
  .strict();

/** GET instancia/liberacao — whether the company may send WhatsApp now, and why not. */
export type Liberacao = { liberada: boolean; motivo: string | null; instanciaId: number | null };

/** GET servidorwhatsapp/estatisticas/utilizacao?dias= — per day, from the outbox. */
export const estatisticasUtilizacaoQuerySchema = z
  .object({ dias: z.coerce.number({ message: 'Período inválido.' }).int('Período inválido.').min(1, 'Período inválido.').max(90, 'O período vai até 90 dias.').optional() })
  .strict();
export type UtilizacaoDia = { dia: string; enviadas: number; entregues: number; lidas: number; falhas: number };

/**
 * The truthful state rule, shared by the page and the monitoring: connected, a send in the last
 * HORAS_ENVIO_RECENTE hours, older than MINUTOS_SEM_ACK_ALERTA, and no ack came back since it.
 */
export function parouDeEntregar(i: { estado: EstadoInstancia; ultimoEnvioEm: string | Date | null; ultimoAckEm: string | Date | null }, agora = new Date()): boolean {
  if (i.estado !== 'CONECTADA' || !i.ultimoEnvioEm) return false;
  const envio = new Date(i.ultimoEnvioEm).getTime();
  const idade = agora.getTime() - envio;
  if (idade < MINUTOS_SEM_ACK_ALERTA * 60_000 || idade > HORAS_ENVIO_RECENTE * 3_600_000) return false;
  return !i.ultimoAckEm || new Date(i.ultimoAckEm).getTime() < envio;
}

// ---------------------------------------------------------------- server transfer (admin)

export type EstadoTransferencia = 'PAREANDO' | 'CONCLUIDA' | 'CANCELADA' | 'FALHOU';

export type Transferencia = {
  id: number;
  instanciaId: number;
  empresaNome: string | null;
  servidorOrigemId: number;
  servidorOrigemNome: string;
  servidorDestinoId: number;
  servidorDestinoNome: string;
  estado: EstadoTransferencia;
  qrCode: string | null;
  codigoPareamento: string | null;
  /** The old instance was deleted from the old server (false: a person should remove it there). */
  antigaRemovida: boolean;
  erro: string | null;
  criadoEm: string;
  concluidoEm: string | null;
};

/** POST servidores/transferencia/iniciar */
export const iniciarTransferenciaSchema = z.object({ instanciaId: idSchema, servidorDestinoId: idSchema }).strict();

// ---------------------------------------------------------------- monitoring (admin)

export type SituacaoVerificacao = 'OK' | 'ALERTA' | 'FALHA';

export type ExecucaoMonitoramento = {
  id: number;
  origem: 'AGENDADA' | 'MANUAL';
  status: 'EXECUTANDO' | 'OK' | 'ALERTA' | 'FALHA';
  servidores: number;
  instancias: number;
  falhas: number;
  alertas: number;
  iniciadoEm: string;
  concluidoEm: string | null;
};

export type VerificacaoMonitoramento = {
  alvo: 'SERVIDOR' | 'INSTANCIA';
  servidorId: number;
  servidorNome: string;
  instanciaId: number | null;
  empresaNome: string | null;
  situacao: SituacaoVerificacao;
  detalhe: string;
  latenciaMs: number | null;
};

export type DetalheMonitoramento = ExecucaoMonitoramento & { verificacoes: VerificacaoMonitoramento[] };

/** GET monitoramento/{a}/{b} — a page of runs (a = page from 0, b = size). */
export const monitoramentoPaginaParamSchema = z.object({ a: paginaParamsSchema.shape.page, b: paginaParamsSchema.shape.size });

/** What the admin screens' banner shows: the latest finished run when it found something down. */
export type AlertaMonitoramento = { execucaoId: number; falhas: number; alertas: number; em: string } | null;

/**
 * Sandbox only (`POST servidorwhatsapp/sandbox/recebida/{id}`): a customer's reply, as the phone would
 * send it — e.g. "SAIR" to withdraw WhatsApp consent (docs/areas/mensageria.md "Campanhas").
 */
export const sandboxRecebidaSchema = z
  .object({
    de: z
      .string({ message: 'Informe o celular de quem responde.' })
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().regex(/^(55)?\d{10,11}$/, 'Celular inválido: use DDD e número.'))
      .transform((v) => (v.length <= 11 ? `55${v}` : v)),
    texto: z.string({ message: 'Escreva a resposta.' }).trim().min(1, 'Escreva a resposta.').max(500, 'Resposta longa demais.'),
  })
  .strict();
