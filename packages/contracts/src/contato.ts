import { z } from 'zod';
import type { ConsentimentoAtual } from './client.js';

/**
 * Imported contacts (leads) and their marketing consent (decisions 034 and 040): segment
 * empresa/contato/. A contact receives campaigns only on a channel whose latest consent row is "sim".
 */

export const CANAIS_CONSENTIMENTO_CONTATO = ['WHATSAPP', 'EMAIL'] as const;
export type CanalConsentimentoContato = (typeof CANAIS_CONSENTIMENTO_CONTATO)[number];

/** Origins of a row of `contato_consentimento`; the unsubscribe link writes EMAIL_DESCADASTRO (decision 034). */
export const ORIGENS_CONSENTIMENTO_CONTATO = { importacao: 'IMPORTACAO', backoffice: 'BACKOFFICE', descadastro: 'EMAIL_DESCADASTRO' } as const;

export const ROTULOS_ORIGEM_CONSENTIMENTO: Record<string, string> = {
  IMPORTACAO: 'Importação',
  BACKOFFICE: 'Back office',
  EMAIL_DESCADASTRO: 'Link de descadastro',
  LGPD_ANONIMIZACAO: 'Anonimização (LGPD)',
};

/** POST empresa/contato/filterpaginated/{page}/{size}. */
export const filtroContatoSchema = z
  .object({
    busca: z.string({ message: 'Busca inválida.' }).trim().max(160, 'Busca longa demais.').optional(),
  })
  .strict();
export type FiltroContato = z.output<typeof filtroContatoSchema>;

/** POST empresa/contato/consentimento: records a "sim" or a "não" of one channel (audited). */
export const consentimentoContatoSchema = z
  .object({
    contatoId: z.number({ message: 'Contato inválido.' }).int('Contato inválido.').positive('Contato inválido.'),
    canal: z.enum(CANAIS_CONSENTIMENTO_CONTATO, { message: 'Canal inválido: use WHATSAPP ou EMAIL.' }),
    concedido: z.boolean({ message: 'Informe se o contato aceita (true) ou não (false).' }),
  })
  .strict();
export type ConsentimentoContatoEntrada = z.output<typeof consentimentoContatoSchema>;

export type ContatoResumo = {
  id: number;
  nome: string;
  celular: string | null;
  email: string | null;
  origem: string;
  clienteId: number | null;
  criadoEm: string;
  /** null: never asked on that channel (no marketing). */
  consentimentos: Record<CanalConsentimentoContato, ConsentimentoAtual | null>;
};

export type ConsentimentoContatoHistorico = { canal: CanalConsentimentoContato; concedido: boolean; origem: string; data: string; usuarioNome: string | null };

/** GET empresa/contato/findbyid/{id}. */
export type Contato = ContatoResumo & { observacoes: string | null; historico: ConsentimentoContatoHistorico[] };
