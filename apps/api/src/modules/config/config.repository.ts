import { eq, inArray, like, not, sql } from 'drizzle-orm';
import { CHAVES_CONFIG, PADROES_CONFIG, type CampoConfigSistema, type ImagemSistema } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { configSistema } from '../../db/schema/index.js';

/**
 * Images of the white label live in `config_sistema` too, as JSON `{ mime, base64 }` under this
 * prefix: a handful of small files that the whole platform shares, not worth a table of their own
 * (docs/areas/sistema.md). They never go out through `config/configs`.
 */
export const PREFIXO_IMAGEM = 'imagem_';

export async function lerConfig(db: Executor, chave: string): Promise<string | null> {
  const [l] = await db.select({ valor: configSistema.valor }).from(configSistema).where(eq(configSistema.chave, chave)).limit(1);
  return l?.valor ?? null;
}

/** Every setting (no images), keyed by table key; `somentePublicas` for callers who are not the administrator. */
export async function lerConfigs(db: Executor, somentePublicas: boolean): Promise<{ chave: string; valor: string }[]> {
  return db
    .select({ chave: configSistema.chave, valor: configSistema.valor })
    .from(configSistema)
    .where(somentePublicas ? eq(configSistema.publica, true) : not(like(configSistema.chave, `${PREFIXO_IMAGEM}%`)))
    .orderBy(configSistema.chave);
}

/** The known settings as an object, with the defaults where a row is absent. */
export async function lerConfigSistema(db: Executor) {
  const campos = Object.keys(CHAVES_CONFIG) as CampoConfigSistema[];
  const linhas = await db
    .select({ chave: configSistema.chave, valor: configSistema.valor })
    .from(configSistema)
    .where(inArray(configSistema.chave, campos.map((c) => CHAVES_CONFIG[c].chave)));
  const porChave = new Map(linhas.map((l) => [l.chave, l.valor]));
  const texto = (c: CampoConfigSistema) => porChave.get(CHAVES_CONFIG[c].chave) || null;
  const numero = (c: CampoConfigSistema, padrao: number) => {
    const n = Number(porChave.get(CHAVES_CONFIG[c].chave));
    return Number.isInteger(n) && porChave.get(CHAVES_CONFIG[c].chave) !== undefined ? n : padrao;
  };
  return {
    nomeSistema: texto('nomeSistema') ?? PADROES_CONFIG.nomeSistema,
    urlPublica: texto('urlPublica'),
    urlAjuda: texto('urlAjuda'),
    emailSuporte: texto('emailSuporte'),
    whatsSuporte: texto('whatsSuporte'),
    telefoneSuporte: texto('telefoneSuporte'),
    diasExperimental: numero('diasExperimental', PADROES_CONFIG.diasExperimental),
    limiteImagemKb: numero('limiteImagemKb', PADROES_CONFIG.limiteImagemKb),
    corPrimaria: texto('corPrimaria'),
    textoLogin: texto('textoLogin'),
  };
}
export type ConfigSistemaLida = Awaited<ReturnType<typeof lerConfigSistema>>;

export async function gravarConfigs(tx: Executor, valores: Partial<Record<CampoConfigSistema, string | number>>): Promise<void> {
  for (const [campo, valor] of Object.entries(valores) as [CampoConfigSistema, string | number | undefined][]) {
    if (valor === undefined) continue;
    const { chave, publica } = CHAVES_CONFIG[campo];
    await tx
      .insert(configSistema)
      .values({ chave, valor: String(valor), publica })
      .onConflictDoUpdate({ target: configSistema.chave, set: { valor: String(valor), publica, atualizadoEm: sql`now()` } });
  }
}

/** `versao` changes with each upload: the web adds it to the address, so a new logo shows at once despite caches. */
export type ImagemGuardada = { mime: string; dados: Buffer; versao: number };

export async function lerImagemSistema(db: Executor, tipo: ImagemSistema): Promise<ImagemGuardada | null> {
  const [l] = await db
    .select({ valor: configSistema.valor, atualizadoEm: configSistema.atualizadoEm })
    .from(configSistema)
    .where(eq(configSistema.chave, PREFIXO_IMAGEM + tipo))
    .limit(1);
  if (!l) return null;
  const { mime, base64 } = JSON.parse(l.valor) as { mime: string; base64: string };
  return { mime, dados: Buffer.from(base64, 'base64'), versao: l.atualizadoEm.getTime() };
}

export async function gravarImagemSistema(tx: Executor, tipo: ImagemSistema, imagem: { mime: string; base64: string } | null): Promise<void> {
  const chave = PREFIXO_IMAGEM + tipo;
  if (!imagem) {
    await tx.delete(configSistema).where(eq(configSistema.chave, chave));
    return;
  }
  const valor = JSON.stringify(imagem);
  await tx
    .insert(configSistema)
    .values({ chave, valor, publica: false })
    .onConflictDoUpdate({ target: configSistema.chave, set: { valor, atualizadoEm: sql`now()` } });
}
