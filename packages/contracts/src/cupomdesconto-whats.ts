import { z } from 'zod';

/**
 * A coupon campaign sent by WhatsApp to an audience (issue 15 §3; spec §7 "Coupons": whats/enviar,
 * whats/teste, download/whats under cupomdesconto/; docs/areas/cupons.md "Envio por WhatsApp").
 * The message is the coupon's `whatsAppLote` template; each customer gets a code of their own.
 */
const id = (mensagem: string) => z.number({ message: mensagem }).int(mensagem).positive(mensagem).max(2_147_483_647, mensagem);

/** POST cupomdesconto/whats/enviar — `simular` only counts and previews (nothing written); otherwise starts the job. */
export const enviarCupomWhatsSchema = z
  .object({
    cupomId: id('Informe o cupom.'),
    publicoId: id('Escolha o público.'),
    simular: z.boolean({ message: 'Simular deve ser verdadeiro ou falso.' }).default(false),
  })
  .strict();
export type EnviarCupomWhats = z.input<typeof enviarCupomWhatsSchema>;

/** What the confirmation shows (and, once started, the job id for the progress bar). */
export type EnvioCupomWhats = {
  /** Customers of the audience who will get a code and a message now (consent, not blocked, mobile, no code of this coupon yet). */
  destinatarios: number;
  /** Customers of the audience left out because they already got a code of this coupon (the idempotency rule). */
  jaReceberam: number;
  /** The template rendered for a sample customer and a sample code. */
  previa: string;
  /** Whether the company has a WhatsApp number to send through (without one the send is refused with 409). */
  temNumero: boolean;
  /** The background job (status/assincrono/{tarefa}); null when simulating. */
  tarefa: string | null;
};

/** POST cupomdesconto/whats/teste — the rendered message with a sample code to one number typed by the manager. */
export const testeCupomWhatsSchema = z
  .object({
    cupomId: id('Informe o cupom.'),
    celular: z
      .string({ message: 'Informe o celular de teste.' })
      .trim()
      .transform((s) => s.replace(/\D/g, ''))
      .refine((d) => /^(55)?[1-9]{2}9?\d{8}$/.test(d), 'Celular de teste inválido: informe DDD e número.'),
  })
  .strict();
export type TesteCupomWhats = z.input<typeof testeCupomWhatsSchema>;
export type TesteCupomWhatsResposta = { mensagemId: number; para: string; texto: string };

/** POST cupomdesconto/download/whats — the campaign's WhatsApp sends as CSV. */
export const downloadCupomWhatsSchema = z.object({ cupomId: id('Informe o cupom.') }).strict();

/** The sample code of previews and test sends: never a real code, so a test cannot be used at the counter. */
export const CODIGO_CUPOM_EXEMPLO = 'EXEMPLO123';
