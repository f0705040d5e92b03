import { carregarConfig } from '../config.js';
import { abrirBanco } from './client.js';
import { migrar } from './migrate.js';
import { semearDemo, SENHA_DEMO, USUARIOS_DEMO } from './seed.js';

/** `npm run db:seed:demo`: demo data on a PostgreSQL server (or the embedded database), only if empty. */
const config = carregarConfig();
const banco = await abrirBanco({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrar(banco);
  const feito = await semearDemo(banco.db, { publicUrl: config.publicUrl, argon2: config.argon2 });
  console.log(feito ? `Dados de demonstração criados. Usuários (senha ${SENHA_DEMO}): ${USUARIOS_DEMO.map((u) => u.username).join(', ')}` : 'O banco já tem empresas: nada foi criado.');
} finally {
  await banco.close();
}
