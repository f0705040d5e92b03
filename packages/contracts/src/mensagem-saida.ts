import { z } from 'zod';

/**
 * Batches of the message outbox (spec §7 "WhatsApp messaging": `servidorwhatsapp/iniciar`, `pausar`,
 * `cancelar/{id}`). The spec gives no parameters to iniciar/pausar: without `lote` they act on every
 * batch of the company (the "pause sending" switch of the WhatsApp page); with it, on that batch only.
 */
export const loteOpcionalQuerySchema = z
  .object({
    lote: z.coerce.number({ message: 'Lote inválido.' }).int('Lote inválido.').positive('Lote inválido.').optional(),
  })
  .strict();

export type StatusLoteMensagem = 'ATIVO' | 'PAUSADO' | 'CANCELADO' | 'CONCLUIDO';

/** Live counts of a batch: the progress bar and the numbers beside it. */
export type ProgressoLoteMensagem = {
  id: number;
  nome: string;
  status: StatusLoteMensagem;
  total: number;
  fila: number;
  enviando: number;
  enviadas: number;
  entregues: number;
  lidas: number;
  falharam: number;
  canceladas: number;
  revisar: number;
  percentual: number;
  criadoEm: string;
  concluidoEm: string | null;
};
