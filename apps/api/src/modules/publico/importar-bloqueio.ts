import { celularSchema, emailSchema, type ImportarBloqueio, type ResultadoImportarBloqueio } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { bloqueioPublico } from '../../db/schema/index.js';

const LOTE = 1_000;
const MAX_INVALIDAS = 50;

/** First cell of a CSV line (comma or semicolon separated, optional quotes). */
const primeiraCelula = (linha: string) => (linha.split(/[;,\t]/)[0] ?? '').trim().replace(/^"(.*)"$/, '$1').trim();

/**
 * Reads a small block list (one mobile or e-mail per line, first column) and blocks every valid
 * value not blocked yet, in batches of one statement each; a header line or a blank one is skipped,
 * an invalid value is reported with its line number (the first 50).
 */
export async function importarBloqueios(tx: Executor, empresaId: number, usuarioId: number | null, d: ImportarBloqueio): Promise<ResultadoImportarBloqueio> {
  const celulares = new Set<string>();
  const emails = new Set<string>();
  const invalidas: ResultadoImportarBloqueio['invalidas'] = [];
  let lidas = 0;
  d.csv.split(/\r?\n/).forEach((bruta, i) => {
    const valor = primeiraCelula(bruta);
    if (!valor) return;
    if (i === 0 && /[a-z]/i.test(valor) && !valor.includes('@')) return; // header
    lidas++;
    if (valor.includes('@')) {
      const e = emailSchema.safeParse(valor);
      if (e.success) emails.add(e.data.toLowerCase());
      else if (invalidas.length < MAX_INVALIDAS) invalidas.push({ linha: i + 1, valor: valor.slice(0, 80) });
      return;
    }
    const c = celularSchema.safeParse(valor);
    if (c.success && c.data) celulares.add(c.data);
    else if (invalidas.length < MAX_INVALIDAS) invalidas.push({ linha: i + 1, valor: valor.slice(0, 80) });
  });
  const linhas = [
    ...[...celulares].map((celular) => ({ celular, email: null })),
    ...[...emails].map((email) => ({ celular: null, email })),
  ].map((v) => ({ ...v, empresaId, clienteId: null, motivo: d.motivo, origem: 'IMPORTACAO' as const, usuarioId }));
  let incluidos = 0;
  for (let i = 0; i < linhas.length; i += LOTE) {
    const r = await tx
      .insert(bloqueioPublico)
      .values(linhas.slice(i, i + LOTE))
      .onConflictDoNothing()
      .returning({ id: bloqueioPublico.id });
    incluidos += r.length;
  }
  return { lidas, incluidos, jaBloqueados: linhas.length - incluidos, invalidas };
}
