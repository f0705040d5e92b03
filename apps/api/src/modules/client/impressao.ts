import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  filtroAniversariantesSchema,
  filtroClienteSchema,
  formatarData,
  formatarDocumentoCliente,
  formatarTelefone,
  LIMITE_IMPRESSAO_CLIENTES,
  PODE_CONSULTAR_CLIENTES,
  PODE_EXPORTAR_CLIENTES,
  ROTULOS_STATUS_CLIENTE,
  type Aniversariante,
  type ClienteResumo,
} from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { relatorioPdf } from '../../lib/pdf.js';
import { empresaDe, transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { listarAniversariantes } from './aniversariantes.js';
import { listarClientes } from './client.repository.js';

const LIMITE_FORMATADO = LIMITE_IMPRESSAO_CLIENTES.toLocaleString('pt-BR');
export const MENSAGEM_LIMITE_IMPRESSAO = `A impressão traz até ${LIMITE_FORMATADO} clientes: filtre mais ou use a exportação em CSV/XLSX.`;
export const MENSAGEM_LIMITE_ANIVERSARIANTES = `A impressão traz até ${LIMITE_FORMATADO} aniversariantes: escolha uma filial ou um período menor.`;

const MESES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

async function nomeDaRede(tx: Executor, empresaId: number): Promise<string> {
  const [e] = await tx.select({ nome: empresa.nome }).from(empresa).where(eq(empresa.id, empresaId)).limit(1);
  return e?.nome ?? '';
}

async function nomeDaFilial(tx: Executor, empresaId: number, filialId: number | undefined): Promise<string | null> {
  if (!filialId) return null;
  const [e] = await tx.select({ nome: empresa.nomeCurto }).from(empresa).where(and(eq(empresa.id, filialId), eq(empresa.matrizId, empresaId))).limit(1);
  return e?.nome ?? null;
}

function enviarPdf(reply: FastifyReply, nome: string, pdf: Buffer) {
  return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${nome}"`).header('cache-control', 'no-store').send(pdf);
}

const diaMes = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

function descreverPeriodo(inicio: number, fim: number, ano: number): string {
  const mesInicio = Math.floor(inicio / 100);
  if (mesInicio === Math.floor(fim / 100) && inicio % 100 === 1 && fim % 100 === 31) return `Aniversariantes de ${MESES[mesInicio - 1]} de ${ano}`;
  const dm = (n: number) => `${String(n % 100).padStart(2, '0')}/${String(Math.floor(n / 100)).padStart(2, '0')}`;
  return `Aniversariantes de ${dm(inicio)} a ${dm(fim)} (${ano})`;
}

/** client/imprimir and client/aniversariantes/impressao: printable A4 lists (spec §7 "Clients"). */
export async function impressaoRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cliente'];

  rotas.post(
    '/client/aniversariantes/impressao',
    { schema: { tags, body: filtroAniversariantesSchema }, config: { permissoes: PODE_CONSULTAR_CLIENTES } },
    async (request, reply) => {
      const empresaId = empresaDe(request);
      const dados = await transacaoDoUsuario(request, async (tx) => {
        const r = await listarAniversariantes(tx, empresaId, request.body, LIMITE_IMPRESSAO_CLIENTES + 1, 0);
        if (r.itens.length > LIMITE_IMPRESSAO_CLIENTES) throw erro.requisicao(MENSAGEM_LIMITE_ANIVERSARIANTES);
        return { ...r, rede: await nomeDaRede(tx, empresaId), filial: await nomeDaFilial(tx, empresaId, request.body.filialOrigemId) };
      });
      const { periodo } = dados;
      const pdf = await relatorioPdf<Aniversariante>({
        titulo: descreverPeriodo(periodo.inicio, periodo.fim, periodo.ano),
        empresa: dados.rede,
        subtitulo: dados.filial ? `Filial de origem: ${dados.filial}` : 'Todas as lojas',
        resumo: [['Aniversariantes', String(dados.total)]],
        linhas: dados.itens,
        colunas: [
          { titulo: 'Dia', valor: (a) => diaMes(a.aniversario), largura: 'auto' },
          { titulo: 'Cliente', valor: (a) => a.nome },
          { titulo: 'Faz', valor: (a) => `${a.idade} anos`, largura: 'auto', alinhamento: 'right' },
          { titulo: 'Celular', valor: (a) => formatarTelefone(a.celular) || '—', largura: 'auto' },
          // "Sim" only with both: the number is on WhatsApp and the customer agreed to be messaged there.
          { titulo: 'WhatsApp', valor: (a) => (a.celularWhatsapp && a.consentimentoWhatsapp ? 'Sim' : 'Não'), largura: 'auto' },
          { titulo: 'Filial', valor: (a) => a.filialOrigemNome ?? '—', largura: 'auto' },
        ],
      });
      return enviarPdf(reply, 'aniversariantes.pdf', pdf);
    },
  );

  // The customer base on paper carries personal data: who printed it, and with which filter, is recorded.
  rotas.post(
    '/client/imprimir',
    { schema: { tags, body: filtroClienteSchema }, config: { permissoes: PODE_EXPORTAR_CLIENTES } },
    async (request, reply) => {
      const u = usuarioDe(request);
      const empresaId = empresaDe(request);
      const dados = await transacaoDoUsuario(request, async (tx) => {
        const r = await listarClientes(tx, u, request.body, 0, LIMITE_IMPRESSAO_CLIENTES + 1);
        if (r.itens.length > LIMITE_IMPRESSAO_CLIENTES) throw erro.requisicao(MENSAGEM_LIMITE_IMPRESSAO);
        await auditar(tx, request, { acao: 'IMPRIMIR', entidade: 'cliente', depois: { filtro: request.body, quantidade: r.total } });
        return { ...r, rede: await nomeDaRede(tx, empresaId), filial: await nomeDaFilial(tx, empresaId, request.body.filialOrigemId) };
      });
      const f = request.body;
      const subtitulo = [
        f.busca ? `Busca: "${f.busca}"` : null,
        f.status ? `Situação: ${ROTULOS_STATUS_CLIENTE[f.status]}` : null,
        dados.filial ? `Filial de origem: ${dados.filial}` : null,
        f.aniversarioMes ? `Aniversário em ${MESES[f.aniversarioMes - 1]}` : null,
      ]
        .filter(Boolean)
        .join(' · ');
      const pdf = await relatorioPdf<ClienteResumo>({
        titulo: 'Clientes',
        empresa: dados.rede,
        subtitulo: subtitulo || undefined,
        paisagem: true,
        resumo: [['Clientes', String(dados.total)]],
        linhas: dados.itens,
        colunas: [
          { titulo: 'Nome', valor: (c) => c.nome },
          { titulo: 'CPF/CNPJ', valor: (c) => formatarDocumentoCliente(c.documento) || '—', largura: 'auto' },
          { titulo: 'Celular', valor: (c) => formatarTelefone(c.celular) || '—', largura: 'auto' },
          { titulo: 'E-mail', valor: (c) => c.email ?? '—' },
          { titulo: 'Nascimento', valor: (c) => formatarData(c.dataNascimento) || '—', largura: 'auto' },
          { titulo: 'Filial', valor: (c) => c.filialOrigemNome ?? '—', largura: 'auto' },
          { titulo: 'Situação', valor: (c) => ROTULOS_STATUS_CLIENTE[c.status], largura: 'auto' },
          { titulo: 'Cadastro', valor: (c) => formatarData(c.criadoEm), largura: 'auto' },
        ],
      });
      return enviarPdf(reply, 'clientes.pdf', pdf);
    },
  );
}
