import type { Readable } from 'node:stream';
import { setImmediate as cederVez } from 'node:timers/promises';
import type { Codificacao } from '@bonifica/contracts';
import type { Db } from '../../db/client.js';
import { BYTES_POR_PARTE, gravarParte } from '../../lib/entrada-tarefa.js';
import type { UsuarioContexto } from '../../lib/contexto.js';
import { erro, ErroApi } from '../../lib/erros.js';
import { BYTES_LIDOS_NO_ENVIO, lerInicio, type LeituraArquivo } from './leitura.js';
import { erroLimiteLinhas, LIMITES_IMPORTACAO, MENSAGEM_LIMITE_BYTES } from './limites.js';

/**
 * Receiving an upload: its bytes go to storage part by part as they arrive (lib/entrada-tarefa.ts);
 * the request only does what costs a few operations per byte — size, UTF-8 validity, a count of
 * non-blank lines — and reads the file's first BYTES_LIDOS_NO_ENVIO for the mapping step. The
 * rows are parsed by the job (executar.ts). Decision 020.
 */

const NOVA_LINHA = 0x0a;
const RETORNO = 0x0d;

/** Non-blank lines (not empty, not just `\r`) of a byte stream fed in pieces; a line may span pieces. */
class ContadorDeLinhas {
  naoVazias = 0;
  /** Bytes of the current line so far, and its first byte. */
  private tamanhoAtual = 0;
  private primeiro = 0;

  private contar(tamanho: number, unico: number | undefined) {
    if (tamanho > 1 || (tamanho === 1 && unico !== RETORNO)) this.naoVazias++;
  }

  acrescentar(b: Buffer): void {
    let inicio = 0;
    for (let i = b.indexOf(NOVA_LINHA); i !== -1; i = b.indexOf(NOVA_LINHA, i + 1)) {
      this.contar(this.tamanhoAtual + (i - inicio), this.tamanhoAtual > 0 ? this.primeiro : b[inicio]);
      inicio = i + 1;
      this.tamanhoAtual = 0;
    }
    if (b.length > inicio) {
      if (this.tamanhoAtual === 0) this.primeiro = b[inicio]!;
      this.tamanhoAtual += b.length - inicio;
    }
  }

  fim(): number {
    this.contar(this.tamanhoAtual, this.primeiro);
    this.tamanhoAtual = 0;
    return this.naoVazias;
  }
}

function* emPedacos(b: Buffer, tamanho: number) {
  for (let i = 0; i < b.length; i += tamanho) yield b.subarray(i, i + tamanho);
}

/**
 * Streams the upload into the parts of job `tarefaId` and answers what the mapping step shows.
 * Refuses with 413 a file over the size or the row limit as soon as it passes it, and with 400 a
 * file the upload can already tell is not a CSV (empty, only a header, a broken small file).
 */
export async function receberArquivo(db: Db, usuario: UsuarioContexto, tarefaId: string, arquivo: Readable): Promise<LeituraArquivo> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let codificacao: Codificacao = 'UTF-8';
  const linhas = new ContadorDeLinhas();
  const inicio: Buffer[] = [];
  let bytesNoInicio = 0;
  let pendentes: Buffer[] = [];
  let bytesPendentes = 0;
  let ordem = 0;
  let total = 0;

  const gravarPendentes = async () => {
    if (bytesPendentes === 0) return;
    const dados = Buffer.concat(pendentes, bytesPendentes);
    pendentes = [];
    bytesPendentes = 0;
    await gravarParte(db, usuario, tarefaId, ordem++, dados);
  };

  try {
    for await (const bloco of arquivo as AsyncIterable<Buffer>) {
      // A whole request body may come as one chunk (app.inject, a fast proxy): it is handled a part at a time.
      for (const pedaco of emPedacos(bloco, BYTES_POR_PARTE)) {
        total += pedaco.length;
        if (codificacao === 'UTF-8') {
          try {
            utf8.decode(pedaco, { stream: true });
          } catch {
            codificacao = 'WINDOWS-1252';
          }
        }
        linhas.acrescentar(pedaco);
        if (linhas.naoVazias - 1 > LIMITES_IMPORTACAO.linhasPorArquivo) throw erroLimiteLinhas();
        if (bytesNoInicio < BYTES_LIDOS_NO_ENVIO) {
          const parte = pedaco.subarray(0, BYTES_LIDOS_NO_ENVIO - bytesNoInicio);
          inicio.push(parte);
          bytesNoInicio += parte.length;
        }
        pendentes.push(pedaco);
        bytesPendentes += pedaco.length;
        if (bytesPendentes >= BYTES_POR_PARTE) await gravarPendentes();
        // Always a real turn of the loop: PGlite answers in microtasks, so awaiting it alone never lets timers or sockets in.
        await cederVez();
      }
    }
  } catch (e) {
    // Whatever is left of the body is discarded, not parsed: the reply does not wait for it.
    arquivo.resume();
    if (e instanceof ErroApi) throw e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ErroApi(413, MENSAGEM_LIMITE_BYTES);
    throw erro.requisicao('Não foi possível ler o arquivo enviado.');
  }
  // Past the multipart limit the stream just ends, marked truncated.
  if ((arquivo as Readable & { truncated?: boolean }).truncated) throw new ErroApi(413, MENSAGEM_LIMITE_BYTES);
  await gravarPendentes();
  if (codificacao === 'UTF-8') {
    try {
      utf8.decode();
    } catch {
      codificacao = 'WINDOWS-1252';
    }
  }
  const naoVazias = linhas.fim();
  if (naoVazias - 1 > LIMITES_IMPORTACAO.linhasPorArquivo) throw erroLimiteLinhas();
  return lerInicio(Buffer.concat(inicio, bytesNoInicio), total <= BYTES_LIDOS_NO_ENVIO, codificacao, naoVazias);
}
