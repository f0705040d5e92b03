import { sql } from 'drizzle-orm';
import type { CanalComprovante, ResgatePremio } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { arquivo } from '../../db/schema/index.js';
import { sha256Hex } from '../arquivo/index.js';
import { contagem, enfileirarParaCliente, SemInstanciaWhatsapp, sqlPodeReceber } from '../mensagem/index.js';
import { nomeDaEmpresa } from '../company/index.js';
import { fotos } from './dados-impressao.js';
import { comprovanteResgatePdf, textoComprovante } from './documentos.js';

export const ORIGEM_COMPROVANTE = 'PREMIO_RESGATE';
/** `arquivo.papel` of a voucher PDF kept for its e-mail (not an upload of the company). */
const PAPEL_COMPROVANTE = 'COMPROVANTE';

/**
 * Queues the voucher of a redemption for its customer through the outbox (transactional: it goes
 * unless the customer said "não" on that channel). `canal` absent: WhatsApp when the company has a
 * number and the customer a mobile that may receive it, else e-mail. Returns the channel used, or
 * null when no channel could take it. `SemInstanciaWhatsapp` only when WhatsApp was asked for.
 */
export async function enviarComprovante(tx: Executor, r: ResgatePremio, empresaId: number, canal?: CanalComprovante): Promise<CanalComprovante | null> {
  const loja = await nomeDaEmpresa(tx, empresaId);
  if (canal !== 'EMAIL') {
    try {
      const n = await enfileirarParaCliente(tx, { empresaId, clienteId: r.clienteId, texto: textoComprovante(r, loja), origem: ORIGEM_COMPROVANTE, origemId: r.id, marketing: false });
      if (n > 0) return 'WHATSAPP';
    } catch (e) {
      if (!(e instanceof SemInstanciaWhatsapp) || canal === 'WHATSAPP') throw e;
    }
    if (canal === 'WHATSAPP') return null;
  }
  return (await enviarComprovantePorEmail(tx, r, empresaId, loja)) ? 'EMAIL' : null;
}

/**
 * The e-mail: the voucher's text (without WhatsApp's *bold*) and the 80 mm PDF attached — stored in
 * `arquivo` so the e-mail worker attaches it like a template's PDF (decision 034).
 */
async function enviarComprovantePorEmail(tx: Executor, r: ResgatePremio, empresaId: number, loja: string): Promise<boolean> {
  const [c] = ((await tx.execute(sql`select c.email from cliente c where c.id = ${r.clienteId} and c.empresa_id = ${empresaId}
      and c.email is not null and ${sqlPodeReceber(false, 'EMAIL')}`)) as unknown as { rows: { email: string }[] }).rows;
  if (!c) return false;
  const imagens = r.fotoArquivoId ? await fotos(tx, empresaId, [r.fotoArquivoId]) : new Map();
  const pdf = await comprovanteResgatePdf(r, loja, r.fotoArquivoId ? (imagens.get(r.fotoArquivoId) ?? null) : null);
  const [a] = await tx
    .insert(arquivo)
    .values({ empresaId, papel: PAPEL_COMPROVANTE, nome: `resgate-${r.codigo}.pdf`, tipo: 'application/pdf', tamanho: pdf.length, sha256: sha256Hex(pdf), dados: pdf })
    .returning({ id: arquivo.id });
  const texto = textoComprovante(r, loja).replace(/\*/g, '');
  const n = contagem(
    await tx.execute(sql`insert into mensagem_saida (empresa_id, canal, cliente_id, para, assunto, texto, arquivo_id, origem, origem_id, marketing)
      values (${empresaId}, 'EMAIL', ${r.clienteId}, ${c.email.toLowerCase()}, ${`Comprovante do resgate ${r.codigo} — ${loja}`}, ${texto}, ${a!.id}, ${ORIGEM_COMPROVANTE}, ${r.id}, false)`),
  );
  return n > 0;
}
