import { setTimeout as esperar } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { entregarUma, garantirRitmos, type OpcoesEntregador } from './entregador.js';

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
};

export type TotaisLaco = { ENVIADA: number; FALHOU: number; REPETIR: number; INCERTA: number };

/**
 * The outbox worker's loop (one pg-boss job, lib/agendamentos.ts): sends whatever is due, sleeps until
 * the next instance's slot. Errors of the database end the loop (pg-boss runs the job again).
 */
export async function entregarAte(db: Db, o: OpcoesLaco): Promise<TotaisLaco> {
  const totais: TotaisLaco = { ENVIADA: 0, FALHOU: 0, REPETIR: 0, INCERTA: 0 };
  const dormir = o.dormir ?? ((ms: number) => esperar(ms));
  const agora = o.agora ?? (() => new Date());
  const soneca = o.sonecaMaximaMs ?? 1000;
  await garantirRitmos(db);
  const umLaco = async () => {
    while (o.continuar()) {
      const r = await entregarUma(db, o);
      if (r.tipo !== 'NADA') {
        totais[r.tipo]++;
        continue;
      }
      if (r.proximaEm === null && o.pararQuandoVazio) return;
      // Idle: a new instance gets its pacing row here, so it is served without a restart.
      await garantirRitmos(db);
      const ms = r.proximaEm ? r.proximaEm.getTime() - agora().getTime() : soneca;
      await dormir(Math.min(soneca, Math.max(1, ms)));
    }
  };
  await Promise.all(Array.from({ length: o.paralelos ?? 1 }, umLaco));
  return totais;
}
