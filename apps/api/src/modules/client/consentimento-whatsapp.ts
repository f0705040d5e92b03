import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cliente, clienteConsentimento } from '../../db/schema/index.js';

/** Consent origin of a "SAIR"/"PARAR" reply received on WhatsApp (docs/areas/clientes.md). */
export const ORIGEM_CONSENTIMENTO_SAIR = 'WHATSAPP_SAIR';

/**
 * The local forms (DDD + number, as `cliente.celular` stores it) of a WhatsApp number with country
 * code. WhatsApp still reports some Brazilian mobiles without the ninth digit, so both are tried.
 */
export function celularesDoNumero(numero: string): string[] {
  const digitos = numero.replace(/\D/g, '');
  const local = digitos.startsWith('55') && digitos.length >= 12 ? digitos.slice(2) : digitos;
  if (local.length === 10) return [local, `${local.slice(0, 2)}9${local.slice(2)}`];
  if (local.length === 11 && local[2] === '9') return [local, `${local.slice(0, 2)}${local.slice(3)}`];
  return [local];
}

/**
 * Withdraws the WhatsApp consent of the company's customers with this phone: one new row each
 * (consent history only grows), skipped when the latest one already says no. Returns the customers
 * found (with or without a new row), for the confirmation reply.
 */
export async function revogarWhatsappPorNumero(tx: Executor, empresaId: number, numero: string): Promise<number[]> {
  const clientes = await tx
    .select({ id: cliente.id })
    .from(cliente)
    .where(and(eq(cliente.empresaId, empresaId), inArray(cliente.celular, celularesDoNumero(numero)), ne(cliente.status, 'ANONIMIZADO')));
  for (const c of clientes) {
    const [atual] = await tx
      .select({ concedido: clienteConsentimento.concedido })
      .from(clienteConsentimento)
      .where(and(eq(clienteConsentimento.empresaId, empresaId), eq(clienteConsentimento.clienteId, c.id), eq(clienteConsentimento.canal, 'WHATSAPP')))
      .orderBy(desc(clienteConsentimento.criadoEm), desc(clienteConsentimento.id))
      .limit(1);
    if (atual && !atual.concedido) continue;
    await tx.insert(clienteConsentimento).values({ empresaId, clienteId: c.id, canal: 'WHATSAPP', concedido: false, origem: ORIGEM_CONSENTIMENTO_SAIR });
  }
  return clientes.map((c) => c.id);
}
