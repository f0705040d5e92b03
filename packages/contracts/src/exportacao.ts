import { z } from 'zod';
import { filtroClienteSchema } from './client.js';

/** Spreadsheet formats of the exportar calls: CSV for Excel pt-BR (`;`, UTF-8 with BOM) or XLSX. */
export const FORMATOS_EXPORTACAO = ['CSV', 'XLSX'] as const;
export type FormatoExportacao = (typeof FORMATOS_EXPORTACAO)[number];

export const formatoExportacaoSchema = z.enum(FORMATOS_EXPORTACAO, { message: 'Formato inválido: use CSV ou XLSX.' });

/**
 * POST client/exportar and POST client/relatorio/assincrono: the filters of client/filterpaginated
 * plus the format. The rows come in code (id) order: the export reads by keyset, not by page.
 */
export const exportarClientesSchema = filtroClienteSchema.extend({ formato: formatoExportacaoSchema.default('CSV') }).strict();
export type ExportarClientes = z.output<typeof exportarClientesSchema>;
export type ExportarClientesEntrada = z.input<typeof exportarClientesSchema>;

/** POST client/relatorio/assincrono → result: the job to poll at status/assincrono/{id}. */
export type TarefaCriada = { id: string };

