import { eq, inArray, sql } from 'drizzle-orm';
import { CHAVES_CONFIG, PADROES_CONFIG, type CampoConfigSistema } from '@bonifica/contracts';
import type { Executor } from '../../db/client.js';
import { configSistema } from '../../db/schema/index.js';

export async function lerConfig(db: Executor, chave: string): Promise<string | null> {
  const [l] = await db.select({ valor: configSistema.valor }).from(configSistema).where(eq(configSistema.chave, chave)).limit(1);
  return l?.valor ?? null;
}

/** Every setting, keyed by table key; `somentePublicas` for callers who are not the administrator. */
export async function lerConfigs(db: Executor, somentePublicas: boolean): Promise<{ chave: string; valor: string }[]> {
  return db
    .select({ chave: configSistema.chave, valor: configSistema.valor })
    .from(configSistema)
    .where(somentePublicas ? eq(configSistema.publica, true) : undefined)
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
