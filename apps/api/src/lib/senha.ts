import { hash, verify } from '@node-rs/argon2';

export type ParametrosArgon2 = { memoryCost: number; timeCost: number };

/** OWASP minimum for argon2id: m ≥ 19 MiB, t ≥ 2, p = 1. */
export const ARGON2_PADRAO: ParametrosArgon2 = { memoryCost: 19_456, timeCost: 2 };

export function gerarHashSenha(senha: string, p: ParametrosArgon2 = ARGON2_PADRAO): Promise<string> {
  return hash(senha, { algorithm: 2 /* Argon2id; the enum is a const enum that isolatedModules cannot read */, memoryCost: p.memoryCost, timeCost: p.timeCost, parallelism: 1 });
}

export async function conferirSenha(hashGuardado: string, senha: string): Promise<boolean> {
  try {
    return await verify(hashGuardado, senha);
  } catch {
    return false;
  }
}

let hashFicticio: Promise<string> | null = null;
/** Verifying against a throwaway hash when the user does not exist keeps both answers equally slow. */
export function hashParaUsuarioInexistente(): Promise<string> {
  hashFicticio ??= gerarHashSenha('usuario-inexistente-' + Math.random());
  return hashFicticio;
}
