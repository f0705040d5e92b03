import { setTimeout as esperar } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { entregarUma, garantirRitmos, type OpcoesEntregador } from './entregador.js';
import { entregarUmEmail, garantirRitmosEmail, type OpcoesEntregadorEmail } from './entregador-email.js';

export type OpcoesLaco = OpcoesEntregador & {
  /** Keep going while this says yes (a deadline, a stop signal). */
  continuar: () => boolean;
  /** Loops side by side in this process; the pacing lock keeps them from sharing an instance's slot. */
  paralelos?: number;
  /** Longest nap when nothing is due: new messages are noticed at most this late. */
  sonecaMaximaMs?: number;
  /** Stop as soon as nothing is queued at all (tests, benchmarks). */
  pararQuandoVazio?: boolean;
  /** Injectable sleep (a fast clock advances itself instead of waiting). */
  dormir?: (ms: number) => Promise<void>;
  /** E-mail of the outbox (canal EMAIL): one more loop beside WhatsApp's. Absent without SMTP (decision 034). */
  email?: Omit<OpcoesEntregadorEmail, 'agora'>;
};

export type TotaisLaco = { ENVIADA: number; FALHOU: number; REPETIR: number; INCERTA: number };

type Passo = () => Promise<{ tipo: keyof TotaisLaco } | { tipo: 'NADA'; proximaEm: Date | null }>;

/**
 * The outbox worker's loop (one pg-boss job, lib/agendamentos.ts): sends whatever is due, sleeps until
 * the next instance's (or company's, for e-mail) slot. Errors of the database end the loop (pg-boss
 * runs the job again).
 */
export async function entregarAte(db: Db, o: OpcoesLaco): Promise<TotaisLaco> {
  const totais: TotaisLaco = { ENVIADA: 0, FALHOU: 0, REPETIR: 0, INCERTA: 0 };
  const dormir = o.dormir ?? ((ms: number) => esperar(ms));
  const agora = o.agora ?? (() => new Date());
  const soneca = o.sonecaMaximaMs ?? 1000;
  const umLaco = async (passo: Passo, garantir: () => Promise<void>) => {
    await garantir();
    while (o.continuar()) {
      const r = await passo();
      if (r.tipo !== 'NADA') {
        totais[r.tipo]++;
        continue;
      }
      if (r.proximaEm === null && o.pararQuandoVazio) return;
      // Idle: a new instance (or a company's first e-mail) gets its pacing row here, without a restart.
      await garantir();
      const ms = r.proximaEm ? r.proximaEm.getTime() - agora().getTime() : soneca;
      await dormir(Math.min(soneca, Math.max(1, ms)));
    }
  };
  const laços = Array.from({ length: o.paralelos ?? 1 }, () => umLaco(() => entregarUma(db, o), () => garantirRitmos(db)));
  const email = o.email;
  if (email) laços.push(umLaco(() => entregarUmEmail(db, { ...email, agora }), () => garantirRitmosEmail(db)));
  await Promise.all(laços);
  return totais;
}
