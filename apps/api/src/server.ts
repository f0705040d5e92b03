import { construirApp } from './app.js';
import { carregarConfig } from './config.js';
import { abrirBanco } from './db/client.js';
import { migrar } from './db/migrate.js';
import { garantirDadosBase, semearDemo, SENHA_DEMO, USUARIOS_DEMO } from './db/seed.js';
import { limparSessoesVencidas } from './lib/sessao-store.js';
import { limparTentativasAntigas } from './lib/tentativas-login.js';

const config = carregarConfig();
const banco = await abrirBanco({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
await migrar(banco);
await garantirDadosBase(banco.db);
const semeado = config.demoSeed ? await semearDemo(banco.db, { publicUrl: config.publicUrl, argon2: config.argon2 }) : false;

const app = await construirApp({ config, banco });
if (semeado) {
  app.log.info(
    { usuarios: USUARIOS_DEMO.map((u) => `${u.username} — ${u.papel}`), senha: SENHA_DEMO },
    `Dados de demonstração criados. Entre com um destes usuários e a senha ${SENHA_DEMO}.`,
  );
}

const limpeza = setInterval(() => {
  limparSessoesVencidas(banco.db).catch((e) => app.log.warn({ err: e }, 'limpeza de sessões falhou'));
  limparTentativasAntigas(banco.db, config.tentativas.janelaMs).catch((e) => app.log.warn({ err: e }, 'limpeza de tentativas falhou'));
}, 10 * 60_000);
limpeza.unref();

let encerrando = false;
/** Stop accepting, let in-flight requests finish, then close the database (issue 2 §1). */
async function encerrar(sinal: string) {
  if (encerrando) return;
  encerrando = true;
  app.log.info({ sinal }, 'encerrando');
  const forcar = setTimeout(() => process.exit(1), 15_000);
  forcar.unref();
  try {
    await app.close();
    await banco.close();
    process.exit(0);
  } catch (e) {
    app.log.error({ err: e }, 'erro ao encerrar');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void encerrar('SIGTERM'));
process.on('SIGINT', () => void encerrar('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Bonifica no ar em ${config.publicUrl} (banco: ${banco.engine === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL'})`);
