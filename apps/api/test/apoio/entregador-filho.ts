/**
 * An outbox worker in its own process, for the crash test (mensagem-saida-queda.test.ts): the parent
 * kills it with SIGKILL mid-batch and starts it again. Same code path as the pg-boss job: the delivery
 * loop on the database of DATABASE_URL, through the sandbox gateway (whose state lives in that database,
 * like a real gateway's lives on its server, so it outlives the worker).
 */
import { abrirBanco } from '../../src/db/client.js';
import { whatsappSandbox } from '../../src/adapters/whatsapp/whatsapp-sandbox.js';
import { entregarAte, reconciliar } from '../../src/modules/mensagem/index.js';

const banco = await abrirBanco({ databaseUrl: process.env.DATABASE_URL!, poolMax: 6 });
const sandbox = whatsappSandbox(banco.db, { automatico: false, atrasoMs: 1000, taxaFalha: 0 });
// At start, as the app does: only rows ENVIANDO for longer than the limit (none this young here).
await reconciliar(banco.db, { gateway: () => sandbox });
// The parent waits for this line before it starts counting to the kill.
process.stdout.write('PRONTO\n');
const totais = await entregarAte(banco.db, { gateway: () => sandbox, continuar: () => true, paralelos: 5, pararQuandoVazio: true, sonecaMaximaMs: 20 });
process.stdout.write(JSON.stringify(totais));
await banco.close();
